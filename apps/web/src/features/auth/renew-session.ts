import type { Session } from '@skydesk/contract';
import type { AppThunk } from '../../app/store';
import { tokenRenewed } from './session-slice';

let refreshing: Promise<Session> | null = null;

/**
 * A fresh access token from the httpOnly refresh cookie (DESIGN.md §6). The server rotates the
 * cookie on every use and treats a second use of an old one as theft (all sessions end), so
 * calls made while one is under way share it rather than racing it (StrictMode runs start-up
 * effects twice; 'Continue Session' may be pressed during a start-up refresh).
 * Silent: a failure here is never the user's to read (API.md: errors suppressed).
 */
export function refreshSession(): Promise<Session> {
  refreshing ??= import('./session-calls')
    .then(({ requestRefresh }) => requestRefresh())
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * 'Continue Session' in the "Session Expiring Soon" modal (spec §4 leaves open whether it renews
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
