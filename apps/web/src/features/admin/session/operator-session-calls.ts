import { adminAuthEndpoints } from '@skydesk/contract';
import { apiRequest } from '../../../shared/http/api-request';

/*
 * The operator session's own calls, made by its lifecycle outside React (decision 010's one
 * exception, as for the agency's session): silent, and a 401 here means "no session", not
 * "session expired".
 */

/** `POST /api/admin/auth/refresh`: the operator refresh cookie (path /api/admin/auth) → a new token. */
export const requestOperatorRefresh = () =>
  apiRequest(adminAuthEndpoints.refresh, { suppressErrors: true, logoutOn401: false });

/** `GET /api/admin/me` with a token not in the store yet. */
export const requestOperatorProfile = (bearerToken: string) =>
  apiRequest(adminAuthEndpoints.me, { bearerToken, suppressErrors: true, logoutOn401: false });

/**
 * Ends the session on the server through the operator's refresh cookie
 * (`POST /api/admin/auth/logout`), which works even after the access token expired (the timer's
 * logout, a 401). Never fails: the local logout happens regardless.
 */
export const requestOperatorLogout = (): Promise<void> =>
  apiRequest(adminAuthEndpoints.endSession, { suppressErrors: true, logoutOn401: false }).then(
    () => {},
    () => {},
  );
