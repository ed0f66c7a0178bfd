import { combineSlices, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import {
  createTransform,
  FLUSH,
  PAUSE,
  PERSIST,
  type PersistConfig,
  type PersistedState,
  PURGE,
  persistReducer,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { bookingDraftSlice } from '../entities/booking-draft/booking-draft-slice';
import { searchDraftSlice } from '../entities/flight-search/search-draft-slice';
import { signInSlice } from '../features/auth/sign-in-slice';
import { api } from '../shared/http/api';
import type { OperatorSessionState } from '../shared/operator-session/operator-session-slice';
import {
  initialSessionState,
  loggedOut,
  type SessionState,
  sessionSlice,
} from '../shared/session/session-slice';

/**
 * Slices that join the store with the screens using them, so the agency's start-up bundle
 * carries none of their code: the operator console's session (injected by app/admin when the
 * console loads; memory only, left out of the whitelist below).
 */
export type LazySlices = { operatorSession: OperatorSessionState };

export const appReducer = combineSlices(
  sessionSlice,
  // In memory only: the sign-in challenge is a credential (left out of the whitelist below).
  signInSlice,
  searchDraftSlice,
  bookingDraftSlice,
  // In memory only: the API's answers (search results, airports, …) are server data, fetched
  // fresh after a reload (decision 010).
  api,
).withLazyLoadedSlices<LazySlices>();

export type RootState = ReturnType<typeof appReducer>;

/**
 * docs/product-spec.md §4: logout wipes all state — every slice back to its initial value — except the operator
 * console's session, which is another principal's and ends by its own logout.
 */
const rootReducer = (state: RootState | undefined, action: UnknownAction): RootState =>
  appReducer(loggedOut.match(action) ? operatorSessionOnly(state) : state, action);

const operatorSessionOnly = (state: RootState | undefined): RootState | undefined =>
  state?.operatorSession ? ({ operatorSession: state.operatorSession } as RootState) : undefined;

/** What of the session is written to storage: never the access token (docs/architecture.md §6). */
type SavedSession = Pick<SessionState, 'user' | 'expiresAt'>;

const sessionWithoutToken = createTransform<SessionState, SavedSession>(
  (session) => ({ user: session.user, expiresAt: session.expiresAt }),
  (saved) => ({ ...initialSessionState, user: saved.user ?? null, expiresAt: saved.expiresAt ?? null }),
  { whitelist: [sessionSlice.reducerPath] },
);

const PERSIST_KEY = 'skydesk';
/** The local-storage item redux-persist keeps them in (its `persist:` prefix and the key). */
export const PERSISTED_ITEM = `persist:${PERSIST_KEY}`;

/**
 * docs/product-spec.md §3, §4, §9: the session and the form drafts are saved in local storage under one key and
 * read back at start within 5000 ms. Server data is never persisted: it is fetched fresh.
 */
const persistConfig: PersistConfig<RootState> = {
  key: PERSIST_KEY,
  version: 1,
  storage,
  timeout: 5000,
  whitelist: [sessionSlice.reducerPath, searchDraftSlice.reducerPath, bookingDraftSlice.reducerPath],
  transforms: [sessionWithoutToken],
};

const persistedReducer = () => persistReducer(persistConfig, rootReducer);

/**
 * A fresh store; tests pass the state they start from. Its persisted reducer is its own:
 * redux-persist keeps its writer and its paused flag in the reducer, so stores sharing one (a
 * test file's) wrote each other's state — an earlier test's store, still dispatching, saved its
 * signed-in session after the next test had signed out.
 */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: persistedReducer(),
    // The persisted reducer's type asks for `_persist` up front; redux-persist adds it itself.
    preloadedState: preloadedState as (RootState & PersistedState) | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        // redux-persist's own actions carry functions (its documented setting for Redux Toolkit).
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
