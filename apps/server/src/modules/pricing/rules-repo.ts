import type { Kysely } from 'kysely';
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

export type PricingRuleRow = Awaited<ReturnType<typeof listRules>>[number];

/** The owner's rules in their order. */
export async function listRules(db: Kysely<Database>, companyId: string | null) {
  return db
    .selectFrom('pricing_rules')
    .select(COLUMNS)
    .where((eb) => (companyId === null ? eb('company_id', 'is', null) : eb('company_id', '=', companyId)))
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
