import type { PricedItinerary } from '@skydesk/contract';
import type { Clock } from '../../platform/clock.js';
import type { SeatInventory, SeatQuery } from '../../supplier/inventory.js';
import type { FlightSearchAnswer, FlightSearchRequest, FlightSupplier } from '../../supplier/port.js';

/**
 * A shopping cache in front of the supplier, as flight portals keep one (agents search the same
 * popular pairs again and again; a GDS charges per look). An identical search within `ttlMs`
 * is answered from the cache — but only after the seats of every flight it shows are read again
 * and found unchanged, so a cached answer never shows a seat count or a price (booking classes
 * close as seats sell) that the database no longer supports. Anything sold or released on those
 * flights, by this process or another, makes the next identical search a fresh one.
 *
 * What a cached answer can miss within `ttlMs`: a flight that was sold out and has had seats
 * released since (it was not in the answer, so it is not re-checked). Booking re-prices every
 * offer anyway.
 */

export type SearchCacheOptions = {
  /** How long an answer may be reused; 0 turns the cache off. */
  ttlMs: number;
  /** Bound on the itineraries held (a big return search has ~800); least recently used go first. */
  maxItineraries: number;
  clock: Clock;
  inventory: SeatInventory;
};

type Entry = {
  answer: FlightSearchAnswer;
  storedAt: number;
  /** The seats shown, and how many of each were sold when the answer was made. */
  seats: SeatQuery[];
  sold: readonly number[];
};

/** The flight, date and cabin of every segment shown, once each. */
function seatsShown(itineraries: readonly PricedItinerary[]): SeatQuery[] {
  const seen = new Map<string, SeatQuery>();
  for (const itinerary of itineraries) {
    for (const option of itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption) {
      for (const segment of option.FlightSegment) {
        const flight = `${segment.MarketingAirline.Code}${segment.FlightNumber}`;
        const date = segment.DepartureDateTime.slice(0, 10);
        const key = `${flight}/${date}/${segment.CabinClass}`;
        if (!seen.has(key)) seen.set(key, { flight, date, cabin: segment.CabinClass });
      }
    }
  }
  return [...seen.values()];
}

/** The request in one canonical string: the same search always makes the same key. */
const keyOf = (request: FlightSearchRequest) =>
  JSON.stringify([
    request.tripType,
    request.legs.map((leg) => [leg.origin, leg.destination, leg.departureDate]),
    request.passengers.adults,
    request.passengers.children,
    request.passengers.infants,
    request.cabin,
    request.maxStops,
    [...request.preferredAirlines].sort(),
  ]);

const sameCounts = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

export function withSearchCache(supplier: FlightSupplier, options: SearchCacheOptions): FlightSupplier {
  if (options.ttlMs <= 0) return supplier;
  const entries = new Map<string, Entry>();
  let held = 0;

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    held -= entry.answer.itineraries.length;
    entries.delete(key);
  }

  async function fresh(key: string, request: FlightSearchRequest) {
    const answer = await supplier.search(request);
    const seats = seatsShown(answer.itineraries);
    const sold = await options.inventory.soldSeats(seats);
    forget(key);
    entries.set(key, { answer, storedAt: options.clock.now().getTime(), seats, sold });
    held += answer.itineraries.length;
    while (held > options.maxItineraries && entries.size > 1) forget(entries.keys().next().value as string);
    return answer;
  }

  return {
    ...supplier,
    async search(request) {
      const key = keyOf(request);
      const entry = entries.get(key);
      if (!entry || options.clock.now().getTime() - entry.storedAt >= options.ttlMs) {
        return fresh(key, request);
      }
      const soldNow = await options.inventory.soldSeats(entry.seats);
      if (!sameCounts(soldNow, entry.sold)) return fresh(key, request);
      // Most recently used last, so the first key is always the one to evict.
      entries.delete(key);
      entries.set(key, entry);
      return entry.answer;
    },
  };
}
