import { amountToMinor, type Credits, minorToAmount } from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../platform/http/principal.js';
import { availableCredits } from './ledger.js';
import { lockBalance, pendingDepositsMinor, readCreditRow } from './ledger-repo.js';
import { lowBalanceThresholdMinor, watchLowBalance } from './low-balance.js';
import { setLowBalanceThreshold } from './low-balance-repo.js';

/**
 * What the agency's live holds would take to ticket, due holds expired first: bookings' figure,
 * handed in by the app (bookings' plugin), as payments does not import bookings (bookings posts
 * to the ledger, so the dependency runs the other way).
 */
export type HeldValueSource = { valueHeldMinor(companyId: string, now: Date): Promise<number> };

/** The payments domain (docs/api.md#payments): the agency's credits, its ledger and deposits. */
export function createPaymentService(deps: { db: Kysely<Database>; clock: Clock; held: HeldValueSource }) {
  const { db, clock, held } = deps;
  const service = {
    /**
     * Balance, credit limit and available credits, the deposits waiting for an operator, what
     * live holds reserve (dead holds are expired first) and the low-balance threshold in force.
     */
    async credits(principal: CompanyPrincipal): Promise<Credits> {
      const now = clock.now();
      const { companyId } = principal;
      const reserved = await held.valueHeldMinor(companyId, now);
      const [row, pending] = await Promise.all([
        readCreditRow(db, companyId),
        pendingDepositsMinor(db, companyId),
      ]);
      const credits = availableCredits(row);
      return {
        balance: minorToAmount(credits.balanceMinor),
        credit_limit: minorToAmount(credits.creditLimitMinor),
        available: minorToAmount(credits.availableMinor),
        currency: credits.currency,
        pending_deposits: minorToAmount(pending),
        reserved: minorToAmount(reserved),
        low_balance_threshold: minorToAmount(await lowBalanceThresholdMinor(db, companyId, row)),
        low_balance_threshold_custom: row.low_balance_threshold_minor !== null,
      };
    },

    /**
     * Sets the agency's low-balance threshold (null: back to the default), under the balance row's
     * lock like every posting. The new threshold is weighed at once, as a posting would weigh it:
     * raised above what is available, the owner is alerted now (once); lowered under it, a past
     * alert is cleared, so the next crossing alerts again.
     */
    async setLowBalanceThreshold(principal: CompanyPrincipal, amount: number | null): Promise<Credits> {
      const { companyId } = principal;
      const thresholdMinor = amount === null ? null : amountToMinor(amount);
      await db.transaction().execute(async (trx) => {
        const balance = await lockBalance(trx, companyId);
        await setLowBalanceThreshold(trx, companyId, thresholdMinor, clock.now());
        const updated = { ...balance, low_balance_threshold_minor: thresholdMinor };
        await watchLowBalance(trx, companyId, updated, balance.balance_minor);
      });
      return service.credits(principal);
    },
  };
  return service;
}

export type PaymentService = ReturnType<typeof createPaymentService>;
