import { AppError, type LedgerKind, SERVER } from '@skydesk/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { appendEntry, type LockedBalance, lockBalance } from './ledger-repo.js';
import { watchLowBalance } from './low-balance.js';

/**
 * The credits ledger (docs/architecture.md §5): every change of an agency's balance is one append-only entry,
 * posted while the company's balance row is locked, so the balance always equals the ledger's sum
 * and never goes below minus the agency's credit limit whatever the concurrency. Call it inside the
 * transaction that makes the change it pays for (a ticket, a void, a refund, a deposit), so both
 * happen or neither does.
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

export type PostedEntry = { id: string; seq: number; balanceAfterMinor: number; currency: string };

/** What an agency may spend (docs/architecture.md §5), in minor units. */
export type AvailableCredits = {
  balanceMinor: number;
  /** The overdraft an operator grants (0 unless one did): the balance may go down to minus it. */
  creditLimitMinor: number;
  /** balance + credit limit */
  availableMinor: number;
  currency: string;
};

/** The one place "available credits" is worked out: every rule that bounds spending reads it. */
export function availableCredits(balance: {
  balance_minor: number;
  credit_limit_minor: number;
  currency: string;
}): AvailableCredits {
  return {
    balanceMinor: balance.balance_minor,
    creditLimitMinor: balance.credit_limit_minor,
    availableMinor: balance.balance_minor + balance.credit_limit_minor,
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

/**
 * Takes the company's balance row lock now, for a posting later in the transaction that moves
 * seats first. The lock order (docs/booking-and-money.md): the booking, the balance row, the
 * seats, and last the analytics rollups every ledger line and booking event adds to. A void that
 * posted before giving its seats back held the rollups while it waited for the seats, which a
 * cancelled hold held while it waited for the rollups: a deadlock.
 */
export async function lockLedger(trx: Transaction<Database>, companyId: string): Promise<void> {
  await lockBalance(trx, companyId);
}

/**
 * Posts one entry; a debit the available credits (balance + credit limit) cannot cover throws 402
 * 'Insufficient credits'. A posting that takes available credits under the agency's low-balance
 * threshold tells the owner, once per crossing (low-balance.ts).
 */
export async function postLedgerEntry(
  trx: Transaction<Database>,
  posting: LedgerPosting,
): Promise<PostedEntry> {
  if (!Number.isSafeInteger(posting.amountMinor) || posting.amountMinor === 0) {
    throw new Error(
      `A ledger entry moves a whole, non-zero number of minor units (got ${posting.amountMinor})`,
    );
  }
  const balance: LockedBalance = await lockBalance(trx, posting.companyId);
  const after = balance.balance_minor + posting.amountMinor;
  // A credit is always taken; a debit must fit within balance + credit limit.
  if (posting.amountMinor < 0 && after < -balance.credit_limit_minor) {
    throw new AppError('payment_required', SERVER.insufficientCredits);
  }
  const seq = balance.entry_count + 1;
  const id = await appendEntry(trx, {
    companyId: posting.companyId,
    seq,
    kind: posting.kind,
    amountMinor: posting.amountMinor,
    balanceAfterMinor: after,
    creditsAfterMinor: balance.credits_total_minor + Math.max(posting.amountMinor, 0),
    currency: balance.currency,
    bookingId: posting.bookingId ?? null,
    transactionId: posting.transactionId ?? null,
    note: posting.note ?? null,
    userId: posting.userId ?? null,
  });
  await watchLowBalance(trx, posting.companyId, balance, after);
  return { id, seq, balanceAfterMinor: after, currency: balance.currency };
}
