import { minorMoneyText } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { notify } from '../notices/index.js';
import { type LockedBalance, lastDepositMinor, ownerIdOf, setLowBalanceAlerted } from './ledger-repo.js';

/** The default threshold: a tenth of the last approved deposit. */
export const DEFAULT_THRESHOLD_SHARE = 0.1;

/** The threshold in force: the agency's own, or the default (0, so never, before any deposit). */
export async function lowBalanceThresholdMinor(
  trx: Kysely<Database>,
  companyId: string,
  balance: Pick<LockedBalance, 'low_balance_threshold_minor'>,
): Promise<number> {
  if (balance.low_balance_threshold_minor !== null) return balance.low_balance_threshold_minor;
  return Math.floor((await lastDepositMinor(trx, companyId)) * DEFAULT_THRESHOLD_SHARE);
}

/**
 * Called by the ledger under the balance row's lock after each posting. When available credits
 * (balance + credit limit) fall under the threshold, the owner is told once — a notification, whose
 * e-mail the notices' mail sweep sends after the commit — and not again until they have climbed
 * back to it.
 */
export async function watchLowBalance(
  trx: Transaction<Database>,
  companyId: string,
  before: LockedBalance,
  balanceAfterMinor: number,
): Promise<void> {
  const availableMinor = balanceAfterMinor + before.credit_limit_minor;
  const thresholdMinor = await lowBalanceThresholdMinor(trx, companyId, before);
  const under = availableMinor < thresholdMinor;
  const alerted = before.low_balance_alerted_at !== null;
  if (!under) {
    if (alerted) await setLowBalanceAlerted(trx, companyId, null);
    return;
  }
  if (alerted) return;
  const at = new Date();
  await setLowBalanceAlerted(trx, companyId, at);
  const money = (minor: number) => minorMoneyText(minor, before.currency);
  await notify(trx, {
    companyId,
    userId: await ownerIdOf(trx, companyId),
    kind: 'low_balance',
    title: 'Your available credits are running low',
    body: `Available credits are ${money(availableMinor)}, under your alert threshold of ${money(thresholdMinor)}. Record a deposit to keep ticketing.`,
    link: '/dashboard/create-transaction',
    at,
  });
}
