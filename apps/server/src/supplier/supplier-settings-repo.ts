import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';

/** The suppliers' switches, and the rates in force on a day (migration 0015). */

export async function listSupplierSettings(db: Kysely<Database>) {
  return db
    .selectFrom('supplier_settings')
    .select(['code', 'enabled', 'updated_by', 'updated_at'])
    .orderBy('code')
    .execute();
}

/** For each currency, the rate of the latest effective date on or before `day` ('YYYY-MM-DD'). */
export async function ratesInForce(db: Kysely<Database>, day: string) {
  return db
    .selectFrom('currency_rates')
    .distinctOn('currency')
    .select(['currency', 'rate', 'effective_on'])
    .where('effective_on', '<=', day)
    .orderBy('currency')
    .orderBy('effective_on', 'desc')
    .execute();
}
