import type { Cabin, Money, PassengerType, PricedItinerary, TripType } from '@skydesk/contract';
import type { SeatReading } from './inventory.js';

/**
 * The flight supplier port (DESIGN.md §4): everything the portal asks of flight content. The
 * sandbox GDS implements it; adapters for real suppliers (Duffel, Amadeus) will too. Booking,
 * issuing, cancelling, penalties and refunds (`book`, `issue`, `cancel`, `penalty`, `refund`) join
 * the port with the database inventory: a priced offer says what booking it needs (which seats on
 * which flights, each passenger type's fare), and the booking takes those seats in the database.
 */
export type FlightSupplier = {
  /** Every origin with the destinations it has service to, and the airports involved. */
  routes(): Promise<RoutesAnswer>;
  /** Priced itineraries, cheapest first, then shortest. Throws SupplierRequestError on a bad request. */
  search(request: FlightSearchRequest): Promise<FlightSearchAnswer>;
  /**
   * The lowest total for the party, without the itineraries (the fare strip), null when nothing is
   * for sale — as GDSs offer low-fare calendars next to search. Without it, the portal searches.
   */
  lowestFare?(request: FlightSearchRequest): Promise<Money | null>;
  /**
   * Re-prices an offer with today's seats; says when it expired, is not ours, or sold out. A
   * priced answer carries what booking it needs (`booking`).
   */
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

export type FlightSearchAnswer = {
  itineraries: PricedItinerary[];
  /** The seats sold the answer was priced with, when the supplier reads them from our database. */
  seatsRead?: SeatReading;
};

export type RoutesAnswer = {
  Routes: { origin_location_code: string; destination_location_codes: string[] }[];
  Airports: { code: string; name: string; city: string; country_code: string; time_zone: string }[];
};

/** One flight of a priced offer, as the seat inventory and the booking record it. */
export type OfferSegment = {
  /** 0-based leg (OriginDestinationOption) the flight belongs to. */
  leg: number;
  /** Flight designator, 'BA117'. */
  flight: string;
  /** Local departure date at the origin, 'YYYY-MM-DD' (the inventory's key). */
  date: string;
  cabin: Cabin;
  /** Seats the cabin has on this flight. */
  capacity: number;
  departsAt: Date;
};

/** What booking a priced offer takes, in integer minor units. */
export type OfferBooking = {
  tripType: TripType;
  cabin: Cabin;
  passengers: { adults: number; children: number; infants: number };
  /** The whole trip's fare for one passenger of each type. */
  fares: Record<PassengerType, { base: number; taxes: number }>;
  /** For the whole party: equals the itinerary's TotalFare. */
  totalMinor: number;
  currency: string;
  /** IATA code of the airline whose fare this is (it issues the tickets). */
  validatingCarrier: string;
  /** Every flight in order, across legs. */
  segments: OfferSegment[];
};

export type PriceAnswer =
  | {
      status: 'priced';
      itinerary: PricedItinerary;
      booking: OfferBooking;
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
