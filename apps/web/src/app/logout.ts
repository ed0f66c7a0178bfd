import { createContext, use } from 'react';
import type { Persistor } from 'redux-persist';
import { loggedOut } from '../features/auth/session-slice';
import type { AppStore } from './store';

export type Logout = () => Promise<void>;

/** spec §4: logout wipes all state and the saved session. Going to the login page is the caller's. */
export function createLogout(store: AppStore, persistor: Persistor): Logout {
  return async () => {
    store.dispatch(loggedOut());
    // Write the wiped state first, so no older write can land after the purge.
    await persistor.flush();
    await persistor.purge();
  };
}

export const LogoutContext = createContext<Logout | null>(null);

export function useLogout(): Logout {
  const logout = use(LogoutContext);
  if (!logout) throw new Error('useLogout must be used inside AppProviders');
  return logout;
}
