import { AppError, type Endpoint, SERVER } from '@skydesk/contract';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Store } from '../../platform/db/store.js';
import type { AccessGuard, Principal } from '../../platform/http/principal.js';
import { InvalidTokenError, type TokenService } from '../../platform/security/tokens.js';
import { REFRESH_COOKIE } from './refresh-cookie.js';
import { findLiveCompanySession } from './repo.js';

/** API.md: `Bearer <token>`, or the bare token as existing clients send it. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  const token = match ? match[1]! : header.trim();
  return /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token) ? token : null;
}

const unauthenticated = () => new AppError('unauthorized', SERVER.unauthorized);

/**
 * The real access guard (DESIGN.md §6): each endpoint names the one kind of token it accepts.
 * Company tokens are checked against the database on every call (session live, session version
 * current, user active), so logout, password change and deactivation take effect at once.
 */
export function createAccessGuard(deps: { store: Store; tokens: TokenService; clock: Clock }): AccessGuard {
  return async (request, endpoint): Promise<Principal | null> => {
    switch (endpoint.access) {
      case 'public':
        return null;
      case 'refresh': {
        const token = request.cookies[REFRESH_COOKIE];
        if (!token) throw unauthenticated();
        return { kind: 'refresh', token };
      }
      case 'challenge': {
        const token = bearerToken(request);
        if (!token) throw unauthenticated();
        const claims = await deps.tokens.verifyChallenge(token).catch(rethrowAsUnauthenticated);
        return { kind: 'challenge', ...claims };
      }
      case 'company':
        return companyPrincipal(request, endpoint, deps);
      case 'operator':
        // The back office signs its operators in with the back-office issue; until then no
        // operator token exists and these calls stay closed.
        throw unauthenticated();
    }
  };
}

async function companyPrincipal(
  request: FastifyRequest,
  endpoint: Endpoint,
  deps: { store: Store; tokens: TokenService; clock: Clock },
): Promise<Principal> {
  const token = bearerToken(request);
  if (!token) throw unauthenticated();
  const claims = await deps.tokens.verifyAccess(token, 'company').catch(rethrowAsUnauthenticated);
  const live = await findLiveCompanySession(deps.store, claims.sessionId, claims.subjectId);
  if (
    !live ||
    live.revoked_at ||
    live.expires_at <= deps.clock.now() ||
    !live.is_active ||
    live.session_version !== claims.sessionVersion ||
    live.company_id !== claims.companyId
  ) {
    throw unauthenticated();
  }
  if (endpoint.permission && !claims.permissions.includes(endpoint.permission)) {
    throw new AppError(
      'forbidden',
      `${SERVER.forbidden}: your role lacks the ${endpoint.permission} permission`,
    );
  }
  if (!endpoint.allowUnapproved && live.verification_status !== 'approved') {
    throw new AppError(
      'forbidden',
      'Your agency is not approved yet. Complete the verification to continue.',
    );
  }
  return {
    kind: 'company',
    userId: claims.subjectId,
    companyId: live.company_id,
    companyStatus: live.verification_status,
    sessionId: claims.sessionId,
    permissions: claims.permissions,
  };
}

function rethrowAsUnauthenticated(error: unknown): never {
  if (error instanceof InvalidTokenError) throw unauthenticated();
  throw error;
}
