import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { Exclusively } from '../../../platform/db/task-lock.js';
import { periodicTask } from '../../../platform/periodic-task.js';
import type { SupplierBookings } from '../../../supplier/port.js';
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
  // A remote supplier's hold takes no sandbox seats: its airline lets the hold lapse unpaid.
  if (hold.supplier === 'sandbox') await supplier.release(trx, await heldSeatsOf(trx, hold.id));
  await recordEvent(trx, {
    bookingId: hold.id,
    action: 'expired',
    from: 'booked',
    to: 'expired',
    note: 'Not ticketed by the ticketing deadline; the seats were released',
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
