import type { Session } from '@skydesk/contract';
import { profileLoaded, sessionStarted } from '../../shared/session/session-slice';
import type { AppThunk } from '../../shared/store/hooks';
import { refreshSession } from './renew-session';

const sessionCalls = () => import('./session-calls');

/**
 * The second factor was accepted (docs/api.md: session `{ token, user }`): the session starts, then
 * `GET /api/me` says for which company and with which permissions. A failure of that second call
 * leaves the session signed in without a profile; the dashboard loads it again (loadProfile).
 */
export const startSession =
  (session: Session): AppThunk<Promise<void>> =>
  async (dispatch) => {
    dispatch(sessionStarted(session));
    await dispatch(loadProfile()).catch(() => {});
  };

/** `GET /api/me` → profileLoaded. Throws the ApiError (already toasted) when it fails. */
export const loadProfile = (): AppThunk<Promise<void>> => async (dispatch) => {
  const { requestProfile } = await sessionCalls();
  dispatch(profileLoaded(await requestProfile()));
};

/**
 * App start with a saved user but no access token (a reload: docs/architecture.md §6 keeps the token in
 * memory only). Asks the refresh cookie for a new one and the profile with it, and only then
 * starts the session, so no screen sees half a session. Answers false, quietly, when the
 * cookie is gone, revoked or expired, or the profile cannot be read: the caller then logs out,
 * which also ends the cookie's session on the server.
 */
export const restoreSession = (): AppThunk<Promise<boolean>> => async (dispatch) => {
  let session: Session;
  try {
    session = await refreshSession();
  } catch {
    return false;
  }
  const { requestProfile } = await sessionCalls();
  try {
    const me = await requestProfile(session.token);
    dispatch(sessionStarted(session));
    dispatch(profileLoaded(me));
    return true;
  } catch {
    return false;
  }
};
