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
    .select(['balance_minor', 'currency'])
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Appends one entry and moves the (locked) balance row to `balanceAfterMinor`. */
export async function appendEntry(
  trx: Transaction<Database>,
  entry: {
    companyId: string;
    kind: LedgerKind;
    amountMinor: number;
    balanceAfterMinor: number;
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('credit_balances')
    .set({ balance_minor: entry.balanceAfterMinor, updated_at: new Date() })
    .where('company_id', '=', entry.companyId)
    .execute();
  return row.id;
}

/** The balance in minor units (zero before the first entry) and its currency. */
export async function readBalance(db: Kysely<Database>, companyId: string) {
  const row = await db
    .selectFrom('companies')
    .leftJoin('credit_balances', 'credit_balances.company_id', 'companies.id')
    .select(['companies.currency', 'credit_balances.balance_minor'])
    .where('companies.id', '=', companyId)
    .executeTakeFirstOrThrow();
  return { balanceMinor: row.balance_minor ?? 0, currency: row.currency };
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
