import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;
type SupplierCode = Database['supplier_settings']['code'];

const SETTING_COLUMNS = [
  's.code',
  's.enabled',
  's.markup_bps',
  's.markup_fixed_minor',
  's.updated_by',
  's.updated_at',
  'o.name as updated_by_name',
] as const;

export const listSettings = (db: Db) =>
  db
    .selectFrom('supplier_settings as s')
    .leftJoin('operators as o', 'o.id', 's.updated_by')
    .select(SETTING_COLUMNS)
    .orderBy('s.code')
    .execute();

export type SettingRow = Awaited<ReturnType<typeof listSettings>>[number];

export const lockSetting = (trx: Transaction<Database>, code: SupplierCode) =>
  trx
    .selectFrom('supplier_settings as s')
    .leftJoin('operators as o', 'o.id', 's.updated_by')
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
    markup_bps: number;
    markup_fixed_minor: number;
    updated_by: string;
    updated_at: Date;
  },
) => trx.updateTable('supplier_settings').set(fields).where('code', '=', code).execute();

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
