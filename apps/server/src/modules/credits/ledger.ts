import { AppError, type LedgerKind, SERVER } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/**
 * The credits ledger (DESIGN.md §5): every change of an agency's balance is one append-only entry,
 * posted while the company's balance row is locked, so the balance always equals the ledger's sum
 * and never goes below zero whatever the concurrency. Call it inside the transaction that makes
 * the change it pays for (a ticket, a void, a refund), so both happen or neither does.
 */

export type LedgerPosting = {
  companyId: string;
  kind: LedgerKind;
  /** Signed minor units: negative debits (tickets), positive credits (deposits, voids, refunds). */
  amountMinor: number;
  bookingId?: string | null;
  transactionId?: string | null;
  note?: string | null;
  userId?: string | null;
};

export type PostedEntry = { id: string; balanceAfterMinor: number; currency: string };

/** Locks the company's balance row (creating it at zero the first time) and returns it. */
async function lockBalance(trx: Transaction<Database>, companyId: string) {
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

/** What an agency may spend (DESIGN.md §5), in minor units. */
export type AvailableCredits = {
  balanceMinor: number;
  /** The overdraft an operator grants; none can be granted yet, so 0 for every agency. */
  creditLimitMinor: number;
  /** balance + credit limit */
  availableMinor: number;
  currency: string;
};

/**
 * The one place "available credits" is worked out: the issue that adds operator-granted credit
 * limits reads the limit here, and every rule that bounds spending (the hold limits) follows.
 */
function availableCredits(balance: { balance_minor: number; currency: string }): AvailableCredits {
  const creditLimitMinor = 0;
  return {
    balanceMinor: balance.balance_minor,
    creditLimitMinor,
    availableMinor: balance.balance_minor + creditLimitMinor,
    currency: balance.currency,
  };
}

/**
 * The company's available credits, read under the lock of its balance row until the caller's
 * transaction ends: a decision taken on them (a hold that must fit) is serialised with every
 * posting and with the company's other decisions, so two of them can't both pass on one margin.
 */
export async function lockAvailableCredits(
  trx: Transaction<Database>,
  companyId: string,
): Promise<AvailableCredits> {
  return availableCredits(await lockBalance(trx, companyId));
}

/** Posts one entry; a debit the balance cannot cover throws 402 'Insufficient credits'. */
export async function postLedgerEntry(
  trx: Transaction<Database>,
  posting: LedgerPosting,
): Promise<PostedEntry> {
  if (!Number.isSafeInteger(posting.amountMinor) || posting.amountMinor === 0) {
    throw new Error(
      `A ledger entry moves a whole, non-zero number of minor units (got ${posting.amountMinor})`,
    );
  }
  const balance = await lockBalance(trx, posting.companyId);
  const after = balance.balance_minor + posting.amountMinor;
  if (after < 0) throw new AppError('payment_required', SERVER.insufficientCredits);
  const entry = await trx
    .insertInto('ledger_entries')
    .values({
      company_id: posting.companyId,
      kind: posting.kind,
      amount_minor: posting.amountMinor,
      balance_after_minor: after,
      currency: balance.currency,
      booking_id: posting.bookingId ?? null,
      transaction_id: posting.transactionId ?? null,
      note: posting.note ?? null,
      created_by: posting.userId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('credit_balances')
    .set({ balance_minor: after, updated_at: new Date() })
    .where('company_id', '=', posting.companyId)
    .execute();
  return { id: entry.id, balanceAfterMinor: after, currency: balance.currency };
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
