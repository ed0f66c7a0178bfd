import { changeEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../../platform/module.js';
import type { FlightSupplier } from '../../../supplier/port.js';
import { createScheduleChangeService, type ScheduleChangeDeps } from './service.js';

/**
 * docs/api.md's third wave: the agency's answers to an airline's schedule change (accept, or cancel
 * with a full refund; the alternative is a change offer, changes/). Returns the sweep that applies
 * new changes and accepts unanswered ones at their deadline, for the app to start when it listens
 * and stop when it closes; it runs as often as the hold-expiry sweep (HOLD_SWEEP_SECONDS).
 */
export function registerScheduleChangeRoutes(
  { route, store, clock, config, log }: ModuleContext,
  supplier: FlightSupplier,
  /** Issue 32 (duffel): a remote booking's accept answered at its airline first; none for the sandbox. */
  acceptAtSupplier: ScheduleChangeDeps['acceptAtSupplier'] | null = null,
) {
  const scheduleChanges = createScheduleChangeService({
    db: store.db,
    clock,
    supplier,
    log,
    ...(acceptAtSupplier ? { acceptAtSupplier } : {}),
  });

  route(changeEndpoints.acceptScheduleChange, async ({ principal, params }) => ({
    message: 'Schedule change accepted',
    data: await scheduleChanges.accept(principal, params.id),
  }));

  route(changeEndpoints.cancelForScheduleChange, async ({ principal, params }) => ({
    message: 'Booking cancelled with a full refund',
    data: await scheduleChanges.cancel(principal, params.id),
  }));

  return {
    scheduleChangeSweep: scheduleChanges.sweeper({
      intervalSeconds: config.holdSweepSeconds,
      log,
      exclusively: store.exclusively,
    }),
  };
}
