import { apiRequest } from '../../../shared/http/api-request';
import { operatorAuthEndpoints } from '../auth/operator-auth-endpoints';

/*
 * The operator session's own calls, made by its lifecycle outside React (decision 010's one
 * exception, as for the agency's session): silent, and a 401 here means "no session", not
 * "session expired".
 */

/** `POST /api/admin/auth/refresh`: the operator refresh cookie (path /api/admin/auth) → a new token. */
export const requestOperatorRefresh = () =>
  apiRequest(operatorAuthEndpoints.refresh, { suppressErrors: true, logoutOn401: false });

/** `GET /api/admin/me` with a token not in the store yet. */
export const requestOperatorProfile = (bearerToken: string) =>
  apiRequest(operatorAuthEndpoints.me, { bearerToken, suppressErrors: true, logoutOn401: false });

/** `POST /api/admin/logout` with the session's last token. Never fails: the local logout happens anyway. */
export const requestOperatorLogout = (bearerToken: string): Promise<void> =>
  apiRequest(operatorAuthEndpoints.logout, { bearerToken, suppressErrors: true, logoutOn401: false }).then(
    () => {},
    () => {},
  );
