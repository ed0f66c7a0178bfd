import type { Money, PricedItinerary } from '@skydesk/contract';
import type { FlightSearchRequest, FlightShopping } from './port.js';
import { outcomeOf, type SearchOutcome } from './search-outcome.js';

/**
 * Runs a search and hands back its outcome, encoded for the wire. The embedded GDS runs on worker
 * threads (sandbox/search-pool.ts); any other supplier — a real one waits on the network, not the CPU — runs
 * on the event loop here. Throws the supplier's SupplierRequestError for a request it cannot run.
 */
export type SearchRunner = {
  search(request: FlightSearchRequest, options: { gzip: boolean }): Promise<SearchOutcome>;
  /** The lowest total of a search (the fare strip), without its answer. */
  lowestFare(request: FlightSearchRequest): Promise<Money | null>;
  /** A search is likely soon (a search form asked for the routes): be ready to run it. */
  warm(): void;
  close(): Promise<void>;
};

export function inThreadRunner(supplier: FlightShopping): SearchRunner {
  return {
    search: async (request, options) => outcomeOf(await supplier.search(request), options),
    lowestFare: async (request) =>
      supplier.lowestFare
        ? supplier.lowestFare(request)
        : lowestTotal((await supplier.search(request)).itineraries),
    warm: () => {},
    close: async () => {},
  };
}

function lowestTotal(itineraries: readonly PricedItinerary[]): Money | null {
  let lowest: Money | null = null;
  for (const itinerary of itineraries) {
    const total = itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare;
    if (!lowest || total.Amount < lowest.Amount) lowest = total;
  }
  return lowest;
}
