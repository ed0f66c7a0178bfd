import {
  EMPTY_RESULT,
  flightEndpoints,
  type GroupedSearchResult,
  NoFlightsFound,
  type PricedItinerary,
  type PriceSelectionBody,
  type ResponseOf,
  type SearchBody,
  type SearchHistoryEntry,
  type SearchHistoryPage,
} from '@skydesk/contract';
import { toast } from 'react-hot-toast';
import { api } from '../../shared/http/api';
import { contractQuery } from '../../shared/http/contract-endpoints';

/**
 * A search's offers as the results show them (`searchId` null for an empty answer), and the
 * suppliers that did not answer in time (issue 29: empty when all did).
 */
export type SearchResults = {
  searchId: string | null;
  itineraries: PricedItinerary[];
  missingSuppliers: string[];
};

/**
 * How long a search's results are kept and trusted (in seconds): going back from the details to
 * the results shows the same offers instead of searching again, but offers expire 30 minutes
 * after the quote, so older results are searched again.
 */
export const RESULTS_FRESH_SECONDS = 20 * 60;

/**
 * A grouped search with nothing on sale (the 404 'No Flight Found!'), and the suppliers that did
 * not answer it (issue 29: they may have flights; the empty state says so).
 */
export type NoTrips = { search_id: null; missing_suppliers: string[] };

/**
 * Who did not answer a search that found nothing (issue 29): the 404's `data.missing_suppliers`,
 * none when the 404 is the bare failure (every supplier answered).
 */
const missingOf = (failure: { data?: unknown }): string[] =>
  NoFlightsFound.safeParse(failure.data).data?.missing_suppliers ?? [];

export const flightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `POST /api/search`. A valid search with nothing to sell (404 'No Flight Found!', docs/product-spec.md §5) is
     * an empty answer shown as the empty state, not toasted; any other failure is said as usual
     * (a 401 has already been said by the session's end) and kept for the screen (a 422 carries
     * field errors).
     */
    search: build.query<SearchResults, SearchBody>({
      async queryFn(body, { signal }, _extraOptions, baseQuery) {
        const answer = await baseQuery({ endpoint: flightEndpoints.search, body, suppressErrors: true });
        if (!answer.error) {
          const result = answer.data as ResponseOf<typeof flightEndpoints.search>;
          // This query asks for the flat view (the default); the grouped one has its own query.
          if (!('PricedItineraries' in result)) throw new Error('Expected the flat search answer');
          return {
            data: {
              searchId: result.search_id,
              itineraries: result.PricedItineraries.PricedItinerary,
              missingSuppliers: result.missing_suppliers ?? [],
            },
          };
        }
        const failure = answer.error;
        if (failure.status === 404 && failure.message === EMPTY_RESULT.noFlights)
          return { data: { searchId: null, itineraries: [], missingSuppliers: missingOf(failure) } };
        // A 401 was said by the session's end, a 403 is the screen's permission state.
        if (failure.status !== 401 && failure.status !== 403 && !signal.aborted) toast.error(failure.message);
        return { error: failure };
      },
      keepUnusedDataFor: RESULTS_FRESH_SECONDS,
      // An offer its supplier no longer sells (a 410 when booking it) stales the results kept.
      providesTags: ['Searches'],
    }),
    /**
     * `POST /api/search` with `view: "itineraries"` (issue 16): a return or multi-city answer as
     * each leg's options once, with the whole-trip totals per combination. `NoTrips`: nothing on
     * sale (the 404 'No Flight Found!'), shown as the empty state; other failures as the flat
     * search's.
     */
    searchGrouped: build.query<GroupedSearchResult | NoTrips, SearchBody>({
      async queryFn(body, { signal }, _extraOptions, baseQuery) {
        const answer = await baseQuery({
          endpoint: flightEndpoints.search,
          body: { ...body, view: 'itineraries' },
          suppressErrors: true,
        });
        if (!answer.error) {
          const result = answer.data as ResponseOf<typeof flightEndpoints.search>;
          if (!('legs' in result)) throw new Error('Expected the grouped search answer');
          return { data: result };
        }
        const failure = answer.error;
        if (failure.status === 404 && failure.message === EMPTY_RESULT.noFlights)
          return { data: { search_id: null, missing_suppliers: missingOf(failure) } };
        // A 401 was said by the session's end, a 403 is the screen's permission state.
        if (failure.status !== 401 && failure.status !== 403 && !signal.aborted) toast.error(failure.message);
        return { error: failure };
      },
      keepUnusedDataFor: RESULTS_FRESH_SECONDS,
      providesTags: ['Searches'],
    }),
    /**
     * `POST /api/search/price`: the offer for the chosen options in one brand. Its failures are
     * the screen's to explain (409 sold out with the brands now, 410/422 a stale search), so none
     * is toasted.
     */
    priceSelection: build.mutation<PricedItinerary, PriceSelectionBody>({
      query: (body) => ({ endpoint: flightEndpoints.priceSelection, body, suppressErrors: true }),
    }),
    /** The fare strip's seven days; extra information, so its failures are not toasted. */
    fareCalendar: contractQuery(build, flightEndpoints.fareCalendar, { suppressErrors: true }),
    /** One page of the history with how many searches match (issue 30): asked with `view: 'page'`. */
    searchHistory: contractQuery(build, flightEndpoints.searchHistory, {
      providesTags: ['SearchHistory'],
      transformResponse: (answer): SearchHistoryPage => {
        if (Array.isArray(answer)) throw new Error('Expected a page of the search history');
        return answer;
      },
    }),
    /** The latest searches as a convenience beside the form: when it fails, it is simply not shown. */
    recentSearches: contractQuery(build, flightEndpoints.searchHistory, {
      suppressErrors: true,
      providesTags: ['SearchHistory'],
      transformResponse: (answer): SearchHistoryEntry[] => (Array.isArray(answer) ? answer : answer.searches),
    }),
  }),
});
