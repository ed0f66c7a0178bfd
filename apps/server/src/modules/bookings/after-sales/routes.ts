import { BOOKING_MESSAGES, bookingEndpoints, SUCCESS } from '@skydesk/contract';
import type { ModuleContext } from '../../../platform/module.js';
import type { FlightSupplier } from '../../../supplier/port.js';
import type { SupplierSaga } from '../remote/saga.js';
import { createAfterSalesService } from './service.js';
import { refundSettlementSweeper } from './settlement.js';

/**
 * docs/api.md#bookings after ticketing: penalty, cancel/void and refund. Returns the refund
 * settlement sweeper for the app to start when it listens and stop when it closes; it runs as
 * often as the hold-expiry sweep (HOLD_SWEEP_SECONDS).
 */
export function registerAfterSalesRoutes(
  { route, store, clock, config, log }: ModuleContext,
  supplier: FlightSupplier,
  saga: SupplierSaga | null,
) {
  const afterSales = createAfterSalesService({
    db: store.db,
    clock,
    log,
    supplier: supplier.bookings,
    refundApprovalDelaySeconds: config.refundApprovalDelaySeconds,
    saga,
  });

  route(bookingEndpoints.penalty, async ({ principal, body }) => ({
    message: 'Penalty information',
    data: await afterSales.penalty(principal, body),
  }));

  // One endpoint cancels a hold or voids tickets (docs/api.md); the message says which happened.
  route(bookingEndpoints.cancel, async ({ principal, body }) => {
    const data = await afterSales.cancel(principal, body.booking_id, body.reason);
    return {
      message:
        data.status === 'voided'
          ? BOOKING_MESSAGES.ticketsVoided
          : data.supplier.state === 'cancelling'
            ? BOOKING_MESSAGES.cancellationWaitingForAirline
            : SUCCESS.bookingCancelled,
      data,
    };
  });

  route(bookingEndpoints.refund, async ({ principal, body }) => {
    const data = await afterSales.requestRefund(principal, body);
    // A remote supplier's refund is settled by the airline at once, or waits for its answer.
    const message =
      data.supplier.code === 'sandbox'
        ? SUCCESS.refundRequested
        : data.supplier.state === 'cancelling'
          ? BOOKING_MESSAGES.cancellationWaitingForAirline
          : BOOKING_MESSAGES.refundCredited;
    return { message, data };
  });

  return {
    refundSweep: refundSettlementSweeper({
      db: store.db,
      supplier: supplier.bookings,
      clock,
      log,
      intervalSeconds: config.holdSweepSeconds,
      delaySeconds: config.refundApprovalDelaySeconds,
      exclusively: store.exclusively,
    }),
  };
}
