/**
 * How long a booking holds its seats before it must be ticketed (docs/architecture.md §5). Our rule, the
 * spec leaves it open: a hold lasts `holdMinutes` (24 h by default, BOOKING_HOLD_MINUTES) but ends
 * at the latest `cutoffMinutes` (3 h, BOOKING_TICKETING_CUTOFF_MINUTES) before the first departure,
 * as airlines close ticketing before check-in. A flight closer than the cut-off cannot be held, and
 * the sandbox has no ticket-without-hold path, so such an offer is refused (422 on the offer): the
 * agent sees it before any seat or credit moves.
 */

export type HoldPolicy = { holdMinutes: number; cutoffMinutes: number };

const MINUTE_MS = 60_000;

/** The ticketing deadline of a booking made now, or null when the first departure is too close. */
export function ticketingDeadline(now: Date, firstDepartureAt: Date, policy: HoldPolicy): Date | null {
  const byHold = now.getTime() + policy.holdMinutes * MINUTE_MS;
  const byDeparture = firstDepartureAt.getTime() - policy.cutoffMinutes * MINUTE_MS;
  const deadline = Math.min(byHold, byDeparture);
  return deadline > now.getTime() ? new Date(deadline) : null;
}

/** docs/api.md: a ticket can be voided for 24 hours after issue, and never after the first departure. */
export const VOID_WINDOW_MS = 24 * 60 * MINUTE_MS;

export function voidUntil(issuedAt: Date, firstDepartureAt: Date, windowMs = VOID_WINDOW_MS): Date {
  return new Date(Math.min(issuedAt.getTime() + windowMs, firstDepartureAt.getTime()));
}
