import type { Clock } from '../../platform/clock.js';
import type { SeatInventory } from '../../supplier/inventory.js';
import type { FlightSearchRequest } from '../../supplier/port.js';
import type { SearchOutcome } from '../../supplier/search-outcome.js';
import type { SearchRunner } from '../../supplier/search-runner.js';

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
  outcome: SearchOutcome;
  storedAt: number;
  /** How many of each seat shown were sold when the answer was made. */
  sold: readonly number[];
};

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
    request.view ?? 'flat',
  ]);

const sameCounts = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

export function withSearchCache(
  runner: SearchRunner,
  options: SearchCacheOptions,
): SearchRunner & { /** Itineraries the cache holds now. */ heldItineraries(): number } {
  if (options.ttlMs <= 0) return { ...runner, heldItineraries: () => 0 };
  const entries = new Map<string, Entry>();
  let held = 0;
  let sweptAt = 0;

  /**
   * Drops the answers past their time to live, at most once a second. Left until the bound pushed
   * them out, they held memory for nothing: a day of varied searches filled the cache to its
   * 20,000 itineraries over many minutes, and the server's memory crept up with it (issue 17's
   * soak). Now it holds the last minute's answers only.
   */
  function dropExpired(now: number) {
    if (now - sweptAt < 1_000) return;
    sweptAt = now;
    for (const [key, entry] of entries) {
      if (now - entry.storedAt >= options.ttlMs || now >= (entry.outcome.expiresAt ?? Infinity)) forget(key);
    }
  }

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    held -= entry.outcome.count;
    entries.delete(key);
  }

  async function fresh(key: string, request: FlightSearchRequest, gzip: boolean) {
    const outcome = await runner.search(request, { gzip });
    // The sandbox says what it priced with; otherwise the seats shown are read once more.
    // Issue 29: an answer without a supplier that did not answer is not kept (searching again
    // should ask it again).
    if (outcome.missingSuppliers && outcome.missingSuppliers.length > 0) {
      forget(key);
      return outcome;
    }
    const sold = outcome.sold ?? (await options.inventory.soldSeats(outcome.seats));
    const now = options.clock.now().getTime();
    forget(key);
    dropExpired(now);
    entries.set(key, { outcome, storedAt: now, sold });
    held += outcome.count;
    while (held > options.maxItineraries && entries.size > 1) forget(entries.keys().next().value as string);
    return outcome;
  }

  return {
    async search(request, { gzip }) {
      const key = keyOf(request);
      const entry = entries.get(key);
      const now = options.clock.now().getTime();
      // A remote supplier's offers are not shown past their life (issue 29).
      if (!entry || now - entry.storedAt >= options.ttlMs || now >= (entry.outcome.expiresAt ?? Infinity)) {
        return fresh(key, request, gzip);
      }
      const soldNow = await options.inventory.soldSeats(entry.outcome.seats);
      if (!sameCounts(soldNow, entry.sold)) return fresh(key, request, gzip);
      // Most recently used last, so the first key is always the one to evict.
      entries.delete(key);
      entries.set(key, entry);
      return entry.outcome;
    },
    heldItineraries: () => held,
    // Not cached: without an answer to sign and encode, a lowest fare is a small part of a search.
    lowestFare: (request) => runner.lowestFare(request),
    warm: () => runner.warm(),
    close: () => runner.close(),
  };
}
