import type { BagOffer, Cabin, FareBrand, PassengerType, PricedItinerary } from '@skydesk/contract';
import type { RemoteOffer, SupplierCode } from './remote-orders.js';
import { fareFlightsOf } from './seat-maps.js';

/**
 * Extra bags through the supplier port (issue 31). The portal asks what bags a party may add on the
 * flights of an offer or a booking; a supplier that sells them answers one offer per passenger who
 * may check a bag (an infant on a lap has no allowance of its own) and flight, beside the allowance
 * the fare includes.
 */

/** One flight of an offer or a booking, as pricing its bags needs it. */
export type BagFlight = {
  /** 0-based across the trip's flights, as the booking's segments. */
  segmentIndex: number;
  /** Flight designator, 'BA117': a bag's price varies a little per route, not per day. */
  flight: string;
  /** The fare's cabin: its extra bags weigh 23 kg in Economy and Premium, 32 kg above. */
  cabin: Cabin;
  /** Block time in minutes: bags cost more on longer flights. */
  blockMinutes: number;
  brand: FareBrand;
  /** What the fare includes on this flight (the itinerary's `FareInfos[].Baggage`). */
  included: { pieces: number; weightKg: number };
};

/** Extra bags one passenger already has on one flight (bought at booking or after). */
export type BagsBought = { passengerIndex: number; segmentIndex: number; quantity: number };

export type BagOfferRequest = {
  flights: readonly BagFlight[];
  /** The party, in the booking's passenger order. */
  passengers: readonly PassengerType[];
  /** Bags already bought: the offer's `max_quantity` is what is left of the airline's maximum. */
  bought?: readonly BagsBought[];
  /**
   * A remote supplier's priced offer (Duffel): its bags are the supplier's, read with its own
   * offer id; the party's passengers are its passenger ids.
   */
  remote?: { supplier: SupplierCode; offer: RemoteOffer };
};

/** One bag request (a ServiceRequest of type 'bag'), as the contract names its fields. */
export type BagRequest = { passenger_index: number; segment_index: number; quantity: number };

export type BagQuote = BagRequest & { weightKg: number; unitMinor: number; amountMinor: number };

/** Bag requests priced all or none, or the first refused with its field and why in words. */
export type BagQuotes =
  | { ok: true; quotes: BagQuote[]; totalMinor: number }
  | { ok: false; index: number; field: 'passenger_index' | 'segment_index' | 'quantity'; message: string };

export type SupplierBagOffers = {
  /** Passenger by passenger, flight by flight; none for an infant. */
  bagOffers(request: BagOfferRequest): Promise<BagOffer[]>;
  /**
   * Prices a party's bag requests on a booking's flights, counting those already bought (bags added
   * after issue). Without it, no bag is sold after booking.
   */
  quoteBags?(request: BagOfferRequest & { requests: readonly BagRequest[] }): Promise<BagQuotes>;
};

/**
 * The flights of an itinerary as bags need them, numbered across its legs, each with the allowance
 * its fare component includes (`FareInfos[].Baggage`, by `SegmentRef`).
 */
export const bagFlightsOf = (itinerary: PricedItinerary): BagFlight[] =>
  fareFlightsOf(itinerary).map(({ segment, index, fare }) => ({
    segmentIndex: index,
    flight: `${segment.MarketingAirline.Code}${segment.FlightNumber}`,
    cabin: segment.CabinClass,
    blockMinutes: segment.ElapsedTime,
    brand: fare.BrandName,
    included: { pieces: fare.Baggage.Pieces, weightKg: fare.Baggage.WeightKg },
  }));
