import { RuleMatch } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;
type SupplierCode = Database['supplier_settings']['code'];

/**
 * A supplier's "markup" is its own platform pricing rule (issue 33, migration 0025: the rule with
 * `supplier_markup` = its code); none is 0 % and 0.
 */
const SETTING_COLUMNS = [
  's.code',
  's.enabled',
  'r.id as markup_rule_id',
  'r.percent_bps as markup_bps',
  'r.fixed_minor as markup_fixed_minor',
  's.updated_by',
  's.updated_at',
  'o.name as updated_by_name',
] as const;

export const listSettings = (db: Db) =>
  db
    .selectFrom('supplier_settings as s')
    .leftJoin('operators as o', 'o.id', 's.updated_by')
    .leftJoin('pricing_rules as r', 'r.supplier_markup', 's.code')
    .select(SETTING_COLUMNS)
    .orderBy('s.code')
    .execute();

export type SettingRow = Awaited<ReturnType<typeof listSettings>>[number];

export const lockSetting = (trx: Transaction<Database>, code: SupplierCode) =>
  trx
    .selectFrom('supplier_settings as s')
    .leftJoin('operators as o', 'o.id', 's.updated_by')
    .leftJoin('pricing_rules as r', 'r.supplier_markup', 's.code')
    .select(SETTING_COLUMNS)
    .where('s.code', '=', code)
    .forUpdate('s')
    .executeTakeFirst();

/** Every supplier's row locked in one order (by code): two operators' changes queue, never cross. */
export const lockAllSettings = (trx: Transaction<Database>) =>
  trx.selectFrom('supplier_settings').select(['code', 'enabled']).orderBy('code').forUpdate().execute();

export const updateSetting = (
  trx: Transaction<Database>,
  code: SupplierCode,
  fields: {
    enabled: boolean;
    updated_by: string;
    updated_at: Date;
  },
) => trx.updateTable('supplier_settings').set(fields).where('code', '=', code).execute();

const SUPPLIER_NAMES: Record<SupplierCode, string> = { sandbox: 'Sandbox markup', duffel: 'Duffel markup' };

/**
 * Writes the supplier's own platform rule: a percentage and a fixed amount per passenger on every
 * offer of that supplier. Both 0 deletes it (a 0 % rule naming the supplier would outrank any
 * broader platform rule); a new one goes last in the platform's order.
 */
export async function saveSupplierMarkup(
  trx: Transaction<Database>,
  code: SupplierCode,
  markup: { bps: number; fixedMinor: number },
  by: string,
  at: Date,
) {
  const existing = await trx
    .selectFrom('pricing_rules')
    .select('id')
    .where('supplier_markup', '=', code)
    .forUpdate()
    .executeTakeFirst();
  if (markup.bps === 0 && markup.fixedMinor === 0) {
    if (existing) await trx.deleteFrom('pricing_rules').where('id', '=', existing.id).execute();
    return;
  }
  const value = {
    percent_bps: markup.bps === 0 ? null : markup.bps,
    fixed_minor: markup.fixedMinor === 0 ? null : markup.fixedMinor,
    updated_by: by,
    updated_at: at,
  };
  if (existing) {
    await trx.updateTable('pricing_rules').set(value).where('id', '=', existing.id).execute();
    return;
  }
  const last = await trx
    .selectFrom('pricing_rules')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('company_id', 'is', null)
    .executeTakeFirst();
  await trx
    .insertInto('pricing_rules')
    .values({
      ...value,
      company_id: null,
      kind: 'markup',
      name: SUPPLIER_NAMES[code],
      position: (last?.position ?? -1) + 1,
      match: JSON.stringify(RuleMatch.parse({ supplier: code })),
      fixed_per: 'passenger',
      supplier_markup: code,
      created_by: by,
      created_at: at,
    })
    .execute();
}

export const listRates = (db: Db) =>
  db
    .selectFrom('currency_rates as r')
    .leftJoin('operators as o', 'o.id', 'r.set_by')
    .select([
      'r.id',
      'r.currency',
      'r.rate',
      'r.effective_on',
      'r.set_by',
      'r.created_at',
      'o.name as set_by_name',
    ])
    .orderBy('r.currency')
    .orderBy('r.effective_on', 'desc')
    .execute();

export type RateRow = Awaited<ReturnType<typeof listRates>>[number];

export const rateOn = (trx: Transaction<Database>, currency: string, effectiveOn: string) =>
  trx
    .selectFrom('currency_rates')
    .select(['id', 'rate'])
    .where('currency', '=', currency)
    .where('effective_on', '=', effectiveOn)
    .forUpdate()
    .executeTakeFirst();

/** Sets a currency's rate from a day; the same currency and day again replaces it. */
export const upsertRate = (
  trx: Transaction<Database>,
  rate: { currency: string; rate: number; effective_on: string; set_by: string; at: Date },
) =>
  trx
    .insertInto('currency_rates')
    .values({
      currency: rate.currency,
      rate: rate.rate,
      effective_on: rate.effective_on,
      set_by: rate.set_by,
      created_at: rate.at,
    })
    .onConflict((oc) =>
      oc.columns(['currency', 'effective_on']).doUpdateSet({ rate: rate.rate, set_by: rate.set_by }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
