import type { Session } from '@skydesk/contract';
import { tokenRenewed } from '../../shared/session/session-slice';
import type { AppThunk } from '../../shared/store/hooks';

let refreshing: Promise<Session> | null = null;

/**
 * A fresh access token from the httpOnly refresh cookie (docs/architecture.md §6). The server rotates the
 * cookie on every use and treats a second use of an old one as theft (all sessions end), so
 * calls made while one is under way share it rather than racing it (StrictMode runs start-up
 * effects twice; 'Continue Session' may be pressed during a start-up refresh).
 * Silent: a failure here is never the user's to read (docs/api.md: errors suppressed).
 */
export function refreshSession(): Promise<Session> {
  refreshing ??= import('./session-calls')
    .then(({ requestRefresh }) => acrossTabs(requestRefresh))
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * Other tabs of the same browser share the cookie: a Web Lock makes their refreshes take turns,
 * so each one sends the cookie the previous one received instead of the one it replaced. (Web
 * Locks exist in secure contexts, localhost included; elsewhere the call runs as it is.)
 */
function acrossTabs<T>(call: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('skydesk:refresh-session', call) as Promise<T>) : call();
}

/**
 * 'Continue Session' in the "Session Expiring Soon" modal (docs/product-spec.md §4 leaves open whether it renews
 * the token; here it does): a new access token, so the session timer starts over from its
 * expiry. Answers whether it worked; when it did not, the old token runs out as the spec says.
 */
export const renewSession =
  (): AppThunk<Promise<boolean>> =>
  async (dispatch): Promise<boolean> => {
    try {
      const session = await refreshSession();
      dispatch(tokenRenewed(session.token));
      return true;
    } catch {
      return false;
    }
  };
