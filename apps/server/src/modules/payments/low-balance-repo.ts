import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** The SQL of the low-balance threshold an agency sets and of the alerts' mail outbox. */

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

/** Alerts not mailed yet, oldest first, with whom to mail them to (no owner: null fields). */
export function unmailedAlerts(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('low_balance_alerts as a')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .leftJoin('users as u', (join) =>
      join.onRef('u.company_id', '=', 'a.company_id').on('u.is_owner', '=', true),
    )
    .select([
      'a.id',
      'a.available_minor',
      'a.threshold_minor',
      'a.currency',
      'a.created_at',
      'c.name as company_name',
      'u.name as owner_name',
      'u.email as owner_email',
    ])
    .where('a.mailed_at', 'is', null)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .limit(limit)
    .execute();
}

export type UnmailedAlert = Awaited<ReturnType<typeof unmailedAlerts>>[number];

export async function markAlertMailed(db: Kysely<Database>, id: string, at: Date): Promise<void> {
  await db
    .updateTable('low_balance_alerts')
    .set({ mailed_at: at })
    .where('id', '=', id)
    .where('mailed_at', 'is', null)
    .execute();
}
