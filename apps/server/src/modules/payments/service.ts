import { type Credits, minorToAmount } from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../platform/http/principal.js';
import type { SupplierBookings } from '../../supplier/port.js';
import { expireDueHoldsOf } from '../bookings/booking/hold-expiry.js';
import { reservedMinor } from '../bookings/booking/repo.js';
import { readBalance } from './ledger-repo.js';

/** The payments domain (API.md "Payments"): the agency's credits, its ledger and deposits. */
export function createPaymentService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  supplier: SupplierBookings;
}) {
  const { db, clock, supplier } = deps;
  return {
    /** The balance, and what live holds reserve of it (dead holds are expired first). */
    async credits(principal: CompanyPrincipal): Promise<Credits> {
      const now = clock.now();
      await expireDueHoldsOf(db, supplier, principal.companyId, now);
      const [balance, reserved] = await Promise.all([
        readBalance(db, principal.companyId),
        reservedMinor(db, principal.companyId, now),
      ]);
      return {
        balance: minorToAmount(balance.balanceMinor),
        currency: balance.currency,
        // Deposits arrive with the payments issue; until then none can be pending.
        pending_deposits: 0,
        reserved: minorToAmount(reserved),
      };
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
