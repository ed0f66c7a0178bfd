import type {
  AirItineraryPricingInfo,
  BookingSegment,
  FlightSegment,
  PricedItinerary,
  TripType,
} from '@skydesk/contract';

/** The flights of an offer as a booking holds them: each segment with its leg (0-based). */
export const segmentsOfItinerary = (itinerary: PricedItinerary): BookingSegment[] =>
  itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.flatMap((leg, index) =>
    leg.FlightSegment.map((segment) => ({ ...segment, leg: index })),
  );

/** Segments grouped by leg, in order. */
export function legsOfSegments(segments: BookingSegment[]): BookingSegment[][] {
  const legs = new Map<number, BookingSegment[]>();
  for (const segment of segments) legs.set(segment.leg, [...(legs.get(segment.leg) ?? []), segment]);
  return [...legs.keys()].sort((a, b) => a - b).map((leg) => legs.get(leg) as BookingSegment[]);
}

/** "Outbound" / "Return", "Flight 1…", or nothing for a one-way trip. */
export function legLabel(tripType: TripType, index: number, count: number): string | null {
  if (count < 2) return null;
  if (tripType === 'Return') return index === 0 ? 'Outbound' : 'Return';
  return `Flight ${index + 1}`;
}

/** "LHR → JFK" of a leg. */
export const legRoute = (leg: FlightSegment[]): string =>
  `${leg[0]?.DepartureAirport.LocationCode ?? ''} → ${leg.at(-1)?.ArrivalAirport.LocationCode ?? ''}`;

/** "LHR → JFK", "LHR ⇄ JFK" for a return, "LHR → DXB → LHR" for multi-city. */
export function tripRoute(tripType: TripType, segments: BookingSegment[]): string {
  const legs = legsOfSegments(segments);
  if (legs.length === 0) return '';
  if (tripType === 'Return' && legs.length === 2) {
    const outbound = legs[0] as BookingSegment[];
    return `${outbound[0]?.DepartureAirport.LocationCode} ⇄ ${outbound.at(-1)?.ArrivalAirport.LocationCode}`;
  }
  const stops = [legs[0]?.[0]?.DepartureAirport.LocationCode];
  for (const leg of legs) stops.push(leg.at(-1)?.ArrivalAirport.LocationCode);
  return stops.join(' → ');
}

/** The fare of the n-th segment (0-based, across legs): FareInfos count segments from 1. */
export const fareOfSegment = (pricing: AirItineraryPricingInfo, index: number) =>
  pricing.FareInfos.find((info) => info.SegmentRef === index + 1) ?? pricing.FareInfos[0];

/** The first departure, airport-local, of a booking or offer. */
export const firstDeparture = (segments: BookingSegment[]): string => segments[0]?.DepartureDateTime ?? '';

/** The exact instant of the first departure (local time and its offset), for "upcoming" checks. */
export const firstDepartureInstant = (segments: BookingSegment[]): number => {
  const first = segments[0];
  return first ? Date.parse(`${first.DepartureDateTime}${first.DepartureUTCOffset}`) : Number.NaN;
};
