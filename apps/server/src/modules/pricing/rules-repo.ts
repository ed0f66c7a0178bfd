import type { ExpressionBuilder, Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** Pricing rules (migration 0025): an agency's (companyId) or the platform's (null). */

const COLUMNS = [
  'id',
  'company_id',
  'kind',
  'name',
  'enabled',
  'position',
  'match',
  'percent_bps',
  'fixed_minor',
  'fixed_per',
  'rounding',
  'event',
  'supplier_markup',
  'created_at',
  'updated_at',
] as const;

type Owner = string | null;
const ofOwner = (companyId: Owner) => (eb: ExpressionBuilder<Database, 'pricing_rules'>) =>
  companyId === null ? eb('company_id', 'is', null) : eb('company_id', '=', companyId);

export type PricingRuleRow = Awaited<ReturnType<typeof listRules>>[number];

/** The owner's rules in their order. */
export async function listRules(db: Kysely<Database>, companyId: Owner) {
  return db
    .selectFrom('pricing_rules')
    .select(COLUMNS)
    .where(ofOwner(companyId))
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The owner's rules locked in their order: two writers of one owner's order queue, never cross. */
export const lockRules = (trx: Transaction<Database>, companyId: Owner) =>
  trx
    .selectFrom('pricing_rules')
    .select(COLUMNS)
    .where(ofOwner(companyId))
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute();

/** One of the owner's rules, locked; undefined for another owner's or an unknown one. */
export const lockRule = (trx: Transaction<Database>, companyId: Owner, id: string) =>
  trx
    .selectFrom('pricing_rules')
    .select(COLUMNS)
    .where(ofOwner(companyId))
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const insertRule = (trx: Transaction<Database>, values: Insertable<Database['pricing_rules']>) =>
  trx.insertInto('pricing_rules').values(values).returning(COLUMNS).executeTakeFirstOrThrow();

export const updateRule = (
  trx: Transaction<Database>,
  id: string,
  values: Updateable<Database['pricing_rules']>,
) =>
  trx
    .updateTable('pricing_rules')
    .set(values)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();

export const deleteRule = (trx: Transaction<Database>, id: string) =>
  trx.deleteFrom('pricing_rules').where('id', '=', id).execute();

export const setPosition = (trx: Transaction<Database>, id: string, position: number, by: string, at: Date) =>
  trx
    .updateTable('pricing_rules')
    .set({ position, updated_by: by, updated_at: at })
    .where('id', '=', id)
    .execute();
