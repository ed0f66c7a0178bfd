import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { type LoginRedirectState, paths } from '../shared/routing/paths';
import { selectSessionUser } from '../shared/session/session-slice';
import { useAppSelector } from '../shared/store/hooks';

/**
 * The dashboard needs a signed-in user: anyone else goes to the login page, which receives where
 * they were going in the location state (so signing in can take them there).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectSessionUser);
  const location = useLocation();
  if (!user) {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return children;
}
