import type { LedgerKind } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** Locks the company's balance row (creating it at zero the first time) and returns it. */
export async function lockBalance(trx: Transaction<Database>, companyId: string) {
  const company = await trx
    .selectFrom('companies')
    .select('currency')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('credit_balances')
    .values({ company_id: companyId, currency: company.currency })
    .onConflict((conflict) => conflict.column('company_id').doNothing())
    .execute();
  return trx
    .selectFrom('credit_balances')
    .select([
      'balance_minor',
      'currency',
      'credit_limit_minor',
      'entry_count',
      'credits_total_minor',
      'low_balance_threshold_minor',
      'low_balance_alerted_at',
    ])
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export type LockedBalance = Awaited<ReturnType<typeof lockBalance>>;

/**
 * Appends one entry as line `seq` of the company's ledger and moves the (locked) balance row to
 * `balanceAfterMinor`, its line count to `seq` and its credits so far to `creditsAfterMinor`.
 */
export async function appendEntry(
  trx: Transaction<Database>,
  entry: {
    companyId: string;
    seq: number;
    kind: LedgerKind;
    amountMinor: number;
    balanceAfterMinor: number;
    /** The company's credits (positive amounts) so far, this entry included. */
    creditsAfterMinor: number;
    currency: string;
    bookingId: string | null;
    transactionId: string | null;
    note: string | null;
    userId: string | null;
  },
) {
  const row = await trx
    .insertInto('ledger_entries')
    .values({
      company_id: entry.companyId,
      kind: entry.kind,
      amount_minor: entry.amountMinor,
      balance_after_minor: entry.balanceAfterMinor,
      currency: entry.currency,
      booking_id: entry.bookingId,
      transaction_id: entry.transactionId,
      note: entry.note,
      created_by: entry.userId,
      seq: entry.seq,
      credits_after_minor: entry.creditsAfterMinor,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('credit_balances')
    .set({
      balance_minor: entry.balanceAfterMinor,
      entry_count: entry.seq,
      credits_total_minor: entry.creditsAfterMinor,
      updated_at: new Date(),
    })
    .where('company_id', '=', entry.companyId)
    .execute();
  return row.id;
}

/** The balance in minor units (zero before the first entry) and its currency. */
export async function readBalance(db: Kysely<Database>, companyId: string) {
  const row = await readCreditRow(db, companyId);
  return { balanceMinor: row.balance_minor, currency: row.currency };
}

/** The ledger's sum, for integrity checks: it must always equal the balance row. */
export async function ledgerSum(db: Kysely<Database>, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), eb.lit(0)).as('sum'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

/** Marks (or clears, with null) that the owner was told of a low balance. */
export async function setLowBalanceAlerted(
  trx: Transaction<Database>,
  companyId: string,
  at: Date | null,
): Promise<void> {
  await trx
    .updateTable('credit_balances')
    .set({ low_balance_alerted_at: at })
    .where('company_id', '=', companyId)
    .execute();
}

/** The owner's user id: low-balance alerts are theirs. */
export async function ownerIdOf(trx: Transaction<Database>, companyId: string): Promise<string | null> {
  const row = await trx
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('is_owner', '=', true)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The balance row as it stands (zeros before the first entry), without locking it. */
export async function readCreditRow(db: Kysely<Database>, companyId: string) {
  const row = await db
    .selectFrom('companies')
    .leftJoin('credit_balances', 'credit_balances.company_id', 'companies.id')
    .select([
      'companies.currency',
      'credit_balances.balance_minor',
      'credit_balances.credit_limit_minor',
      'credit_balances.low_balance_threshold_minor',
    ])
    .where('companies.id', '=', companyId)
    .executeTakeFirstOrThrow();
  return {
    currency: row.currency,
    balance_minor: row.balance_minor ?? 0,
    credit_limit_minor: row.credit_limit_minor ?? 0,
    low_balance_threshold_minor: row.low_balance_threshold_minor ?? null,
  };
}

/** The amount of the company's last approved deposit, in minor units (0 before the first). */
export async function lastDepositMinor(db: Kysely<Database>, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select('amount_minor')
    .where('company_id', '=', companyId)
    .where('kind', '=', 'deposit')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.amount_minor ?? 0;
}

/** The total of the company's deposits waiting for an operator. */
export async function pendingDepositsMinor(db: Kysely<Database>, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('deposit_transactions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), eb.lit(0)).as('sum'))
    .where('company_id', '=', companyId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}
