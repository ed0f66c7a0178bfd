import { type ReactNode, useEffect } from 'react';
import { restoreSession } from '../features/auth/start-session';
import { selectSessionToRestore } from '../shared/session/session-slice';
import { useAppDispatch, useAppSelector } from '../shared/store/hooks';
import { FullPageLoader } from '../shared/ui/spinner';
import { useLogout } from './logout';

/**
 * docs/architecture.md §6 at start: the saved session has the user but never the access token. Until the
 * refresh cookie has given a new one (and the profile with it), no screen renders: a spinner
 * shows. When the cookie cannot (signed out elsewhere, expired, revoked), the saved session is
 * cleared without a word and the screens render signed out (the dashboard sends to sign in).
 */
export function SessionRestore({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const logout = useLogout();
  const needsToken = useAppSelector(selectSessionToRestore);

  useEffect(() => {
    if (!needsToken) return;
    // Repeated runs (StrictMode) share one refresh call (refreshSession).
    void dispatch(restoreSession()).then((restored) => {
      if (!restored) return logout();
    });
  }, [needsToken, dispatch, logout]);

  if (needsToken) return <FullPageLoader label="Restoring your session" />;
  return children;
}
