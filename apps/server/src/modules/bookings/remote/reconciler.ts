import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { Exclusively } from '../../../platform/db/task-lock.js';
import { periodicTask } from '../../../platform/periodic-task.js';
import { inFlightBookings, pruneSupplierEvents } from './repo.js';
import type { SupplierSaga } from './saga.js';

/** Bookings settled per run at most, so one run never holds the supplier or the store for long. */
const BATCH = 100;

/**
 * A step younger than this is left to the request that is making it (it settles it itself when its
 * call answers); the reconciler would only look up an order the request is about to record.
 */
const GRACE_MS = 2_000;

/**
 * How long a webhook event's id is kept to take it once: longer than any supplier goes on
 * delivering an event (Duffel retries a failed delivery for hours, not weeks).
 */
const EVENT_MEMORY_MS = 30 * 86_400_000;

/**
 * Settles the bookings whose supplier order step is under way — a crash, a lost answer or a `202`
 * left them so — oldest first, each by asking the supplier (saga.resolve): idempotent under the
 * booking's row lock, so a webhook or a request settling the same booking meanwhile is found to
 * have done it. A booking whose settlement fails is logged and tried again at the next run, never
 * holding up the others. Returns how many it looked at.
 */
export async function reconcileSupplierOrders(deps: {
  db: Kysely<Database>;
  clock: Clock;
  saga: SupplierSaga;
  log: FastifyBaseLogger;
}): Promise<number> {
  const due = await inFlightBookings(deps.db, new Date(deps.clock.now().getTime() - GRACE_MS), BATCH);
  for (const booking of due) {
    try {
      await deps.saga.resolve(booking.id);
    } catch (error) {
      deps.log.warn(
        { err: error, bookingId: booking.id, step: booking.supplier_state },
        'could not settle a supplier order step; the next run tries again',
      );
    }
  }
  return due.length;
}

/**
 * The reconciler (docs/decisions/020-supplier-order-saga.md): every SUPPLIER_RECONCILE_SECONDS in
 * one server at a time (advisory-locked, like the hold sweep), and once as the server starts, so a
 * step a crash left is settled at the next start. It also forgets webhook events old enough never
 * to come again.
 */
export function supplierReconciler(deps: {
  db: Kysely<Database>;
  clock: Clock;
  saga: SupplierSaga;
  log: FastifyBaseLogger;
  intervalSeconds: number;
  exclusively: Exclusively;
}) {
  const task = periodicTask({
    name: 'supplier order reconciler',
    intervalSeconds: deps.intervalSeconds,
    log: deps.log,
    exclusively: deps.exclusively,
    run: async () => {
      const looked = await reconcileSupplierOrders(deps);
      if (looked > 0) deps.log.info({ looked }, 'settled supplier order steps left under way');
      await pruneSupplierEvents(deps.db, new Date(deps.clock.now().getTime() - EVENT_MEMORY_MS));
    },
  });
  return {
    start: async () => {
      await task.start();
      task.kick();
    },
    stop: task.stop,
    kick: task.kick,
  };
}
