import type { StoredAirlineChange } from '../../../platform/db/schema.js';

/**
 * Whether the airline changed or cancelled a flight of a booking, as recorded on the booking by
 * `at` (issue 31): the one test the services' refund rules ask — a seat is refunded only when its
 * flight changed (docs/booking-and-money.md, "Seats and bags").
 *
 * A remote supplier's change (an airline-initiated change or the airline cancelling its order,
 * flagged on the booking by the Duffel webhook or a read of the order: `supplier_change`,
 * remote/settle.ts) names no flight, so it counts for every flight of the booking. An airline's
 * schedule change (issue 32, schedule-changes/) names its flights: `scheduleChangedAt` is when one
 * first touched this flight (paidServicesOf reads it), so every rule that asks keeps asking this one
 * question.
 *
 * `at` is the moment the question is about (a refund request's), so the answer, and what a request
 * may return, does not change when a change is recorded after it.
 */
export function flightChangedByAirline(
  booking: { supplier_change: StoredAirlineChange | null },
  _segmentIndex: number,
  at: Date,
  scheduleChangedAt: Date | string | null = null,
): boolean {
  if (scheduleChangedAt !== null && new Date(scheduleChangedAt).getTime() <= at.getTime()) return true;
  const change = booking.supplier_change;
  if (!change) return false;
  return new Date(change.detectedAt).getTime() <= at.getTime();
}
