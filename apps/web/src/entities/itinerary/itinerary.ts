import type { FlightSegment, Money, OriginDestinationOption, PricedItinerary } from '@skydesk/contract';
import { daysBetween } from '../../shared/format/date-time';

/** The legs of an itinerary (one option per searched leg, in order). */
export const legsOf = (itinerary: PricedItinerary): OriginDestinationOption[] =>
  itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption;

export const segmentsOf = (itinerary: PricedItinerary): FlightSegment[] =>
  legsOf(itinerary).flatMap((leg) => leg.FlightSegment);

export const firstSegment = (leg: OriginDestinationOption): FlightSegment =>
  leg.FlightSegment[0] as FlightSegment;
export const lastSegment = (leg: OriginDestinationOption): FlightSegment =>
  leg.FlightSegment[leg.FlightSegment.length - 1] as FlightSegment;

/** Stops of a leg: its connections plus the technical stops of its flights. */
export const stopsOf = (leg: OriginDestinationOption): number =>
  leg.FlightSegment.length - 1 + leg.FlightSegment.reduce((sum, segment) => sum + segment.StopQuantity, 0);

/** '+1' when the leg lands the next local day at its arrival airport (from the local dates). */
export const arrivalDayOffset = (leg: OriginDestinationOption): number =>
  daysBetween(firstSegment(leg).DepartureDateTime, lastSegment(leg).ArrivalDateTime);

/** An exact instant of an airport-local time and its offset ('2026-12-22T09:35:00', '+04:00'). */
export const instantOf = (local: string, offset: string): number => Date.parse(`${local}${offset}`);

export type Layover = { airport: string; minutes: number; changesTerminal: boolean };

/** The connections of a leg: where and for how long (from the exact instants, not local clocks). */
export function layoversOf(leg: OriginDestinationOption): Layover[] {
  return leg.FlightSegment.slice(1).map((segment, index) => {
    const previous = leg.FlightSegment[index] as FlightSegment;
    const landed = instantOf(previous.ArrivalDateTime, previous.ArrivalUTCOffset);
    const departs = instantOf(segment.DepartureDateTime, segment.DepartureUTCOffset);
    return {
      airport: segment.DepartureAirport.LocationCode,
      minutes: Math.round((departs - landed) / 60_000),
      changesTerminal:
        previous.ArrivalAirport.Terminal !== null &&
        segment.DepartureAirport.Terminal !== null &&
        previous.ArrivalAirport.Terminal !== segment.DepartureAirport.Terminal,
    };
  });
}

/** The fewest seats left on any segment (docs/api.md: exact, not capped). */
export const fewestSeats = (itinerary: PricedItinerary): number =>
  Math.min(...segmentsOf(itinerary).map((segment) => segment.SeatsRemaining));

/** The adult fare (per passenger), or the total's share per seated traveller without one. */
export function pricePerAdult(itinerary: PricedItinerary): Money {
  const pricing = itinerary.AirItineraryPricingInfo;
  const adult = pricing.PTC_FareBreakdowns.PTC_FareBreakdown.find(
    (b) => b.PassengerTypeQuantity.Code === 'ADT',
  );
  return adult ? adult.PassengerFare.TotalFare : pricing.ItinTotalFare.TotalFare;
}

/** The name of an airline code as the itinerary's segments spell it. */
export function airlineName(itinerary: PricedItinerary, code: string): string {
  const segment = segmentsOf(itinerary).find((s) => s.MarketingAirline.Code === code);
  return segment?.MarketingAirline.Name ?? code;
}

/** The checked baggage of the first segment's fare (the allowance a leg starts with). */
export function baggageOf(itinerary: PricedItinerary, segmentRef = 1) {
  const infos = itinerary.AirItineraryPricingInfo.FareInfos;
  return (infos.find((info) => info.SegmentRef === segmentRef) ?? infos[0])?.Baggage;
}

export const baggageLabel = (baggage: { Pieces: number; WeightKg: number } | undefined): string => {
  if (!baggage || baggage.Pieces === 0) return 'No checked bag';
  return `${baggage.Pieces} × ${baggage.WeightKg} kg`;
};
