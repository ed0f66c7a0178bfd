import { BOOKING_MESSAGES, bookingEndpoints, SUCCESS } from '@skydesk/contract';
import type { ModuleContext } from '../../../platform/module.js';
import type { FlightSupplier } from '../../../supplier/port.js';
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
) {
  const afterSales = createAfterSalesService({
    db: store.db,
    clock,
    log,
    supplier: supplier.bookings,
    refundApprovalDelaySeconds: config.refundApprovalDelaySeconds,
  });

  route(bookingEndpoints.penalty, async ({ principal, body }) => ({
    message: 'Penalty information',
    data: await afterSales.penalty(principal, body),
  }));

  // One endpoint cancels a hold or voids tickets (docs/api.md); the message says which happened.
  route(bookingEndpoints.cancel, async ({ principal, body }) => {
    const data = await afterSales.cancel(principal, body.booking_id, body.reason);
    return {
      message: data.status === 'voided' ? BOOKING_MESSAGES.ticketsVoided : SUCCESS.bookingCancelled,
      data,
    };
  });

  route(bookingEndpoints.refund, async ({ principal, body }) => ({
    message: SUCCESS.refundRequested,
    data: await afterSales.requestRefund(principal, body),
  }));

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
