import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  type ActiveRoutes,
  EMPTY_RESULT,
  flightEndpoints,
  type PricedItinerary,
  type SearchBody,
} from '@skydesk/contract';
import { toast } from 'react-hot-toast';
import type { AppThunk } from '../../app/store';
import { ApiError } from '../../shared/http/api-error';
import { apiRequest } from '../../shared/http/api-request';

/**
 * The answers of the flight calls, in memory only (never persisted: server data is fetched fresh).
 * Results are kept for the search that asked for them, so going back from the details to the
 * results shows the same offers instead of searching again.
 */
export type FlightSearchState = {
  /** The search body the results answer, as JSON (its identity). */
  key: string | null;
  status: 'idle' | 'loading' | 'done' | 'empty' | 'failed';
  itineraries: PricedItinerary[];
  searchId: string | null;
  /** When the results arrived (epoch ms); offers expire 30 minutes after the quote. */
  receivedAt: number | null;
  error: string | null;
  routes: ActiveRoutes | null;
};

const initialState: FlightSearchState = {
  key: null,
  status: 'idle',
  itineraries: [],
  searchId: null,
  receivedAt: null,
  error: null,
  routes: null,
};

export const flightSearchSlice = createSlice({
  name: 'flightSearch',
  initialState,
  reducers: {
    searchStarted(state, action: PayloadAction<string>) {
      state.key = action.payload;
      state.status = 'loading';
      state.itineraries = [];
      state.searchId = null;
      state.error = null;
    },
    searchAnswered(
      state,
      action: PayloadAction<{
        key: string;
        searchId: string | null;
        itineraries: PricedItinerary[];
        at: number;
      }>,
    ) {
      if (state.key !== action.payload.key) return;
      state.itineraries = action.payload.itineraries;
      state.searchId = action.payload.searchId;
      state.receivedAt = action.payload.at;
      state.status = action.payload.itineraries.length === 0 ? 'empty' : 'done';
    },
    searchFailed(state, action: PayloadAction<{ key: string; message: string }>) {
      if (state.key !== action.payload.key) return;
      state.status = 'failed';
      state.error = action.payload.message;
    },
    routesLoaded(state, action: PayloadAction<ActiveRoutes>) {
      state.routes = action.payload;
    },
  },
  selectors: {
    selectFlightSearch: (state) => state,
    selectActiveRoutes: (state) => state.routes,
  },
});

export const { searchStarted, searchAnswered, searchFailed, routesLoaded } = flightSearchSlice.actions;
export const { selectFlightSearch, selectActiveRoutes } = flightSearchSlice.selectors;

/** Results older than this are searched again: the offers in them are about to expire. */
const RESULTS_FRESH_MS = 20 * 60_000;

export const searchKey = (body: SearchBody): string => JSON.stringify(body);

/**
 * Runs a search unless its fresh results are already here. A valid search with nothing to sell
 * (404 'No Flight Found!', spec §5) is an empty answer shown as the empty state, not toasted; any
 * other failure is toasted by apiRequest and rethrown for the caller (a 422 carries field errors).
 */
export const runSearch =
  (body: SearchBody, { force = false } = {}): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const key = searchKey(body);
    const current = getState().flightSearch;
    const fresh = current.receivedAt !== null && Date.now() - current.receivedAt < RESULTS_FRESH_MS;
    const answered = current.status === 'done' || current.status === 'empty';
    if (!force && current.key === key && (current.status === 'loading' || (answered && fresh))) return;
    dispatch(searchStarted(key));
    try {
      const result = await apiRequest(flightEndpoints.search, { body, suppressErrors: true });
      const itineraries = result.PricedItineraries.PricedItinerary;
      dispatch(searchAnswered({ key, searchId: result.search_id, itineraries, at: Date.now() }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404 && error.message === EMPTY_RESULT.noFlights) {
        dispatch(searchAnswered({ key, searchId: null, itineraries: [], at: Date.now() }));
        return;
      }
      const message = error instanceof Error ? error.message : EMPTY_RESULT.noFlights;
      // Suppressed above only for the empty answer; every other failure is said as usual (a 401
      // has already been said by the session's end).
      if (!(error instanceof ApiError && error.status === 401)) toast.error(message);
      dispatch(searchFailed({ key, message }));
      throw error;
    }
  };

/** The airports and routes for the autocomplete, fetched once per app start (errors suppressed, spec §7). */
export const loadActiveRoutes = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  if (getState().flightSearch.routes) return;
  dispatch(routesLoaded(await apiRequest(flightEndpoints.activeRoutes)));
};
