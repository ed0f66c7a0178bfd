import { api } from '../../../shared/http/api';
import {
  type Operator,
  operatorLoggedOut,
  operatorRestoreFailed,
  operatorSessionStarted,
  operatorTokenRenewed,
  selectOperatorSignedIn,
} from '../../../shared/operator-session/operator-session-slice';
import type { AppThunk } from '../../../shared/store/hooks';
import {
  requestOperatorLogout,
  requestOperatorProfile,
  requestOperatorRefresh,
} from './operator-session-calls';
import { hadOperatorSession, markOperatorSession } from './operator-session-hint';

type OperatorSession = { token: string; operator: Operator };

let refreshing: Promise<OperatorSession> | null = null;

/**
 * A new operator access token from the refresh cookie, which the server rotates on every use:
 * calls made while one runs share it (StrictMode's second effect, 'Continue Session' during the
 * start-up refresh), and tabs take turns through a Web Lock so each sends the newest cookie
 * (decision 004, as for the agency's session).
 */
export function refreshOperatorSession(): Promise<OperatorSession> {
  refreshing ??= acrossTabs(requestOperatorRefresh).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function acrossTabs<T>(call: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('skydesk:refresh-operator-session', call) as Promise<T>) : call();
}

/** The authenticator step passed: the session starts, and this browser remembers it had one. */
export const startOperatorSession =
  (session: OperatorSession): AppThunk =>
  (dispatch) => {
    markOperatorSession(true);
    dispatch(operatorSessionStarted(session));
  };

/**
 * The start of /admin: the token lives in memory only, so a page load of a browser that had an
 * operator signed in asks the operator's refresh cookie for one, then who it belongs to. Only when
 * both answer does the session start; otherwise, quietly, the console shows its sign-in screen.
 */
export const restoreOperatorSession = (): AppThunk<Promise<boolean>> => async (dispatch) => {
  if (!hadOperatorSession()) {
    dispatch(operatorRestoreFailed());
    return false;
  }
  try {
    const session = await refreshOperatorSession();
    const { operator } = await requestOperatorProfile(session.token);
    dispatch(operatorSessionStarted({ token: session.token, operator }));
    return true;
  } catch {
    markOperatorSession(false);
    dispatch(operatorRestoreFailed());
    return false;
  }
};

/** 'Continue Session': a new token restarts the timer; when it cannot, the old one runs out. */
export const renewOperatorSession = (): AppThunk<Promise<boolean>> => async (dispatch) => {
  try {
    const session = await refreshOperatorSession();
    dispatch(operatorTokenRenewed(session.token));
    return true;
  } catch {
    return false;
  }
};

/**
 * Ends the operator's session: the local state at once (the token, and every answer the console
 * fetched with it), then the server's through the refresh cookie. The agency's session, if this browser
 * has one, is not touched.
 */
export const logoutOperator =
  (): AppThunk<Promise<void>> =>
  async (dispatch, getState): Promise<void> => {
    const signedIn = selectOperatorSignedIn(getState() as Parameters<typeof selectOperatorSignedIn>[0]);
    markOperatorSession(false);
    dispatch(operatorLoggedOut());
    dispatch(api.util.resetApiState());
    if (signedIn) await requestOperatorLogout();
  };
