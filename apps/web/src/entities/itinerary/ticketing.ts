import type { PricedItinerary } from '@skydesk/contract';

/**
 * Issue 29: an offer the airline will not hold (contract `ticketing: 'instant'`) is said so before
 * the agent starts — on the result, the fare table, the price summary and the confirmation —
 * in the same words everywhere.
 */
export const INSTANT_TICKETING = {
  /** A result's tag and a fare table's cell. */
  short: 'Issue at once: no hold',
  title: 'This fare cannot be held at the airline',
  /** What confirming does instead of holding the seats. */
  explained:
    'Confirming books it here only until its offer expires; nothing is kept at the airline until you issue it. Issuing books and pays it with the airline at once.',
} as const;

/** Whether the offer can only be issued at once (absent: it can be held, as every sandbox offer). */
export const issuedAtOnce = (itinerary: Pick<PricedItinerary, 'ticketing'>): boolean =>
  itinerary.ticketing === 'instant';
