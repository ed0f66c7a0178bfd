import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.js';

/**
 * The refresh cookie (docs/architecture.md §6): httpOnly, SameSite=Strict, Secure over https, scoped to the
 * path of its principal's refresh calls — `/api/auth` for agency users, `/api/admin/auth` for
 * operators. Neither path contains the other, so a browser never sends one kind's cookie to the
 * other's calls; the name is the one the access guard reads for every refresh call.
 */
export const REFRESH_COOKIE = 'skydesk_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';
export const OPERATOR_REFRESH_COOKIE_PATH = '/api/admin/auth';

/** Sets and clears the refresh cookie on one path. */
export function refreshCookieOn(path: string, config: Config) {
  const options = {
    path,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.publicUrl.startsWith('https://'),
  };
  return {
    set(reply: FastifyReply, session: { refreshToken: string; sessionExpiresAt: Date }) {
      reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
        ...options,
        expires: session.sessionExpiresAt,
      });
    },
    clear(reply: FastifyReply) {
      reply.clearCookie(REFRESH_COOKIE, options);
    },
  };
}
