import { AppError, type LedgerKind, SERVER } from '@skydesk/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { appendEntry, lockBalance } from './ledger-repo.js';

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
  const id = await appendEntry(trx, {
    companyId: posting.companyId,
    kind: posting.kind,
    amountMinor: posting.amountMinor,
    balanceAfterMinor: after,
    currency: balance.currency,
    bookingId: posting.bookingId ?? null,
    transactionId: posting.transactionId ?? null,
    note: posting.note ?? null,
    userId: posting.userId ?? null,
  });
  return { id, balanceAfterMinor: after, currency: balance.currency };
}
