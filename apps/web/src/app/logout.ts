import { createContext, use } from 'react';
import type { Persistor } from 'redux-persist';
import { api } from '../shared/http/api';
import { loggedOut, selectSessionUser } from '../shared/session/session-slice';
import type { AppStore } from './store';

export type Logout = () => Promise<void>;

/**
 * docs/product-spec.md §4: logout wipes all state and the saved session; the server ends the session too, through
 * the refresh cookie, so it works after the access token expired. Going to the login page is the
 * caller's.
 *
 * The local wipe comes first and at once, so no screen renders signed in while the server is
 * asked; the server call's failure (offline, the session already over) changes nothing: the user
 * is signed out here either way.
 */
export function createLogout(store: AppStore, persistor: Persistor): Logout {
  return async () => {
    const signedIn = selectSessionUser(store.getState()) !== null;
    store.dispatch(loggedOut());
    // The API's own bookkeeping (subscriptions, timers) starts over with its emptied cache.
    store.dispatch(api.util.resetApiState());
    const endOnServer = signedIn
      ? import('../features/auth/session-calls').then(
          ({ requestLogout }) => requestLogout(),
          () => {},
        )
      : Promise.resolve();
    // Write the wiped state first, so no older write can land after the purge.
    await Promise.all([endOnServer, persistor.flush().then(() => persistor.purge())]);
  };
}

export const LogoutContext = createContext<Logout | null>(null);

export function useLogout(): Logout {
  const logout = use(LogoutContext);
  if (!logout) throw new Error('useLogout must be used inside AppProviders');
  return logout;
}
