import type {
  Cabin,
  FareBrand,
  FareFamily,
  GroupedSearchResult,
  Money,
  PassengerType,
  PricedItinerary,
  TripType,
} from '@skydesk/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import type { SeatInventory, SeatReading } from './inventory.js';
import type { RemoteChanges } from './remote-changes.js';
import type { RemoteOffer, RemoteOrders, RemoteServices, SupplierCode } from './remote-orders.js';
import type { SupplierScheduleChanges } from './schedule-changes.js';
import type { SupplierSeatMaps } from './seat-maps.js';
import type { SupplierBagOffers } from './services.js';

/**
 * The flight supplier port (docs/architecture.md §4): everything the portal asks of flight content. The
 * sandbox GDS implements it; adapters for real suppliers (Duffel, Amadeus) will too.
 *
 * Shopping (`routes`, `search`, `lowestFare`, `price`) answers questions. A priced offer says what
 * booking it needs (which seats on which flights, each passenger type's fare); `bookings` then
 * holds, releases and tickets it.
 */
export type FlightShopping = {
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
  /**
   * Whether pricing this offer calls another system (a remote supplier's offer): the caller then
   * holds no transaction open over `price` (decision 020). Without it, pricing is local.
   */
  pricesRemotely?(offerId: string): boolean;
  /**
   * Issue 16: an offer for options of a grouped answer (`view: 'itineraries'`) in one brand,
   * priced as `price` then re-prices it. A supplier without it answers the flat view only.
   */
  priceSelection?(selection: PriceSelection): Promise<SelectionAnswer>;
  /** An airline's name by its IATA code, when the supplier knows it (the agency's top airlines). */
  airlineName?(code: string): Promise<string | undefined>;
};

export type FlightSupplier = FlightShopping & {
  bookings: SupplierBookings;
  /**
   * Where the supplier reads sold seats from, when the portal can read them too: the shopping
   * cache re-checks a cached answer's seats with it. Without one, searches are not cached.
   */
  inventory?: SeatInventory;
  /**
   * A remote supplier's orders (Duffel): it keeps its own order, outside the portal's transaction,
   * so the booking service runs each call as a saga (docs/decisions/020-supplier-order-saga.md).
   * The sandbox has none: its `bookings` work inside the portal's transaction.
   */
  orders?: RemoteOrders;
  /**
   * Issue 32: a remote supplier's changes after ticketing (its order change offers, changes and
   * their confirmation; the airline's schedule changes and their acceptance), each write a step of
   * the same saga. Without it, a remote booking cannot be changed.
   */
  changes?: RemoteChanges;
  /** Issue 31: the seat maps of an offer's or a booking's flights; without them, no seats are sold. */
  seatMaps?: SupplierSeatMaps;
  /** Issue 31: the extra bags on sale on an offer's or a booking's flights; without them, none are sold. */
  bagOffers?: SupplierBagOffers;
  /**
   * Issue 31: seats and bags chosen with a remote supplier's offer, priced by it to go with its
   * order (`withServices` folds them into the offer). Without it, a remote offer sells none.
   */
  remoteServices?: RemoteServices;
  /** Issue 32: the airlines' schedule changes of its flights (the sandbox's); without it, none are read. */
  scheduleChanges?: SupplierScheduleChanges;
};

/** The portal's open database transaction, in which it moves money and records the booking. */
export type BookingTransaction = Transaction<Database>;

/** Seats one booking holds on one flight. */
export type HeldSeats = { flight: string; date: string; cabin: Cabin; seats: number };

/**
 * What the supplier does for a booking's life (docs/architecture.md §4–5). Every operation runs inside the
 * portal's transaction, so the seats a supplier moves and the money and records the portal moves
 * commit or roll back together: the sandbox keeps its seats in the same database; an adapter for a
 * remote GDS records its call in the transaction (an outbox) and makes it once the transaction
 * commits, compensating when the GDS refuses.
 */
export type SupplierBookings = {
  /**
   * Holds `seatsPerFlight` seats on every flight of a priced offer, all or none; throws a 409
   * AppError naming the flight when one has too few left.
   */
  hold(trx: BookingTransaction, offer: OfferBooking, seatsPerFlight: number): Promise<void>;
  /** Gives seats back: a hold cancelled or expired, tickets voided or refunded. */
  release(trx: BookingTransaction, seats: readonly HeldSeats[]): Promise<void>;
  /**
   * A new 13-digit ticket number of the validating carrier, for one passenger of an issued
   * booking. The portal's unique key decides: a number that is taken is drawn again.
   */
  ticketNumber(validatingCarrier: string): string;
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
  /** The answer's shape (issue 16): `flat` (the default) or the grouped `itineraries`. */
  view?: SearchView;
};

export type SearchView = 'flat' | 'itineraries';

/**
 * The grouped answer but its search_id (the portal's history row names it) and the suppliers
 * missing from it (the search composition names them, supplier/supplier-set.ts).
 */
export type GroupedAnswer = Omit<GroupedSearchResult, 'search_id' | 'missing_suppliers'>;

export type FlightSearchAnswer = {
  /** The flat answer; empty when `grouped` answers. */
  itineraries: PricedItinerary[];
  /** The grouped answer (`view: 'itineraries'`), with how many whole trips it holds. */
  grouped?: { answer: GroupedAnswer; trips: number };
  /** The seats sold the answer was priced with, when the supplier reads them from our database. */
  seatsRead?: SeatReading;
  /** Issue 29: suppliers asked that did not answer in time, by code; none when absent. */
  missingSuppliers?: string[];
  /** Issue 29: when the first remote offer of the answer expires (epoch ms), if any. */
  expiresAt?: number;
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
  /** Which supplier sells it; absent means the sandbox. */
  supplier?: SupplierCode;
  /** What a remote supplier's order needs; never sent to the browser. */
  remote?: RemoteOffer;
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
  | { status: 'unavailable'; message: string }
  /** The offer's brand has no class open now on some flight: the same flights' brands now. */
  | SoldOutAnswer;

export type SoldOutAnswer = { status: 'soldOut'; message: string; alternatives: FareFamily[] };

/** Options of a grouped answer, one per leg, to be sold in one brand. */
export type PriceSelection = { request: FlightSearchRequest; optionIds: string[]; brand: FareBrand };

export type SelectionAnswer =
  | { status: 'priced'; itinerary: PricedItinerary }
  /** `field` names the request field at fault, as docs/api.md's 422 paths. */
  | { status: 'invalid'; field: string; message: string }
  | { status: 'expired'; expiredAt: Date; message: string }
  | SoldOutAnswer;

/** A search the supplier cannot run, naming the request field at fault (docs/api.md's 422 paths). */
export class SupplierRequestError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'SupplierRequestError';
  }
}
