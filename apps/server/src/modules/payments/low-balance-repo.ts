import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** The SQL of the low-balance threshold an agency sets. */

/** Sets the agency's own threshold (null: back to the default) on its locked balance row. */
export async function setLowBalanceThreshold(
  trx: Transaction<Database>,
  companyId: string,
  thresholdMinor: number | null,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('credit_balances')
    .set({ low_balance_threshold_minor: thresholdMinor, updated_at: at })
    .where('company_id', '=', companyId)
    .execute();
}
