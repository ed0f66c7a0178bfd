import {
  AppError,
  adminSupportEndpoints,
  type Endpoint,
  LIVE_CLOSE,
  noticeEndpoints,
} from '@skydesk/contract';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { AccessGuard, CompanyPrincipal, OperatorPrincipal } from '../../platform/http/principal.js';
import { AUDIENCE } from '../../platform/security/tokens.js';

/**
 * A socket is open to whoever may read the agency's notifications — any user of any agency that is
 * not suspended, with a live session — or to a signed-in operator (the support queue): the
 * endpoints' own access rules, not a copy of them.
 */
const COMPANY_ACCESS = noticeEndpoints.notifications;
const OPERATOR_ACCESS = adminSupportEndpoints.tickets;

export type LivePrincipal = CompanyPrincipal | OperatorPrincipal;

export type LiveCredentials = { principal: LivePrincipal; expiresAtMs: number };

export type LiveRefusal = { code: number; reason: string };

/** The server could not check the token now (the store down): the client tries again later. */
const UNAVAILABLE: LiveRefusal = { code: 1011, reason: 'Live updates are unavailable, try again later' };

/** Which kind of principal a token claims to be (checked for real by the guard afterwards). */
function claimedAudience(token: string): string | null {
  try {
    const { aud } = decodeJwt(token);
    return typeof aud === 'string' ? aud : null;
  } catch {
    return null;
  }
}

/**
 * Checks an access token exactly as an HTTP call would be checked — GET /api/notification for an
 * agency user's, GET /api/admin/tickets for an operator's: the app's own access guard (signature,
 * audience, expiry, the session live and current, the user active, the agency not suspended) on a
 * request that carries the token as its Authorization.
 */
export function createLiveAuthenticator(guard: AccessGuard) {
  return async (token: string): Promise<LiveCredentials | LiveRefusal> => {
    const request = requestCarrying(token);
    const access = claimedAudience(token) === AUDIENCE.operator ? OPERATOR_ACCESS : COMPANY_ACCESS;
    try {
      const principal = await guard(request, access);
      if (principal?.kind !== 'company' && principal?.kind !== 'operator') return LIVE_CLOSE.forbidden;
      // The guard checked the signature and `exp` already; reading `exp` again is safe.
      const { exp } = decodeJwt(token);
      if (typeof exp !== 'number') return LIVE_CLOSE.unauthorized;
      return { principal, expiresAtMs: exp * 1000 };
    } catch (error) {
      if (error instanceof AppError && error.code === 'unauthorized') return LIVE_CLOSE.unauthorized;
      if (error instanceof AppError && error.code === 'forbidden') return LIVE_CLOSE.forbidden;
      return UNAVAILABLE;
    }
  };
}

export type LiveAuthenticator = ReturnType<typeof createLiveAuthenticator>;

/** A stand-in request that carries the socket's token, for the app's own access guard. */
const requestCarrying = (token: string) =>
  ({ headers: { authorization: `Bearer ${token}` }, cookies: {} }) as unknown as FastifyRequest;

/**
 * What a socket's frame may do, checked as the HTTP call doing the same would be: the guard of
 * that endpoint (its principal, its permission, an approved agency) on the socket's token. Throws
 * the guard's AppError (401/403) as the call would answer it.
 */
export function createFrameAuthorizer(guard: AccessGuard) {
  return async (token: string, endpoint: Endpoint): Promise<LivePrincipal> => {
    const principal = await guard(requestCarrying(token), endpoint);
    if (principal?.kind !== 'company' && principal?.kind !== 'operator') {
      throw new AppError('forbidden', LIVE_CLOSE.forbidden.reason);
    }
    return principal;
  };
}

export type FrameAuthorizer = ReturnType<typeof createFrameAuthorizer>;

export const isRefusal = (outcome: LiveCredentials | LiveRefusal): outcome is LiveRefusal =>
  'code' in outcome;

/** The same person behind two principals (a renewed token must not switch to someone else). */
export function samePerson(a: LivePrincipal, b: LivePrincipal): boolean {
  if (a.kind === 'company' && b.kind === 'company')
    return a.userId === b.userId && a.companyId === b.companyId;
  if (a.kind === 'operator' && b.kind === 'operator') return a.operatorId === b.operatorId;
  return false;
}
