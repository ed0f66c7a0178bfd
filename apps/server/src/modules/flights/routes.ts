import { flightEndpoints } from '@skydesk/contract';
import { isExpectedOutage } from '../../platform/db/store-health.js';
import { REPLY_SENT } from '../../platform/http/endpoint-route.js';
import type { ModuleContext } from '../../platform/module.js';
import type { FlightSupplier } from '../../supplier/port.js';
import type { SearchRunner } from '../../supplier/search-runner.js';
import { acceptsGzip, sendSearchAnswer } from './search-answer.js';
import { withSearchCache } from './search-cache.js';
import { createSearchHistoryWriter } from './search-history-writer.js';
import { createFlightService } from './service.js';

/** Bound on the shopping cache: a big return search holds ~800 itineraries (a few MB). */
const SEARCH_CACHE_MAX_ITINERARIES = 20_000;

export function registerFlightRoutes(
  { route, store, config, clock, log }: ModuleContext,
  supplier: FlightSupplier,
  runner: SearchRunner,
) {
  // A cached answer is only reused after its seats are read again: no inventory, no cache.
  const cachedRunner = supplier.inventory
    ? withSearchCache(runner, {
        ttlMs: config.searchCacheSeconds * 1000,
        maxItineraries: SEARCH_CACHE_MAX_ITINERARIES,
        clock,
        inventory: supplier.inventory,
      })
    : runner;
  const historyWriter = createSearchHistoryWriter({
    db: store.db,
    // Storage that can't write was logged once as it began (issue 28): not for every batch.
    onError: (error) =>
      isExpectedOutage(error)
        ? log.debug({ err: error }, 'search history rows not written: storage unavailable')
        : log.error({ err: error }, 'search history rows could not be written'),
  });
  const flights = createFlightService({ db: store.db, supplier, runner: cachedRunner, clock, historyWriter });

  route(flightEndpoints.activeRoutes, async () => {
    // The search form asks for the routes as it opens: its search follows.
    cachedRunner.warm();
    return { message: 'Active routes', data: await flights.routes() };
  });

  route(flightEndpoints.search, async ({ principal, body, request, reply }) => {
    const gzip = acceptsGzip(request);
    const { searchId, outcome } = await flights.search(principal, body, { gzip });
    // Issue 33: the agency's selling prices are this agency's own, added to a copy of the answer.
    const sold = await flights.withSelling(principal, outcome, { gzip });
    // Sent here: the answer was encoded where it was made (search-outcome.ts).
    await sendSearchAnswer(request, reply, sold.answer, searchId);
    return REPLY_SENT;
  });

  route(flightEndpoints.priceSelection, async ({ principal, body }) => ({
    message: 'Priced offer',
    data: await flights.priceSelection(principal, body),
  }));

  route(flightEndpoints.fareCalendar, async ({ body }) => ({
    message: 'Lowest fares around the chosen date',
    data: await flights.fareCalendar(body),
  }));

  route(flightEndpoints.searchHistory, async ({ principal, query }) => ({
    message: 'Search history',
    data: await flights.history(principal, query),
  }));

  /** The app flushes the queued history rows and stops the search workers when it closes. */
  return { historyWriter, runner: cachedRunner };
}
