import { AppError, LIVE_CLOSE, noticeEndpoints } from '@skydesk/contract';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { AccessGuard, CompanyPrincipal } from '../../platform/http/principal.js';

/**
 * A socket is open to whoever may read the agency's notifications: any user of any agency that is
 * not suspended, with a live session (the endpoint's access rules, not a copy of them).
 */
const LIVE_ACCESS = noticeEndpoints.notifications;

export type LiveCredentials = { principal: CompanyPrincipal; expiresAtMs: number };

export type LiveRefusal = { code: number; reason: string };

/** The server could not check the token now (the store down): the client tries again later. */
const UNAVAILABLE: LiveRefusal = { code: 1011, reason: 'Live updates are unavailable, try again later' };

/**
 * Checks an access token exactly as an HTTP call to GET /api/notification would be checked: the
 * app's own access guard (signature, audience, expiry, the session live and current, the user
 * active, the agency not suspended) on a request that carries the token as its Authorization.
 */
export function createLiveAuthenticator(guard: AccessGuard) {
  return async (token: string): Promise<LiveCredentials | LiveRefusal> => {
    const request = {
      headers: { authorization: `Bearer ${token}` },
      cookies: {},
    } as unknown as FastifyRequest;
    try {
      const principal = await guard(request, LIVE_ACCESS);
      if (principal?.kind !== 'company') return LIVE_CLOSE.forbidden;
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

export const isRefusal = (outcome: LiveCredentials | LiveRefusal): outcome is LiveRefusal =>
  'code' in outcome;
