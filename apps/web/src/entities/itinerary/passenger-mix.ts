import type { PassengerType, PricedItinerary } from '@skydesk/contract';

/*
 * Type-only imports: the booking draft slice uses this and is part of the start-up bundle, which
 * must not pull in the contract's schemas (zod) — those load with the screens that need them.
 */

const PTC_TYPES = { ADT: 'adult', CNN: 'child', INF: 'infant' } as const;
const TYPE_ORDER: PassengerType[] = ['adult', 'child', 'infant'];

/**
 * The passengers the offer was priced for, adults first, then children, then infants (docs/api.md: a
 * booking's passenger mix must equal the searched one).
 */
export function passengerMix(itinerary: PricedItinerary): PassengerType[] {
  const counts = new Map<PassengerType, number>();
  for (const breakdown of itinerary.AirItineraryPricingInfo.PTC_FareBreakdowns.PTC_FareBreakdown) {
    const type = PTC_TYPES[breakdown.PassengerTypeQuantity.Code];
    counts.set(type, (counts.get(type) ?? 0) + breakdown.PassengerTypeQuantity.Quantity);
  }
  return TYPE_ORDER.flatMap((type) => Array.from({ length: counts.get(type) ?? 0 }, () => type));
}
