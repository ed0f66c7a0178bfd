import { flightEndpoints, type PricedItinerary } from '@skydesk/contract';
import type { ModuleContext } from '../../platform/module.js';
import type { FlightSupplier } from '../../supplier/port.js';
import { withSearchCache } from './search-cache.js';
import { createSearchHistoryWriter } from './search-history-writer.js';
import { createDbSeatInventory } from './seat-inventory.js';
import { createFlightService } from './service.js';

/**
 * The JSON of an answer's itineraries, made once per answer: a cached answer (the same array)
 * is sent again and again, and a big one is a few MB to serialize.
 */
const serialized = new WeakMap<readonly PricedItinerary[], Buffer>();
function itinerariesJson(itineraries: readonly PricedItinerary[]): Buffer {
  let json = serialized.get(itineraries);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(itineraries));
    serialized.set(itineraries, json);
  }
  return json;
}

/** Bound on the shopping cache: a big return search holds ~800 itineraries (a few MB). */
const SEARCH_CACHE_MAX_ITINERARIES = 20_000;

export function registerFlightRoutes(
  { route, store, config, clock, log }: ModuleContext,
  supplier: FlightSupplier,
) {
  const cachedSupplier = withSearchCache(supplier, {
    ttlMs: config.searchCacheSeconds * 1000,
    maxItineraries: SEARCH_CACHE_MAX_ITINERARIES,
    clock,
    inventory: createDbSeatInventory(store.db),
  });
  const historyWriter = createSearchHistoryWriter({
    db: store.db,
    onError: (error) => log.error({ err: error }, 'search history rows could not be written'),
  });
  const flights = createFlightService({ db: store.db, supplier: cachedSupplier, clock, historyWriter });

  route(flightEndpoints.activeRoutes, async () => ({
    message: 'Active routes',
    data: await flights.routes(),
  }));

  route(flightEndpoints.search, async ({ principal, body }) => {
    const data = await flights.search(principal, body);
    const itineraries = data.PricedItineraries.PricedItinerary;
    return {
      message: `${itineraries.length} itineraries found`,
      data,
      dataJson: Buffer.concat([
        Buffer.from(`{"search_id":${JSON.stringify(data.search_id)},"PricedItineraries":{"PricedItinerary":`),
        itinerariesJson(itineraries),
        Buffer.from('}}'),
      ]),
    };
  });

  route(flightEndpoints.fareCalendar, async ({ body }) => ({
    message: 'Lowest fares around the chosen date',
    data: await flights.fareCalendar(body),
  }));

  route(flightEndpoints.searchHistory, async ({ principal }) => ({
    message: 'Search history',
    data: await flights.history(principal),
  }));

  /** The app flushes the queued history rows when it closes. */
  return { historyWriter };
}
