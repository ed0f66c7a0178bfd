import { flightEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../platform/module.js';
import type { FlightSupplier } from '../../supplier/port.js';
import { searchMessage, sendSearchAnswer } from './search-answer.js';
import { withSearchCache } from './search-cache.js';
import { createSearchHistoryWriter } from './search-history-writer.js';
import { createDbSeatInventory } from './seat-inventory.js';
import { createFlightService } from './service.js';

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

  route(flightEndpoints.search, async ({ principal, body, request, reply }) => {
    const data = await flights.search(principal, body);
    // Sent here, encoded once per (cached) answer; the registrar sees the reply is sent.
    await sendSearchAnswer(request, reply, data);
    return { message: searchMessage(data.PricedItineraries.PricedItinerary.length), data };
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
