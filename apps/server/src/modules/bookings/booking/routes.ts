import { BOOKING_MESSAGES, bookingEndpoints, SUCCESS, toRoutePattern } from '@skydesk/contract';
import { REPLY_SENT } from '../../../platform/http/endpoint-route.js';
import { readIdempotencyKey, requestFingerprint } from '../../../platform/http/idempotency.js';
import type { ModuleContext } from '../../../platform/module.js';
import type { FlightSupplier } from '../../../supplier/port.js';
import type { SupplierSaga } from '../remote/saga.js';
import { holdExpirySweeper } from './hold-expiry.js';
import { createBookingService } from './service.js';

/**
 * docs/api.md#bookings. Returns the hold-expiry sweeper for the app to start when it listens and stop
 * when it closes.
 */
export function registerBookingRoutes(
  { route, store, clock, config, log, platform }: ModuleContext,
  supplier: FlightSupplier,
  saga: SupplierSaga | null,
) {
  const bookings = createBookingService({
    db: store.db,
    supplier,
    saga,
    clock,
    hold: { holdMinutes: config.bookingHoldMinutes, cutoffMinutes: config.ticketingCutoffMinutes },
    holdLimits: { valueRatio: config.holdValueRatio, maxSeatsPerFlight: config.maxHeldSeatsPerFlight },
    voidWindowMs: config.voidWindowMs,
    mailer: platform.mailer,
    rateLimiter: platform.rateLimiter,
    log,
  });

  route(bookingEndpoints.create, async ({ principal, body, params, query, request }) => {
    // The request's key and fingerprint, as the idempotency layer knows it: a remote booking keeps
    // them, so a retry after a crash mid-saga finds it (decision 020).
    const key = readIdempotencyKey(request).key;
    const requestHash = key
      ? requestFingerprint(
          {
            method: bookingEndpoints.create.method,
            routePattern: toRoutePattern(bookingEndpoints.create.path),
          },
          { params, query, body },
        ).requestHash
      : undefined;
    const data = await bookings.create(
      principal,
      body,
      key && requestHash ? { key, requestHash } : undefined,
    );
    // A remote supplier's booking says where its hold stands (issue 29).
    const message =
      data.supplier.state === 'confirming'
        ? BOOKING_MESSAGES.holdWaitingForAirline
        : data.supplier.state === 'local'
          ? BOOKING_MESSAGES.holdLocal
          : SUCCESS.bookingCreated;
    return { message, data };
  });

  route(bookingEndpoints.byPnr, async ({ principal, body }) => ({
    message: SUCCESS.pnrFetched,
    data: await bookings.byPnr(principal, body.pnr),
  }));

  route(bookingEndpoints.issue, async ({ principal, body }) => {
    const data = await bookings.issue(principal, body);
    return {
      message:
        data.status === 'ticketed'
          ? BOOKING_MESSAGES.ticketsIssued
          : BOOKING_MESSAGES.ticketsWaitingForAirline,
      data,
    };
  });

  route(bookingEndpoints.list, async ({ principal, params, query }) => {
    const data = await bookings.list(principal, params.id, query);
    return { message: `${data.length} booking${data.length === 1 ? '' : 's'}`, data };
  });

  route(bookingEndpoints.details, async ({ principal, params }) => ({
    message: 'Booking details',
    data: await bookings.details(principal, params.id),
  }));

  route(bookingEndpoints.ticketPdf, async ({ principal, params, reply }) => {
    const { pnr, pdf } = await bookings.ticketPdf(principal, params.id);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="e-ticket-${pnr}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
    return REPLY_SENT;
  });

  route(bookingEndpoints.ticketEmail, async ({ principal, params, body }) => {
    const data = await bookings.emailTicket(principal, params.id, body.recipients);
    return { message: BOOKING_MESSAGES.ticketEmailed(data.sent_to.length), data };
  });

  route(bookingEndpoints.orders, async ({ principal, query }) => ({
    message: 'Orders',
    data: await bookings.orders(principal, query),
  }));

  return {
    holdSweep: holdExpirySweeper({
      db: store.db,
      supplier: supplier.bookings,
      clock,
      log,
      intervalSeconds: config.holdSweepSeconds,
      exclusively: store.exclusively,
      saga,
    }),
  };
}
