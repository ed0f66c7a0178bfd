import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { Exclusively } from '../../../platform/db/task-lock.js';
import { periodicTask } from '../../../platform/periodic-task.js';
import type { SupplierBookings } from '../../../supplier/port.js';
import { updateSupplierBooking } from '../remote/repo.js';
import type { SupplierSaga } from '../remote/saga.js';
import { releaseServices } from '../services/repo.js';
import { tellHoldExpired, warnExpiringHolds } from './hold-notices.js';
import {
  dueHoldIds,
  type HeldBooking,
  heldSeatsOf,
  isDueHold,
  lockDueHold,
  lockNextDueHold,
  recordEvent,
  reservedMinor,
  updateBooking,
} from './repo.js';

/**
 * Holds that pass their ticketing deadline unticketed become `expired` and give their seats back
 * (docs/architecture.md §5). Two paths do it, each booking in its own transaction: a periodic sweep in every
 * server process, and a check whenever a booking is read or issued, so nobody ever sees a dead
 * hold as live between two sweeps. Whichever path expires a hold tells its agency (hold-notices.ts)
 * in the same transaction — once, as the hold expires once.
 */

/** Expires the locked hold: status, seats, history, notification. The caller has checked it is due. */
async function expireLockedHold(
  trx: Transaction<Database>,
  supplier: SupplierBookings,
  hold: HeldBooking,
  now: Date,
) {
  await updateBooking(trx, hold.id, { status: 'expired', updated_at: now });
  // A remote supplier's hold takes no sandbox seats. The airline's order is cancelled there, as a
  // step of the order saga (decision 020): its intent is journalled here, with the expiry, before
  // anyone asks the airline; the call is made after this commits (cancelExpiredHolds, the
  // reconciler), so no expiry waits on the airline and none is lost to a crash or a refusal.
  const atAirline =
    hold.supplier !== 'sandbox' && hold.supplier_state === 'confirmed' && hold.supplier_order_id;
  if (hold.supplier === 'sandbox') await supplier.release(trx, await heldSeatsOf(trx, hold.id));
  // Issue 31: the seats chosen with the hold are free again for everyone.
  await releaseServices(trx, hold.id, now);
  if (atAirline) {
    await updateSupplierBooking(trx, hold.id, {
      supplier_state: 'cancelling',
      supplier_state_at: now,
      supplier_cancellation: null,
      updated_at: now,
    });
  }
  await recordEvent(trx, {
    bookingId: hold.id,
    action: 'expired',
    from: 'booked',
    to: 'expired',
    note: atAirline
      ? "Not ticketed by the ticketing deadline; the airline's hold is being cancelled (nothing was charged)"
      : hold.supplier === 'sandbox'
        ? 'Not ticketed by the ticketing deadline; the seats were released'
        : 'Not ticketed by the ticketing deadline; nothing was held at the airline',
    actorUserId: null,
    at: now,
  });
  await tellHoldExpired(trx, hold, now);
}

/**
 * Expires this booking when it is a hold past its deadline; whatever else it is, nothing happens.
 * The lock makes it safe against the sweep and against an issue racing it: whoever comes second
 * re-reads the row and finds it no longer a due hold.
 */
export async function expireHoldIfDue(
  db: Kysely<Database>,
  supplier: SupplierBookings,
  bookingId: string,
  now: Date,
): Promise<boolean> {
  // A plain look first: reading a booking that is not a due hold (nearly always) takes no row lock,
  // which a store that cannot write refuses (SELECT … FOR UPDATE is a write): reads keep working
  // on a full or read-only store (issue 17). The lock then re-checks, as before.
  if (!(await isDueHold(db, bookingId, now))) return false;
  return db.transaction().execute(async (trx) => {
    const hold = await lockDueHold(trx, bookingId, now);
    if (!hold) return false;
    await expireLockedHold(trx, supplier, hold, now);
    return true;
  });
}

/** Expires the company's due holds before a list or a balance is read. */
export async function expireDueHoldsOf(
  db: Kysely<Database>,
  supplier: SupplierBookings,
  companyId: string,
  now: Date,
): Promise<void> {
  for (const { id } of await dueHoldIds(db, now, companyId)) await expireHoldIfDue(db, supplier, id, now);
}

/** At most this many holds per sweep, so one run never hogs a connection for long. */
const SWEEP_BATCH = 1_000;

/**
 * Expires every due hold, one transaction each. `skip locked` lets several server processes (or
 * two sweeps in one) run at once: each takes holds nobody else is working on, and a hold being
 * issued or cancelled right now is left to that request. Returns how many holds it expired.
 */
export async function sweepExpiredHolds(
  db: Kysely<Database>,
  supplier: SupplierBookings,
  now: Date,
): Promise<number> {
  let expired = 0;
  while (expired < SWEEP_BATCH) {
    const done = await db.transaction().execute(async (trx) => {
      const due = await lockNextDueHold(trx, now);
      if (!due) return false;
      await expireLockedHold(trx, supplier, due, now);
      return true;
    });
    if (!done) break;
    expired++;
  }
  return expired;
}

/**
 * The hold-expiry sweep, every `intervalSeconds` while the server listens: it expires the due holds
 * and warns of those 2 hours from their deadline.
 */
export function holdExpirySweeper(deps: {
  db: Kysely<Database>;
  supplier: SupplierBookings;
  clock: Clock;
  log: FastifyBaseLogger;
  intervalSeconds: number;
  /** One server at a time (the store's). */
  exclusively: Exclusively;
  /** The supplier order saga, when a remote supplier is on: cancels expired holds at the airline. */
  saga?: SupplierSaga | null;
}) {
  return periodicTask({
    name: 'hold expiry sweep',
    intervalSeconds: deps.intervalSeconds,
    log: deps.log,
    exclusively: deps.exclusively,
    run: async () => {
      const expired = await sweepExpiredHolds(deps.db, deps.supplier, deps.clock.now());
      if (expired > 0) deps.log.info({ expired }, 'expired unticketed holds');
      const warned = await warnExpiringHolds(deps.db, deps.clock.now());
      if (warned > 0) deps.log.info({ warned }, 'warned of holds about to expire');
      // Every due hold is expired above before the airline is asked anything: a slow or failing
      // airline delays only its own cancellations, each one left to the reconciler when it fails.
      if (deps.saga) {
        const cancelled = await deps.saga.cancelExpiredHolds();
        if (cancelled > 0) deps.log.info({ cancelled }, "cancelled expired holds' airline orders");
      }
    },
  });
}

/**
 * What the agency's live holds would take to ticket, in minor units, its due holds expired first:
 * the figure payments shows beside the credits (`reserved`). Offered to other modules through the
 * app (bookings' plugin decorates it), so payments asks bookings rather than reading its tables.
 */
export function createHeldValue(deps: { db: Kysely<Database>; supplier: SupplierBookings }) {
  return {
    async valueHeldMinor(companyId: string, now: Date): Promise<number> {
      await expireDueHoldsOf(deps.db, deps.supplier, companyId, now);
      return reservedMinor(deps.db, companyId, now);
    },
  };
}
export type HeldValue = ReturnType<typeof createHeldValue>;
