import type { Cabin, Money, PricedItinerary, TripType } from '@skydesk/contract';

/**
 * The flight supplier port (DESIGN.md §4): everything the portal asks of flight content. The
 * sandbox GDS implements it; adapters for real suppliers (Duffel, Amadeus) will too. Booking,
 * issuing, cancelling, penalties and refunds (`book`, `issue`, `cancel`, `penalty`, `refund`) join
 * the port with the database inventory.
 */
export type FlightSupplier = {
  /** Every origin with the destinations it has service to, and the airports involved. */
  routes(): Promise<RoutesAnswer>;
  /** Priced itineraries, cheapest first, then shortest. Throws SupplierRequestError on a bad request. */
  search(request: FlightSearchRequest): Promise<FlightSearchAnswer>;
  /** Re-prices an offer with today's seats; says when it expired, is not ours, or sold out. */
  price(offerId: string): Promise<PriceAnswer>;
};

export type FlightSearchLeg = {
  /** IATA airport codes. */
  origin: string;
  destination: string;
  /** Local date at the origin, 'YYYY-MM-DD'. */
  departureDate: string;
};

export type FlightSearchRequest = {
  tripType: TripType;
  /** 1 for OneWay, 2 for Return, 2–6 for MultiCity. */
  legs: FlightSearchLeg[];
  /** Infants travel on an adult's lap: at most one per adult, no seat. */
  passengers: { adults: number; children: number; infants: number };
  cabin: Cabin;
  /** 0–2 connections per leg. */
  maxStops: number;
  /** IATA airline codes; empty means any. */
  preferredAirlines: string[];
};

export type FlightSearchAnswer = { itineraries: PricedItinerary[] };

export type RoutesAnswer = {
  Routes: { origin_location_code: string; destination_location_codes: string[] }[];
  Airports: { code: string; name: string; city: string; country_code: string; time_zone: string }[];
};

export type PriceAnswer =
  | {
      status: 'priced';
      itinerary: PricedItinerary;
      /** The total differs from the one quoted (a booking class closed since). */
      priceChanged: boolean;
      previousTotal: Money;
    }
  | { status: 'expired'; expiredAt: Date; message: string }
  | { status: 'invalid'; message: string }
  | { status: 'unavailable'; message: string };

/** A search the supplier cannot run, naming the request field at fault (API.md's 422 paths). */
export class SupplierRequestError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'SupplierRequestError';
  }
}
