import { authEndpoints } from '@skydesk/contract';
import { apiRequest } from '../../shared/http/api-request';

/**
 * The session's own calls. Loaded on demand (see sessionCalls): they bring the contract's auth
 * schemas and zod with them, which the start-up bundle otherwise does without.
 */

/** `POST /api/auth/refresh`: silent, and a 401 here is "no session", not "session expired". */
export const requestRefresh = () =>
  apiRequest(authEndpoints.refresh, { suppressErrors: true, logoutOn401: false });

/** `GET /api/me` with the session's token, or quietly with a token not in the store yet. */
export const requestProfile = (bearerToken?: string) =>
  bearerToken
    ? apiRequest(authEndpoints.me, { bearerToken, suppressErrors: true, logoutOn401: false })
    : apiRequest(authEndpoints.me);

/**
 * Ends the session on the server through the refresh cookie (`POST /api/auth/logout`), which
 * works even when the access token has already expired (the session timer's logout, a 401).
 * Never fails: the local logout happens regardless.
 */
export const requestLogout = (): Promise<void> =>
  apiRequest(authEndpoints.endSession, { suppressErrors: true, logoutOn401: false }).then(
    () => {},
    () => {},
  );
