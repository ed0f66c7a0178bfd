import { ACCESS, AppError, type Endpoint, type Permission, SERVER } from '@skydesk/contract';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Store } from '../../platform/db/store.js';
import type { AccessGuard, Principal } from '../../platform/http/principal.js';
import { InvalidTokenError, type TokenService } from '../../platform/security/tokens.js';
import { createLiveSessions, type LiveSessions } from './live-sessions.js';
import { REFRESH_COOKIE } from './refresh-cookie.js';
import { touchSessionIfSeenBefore } from './repo.js';

/** docs/api.md: `Bearer <token>`, or the bare token as existing clients send it. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  const token = match ? match[1]! : header.trim();
  return /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token) ? token : null;
}

const unauthenticated = () => new AppError('unauthorized', SERVER.unauthorized);

/**
 * The real access guard (docs/architecture.md §6): each endpoint names the one kind of token it accepts.
 * Company tokens are checked against the database on every call (session live, session version
 * current, user active), so logout, password change and deactivation take effect at once — on the
 * embedded store through a cache that every write of those rows clears first (live-sessions.ts).
 */
export function createAccessGuard(options: {
  store: Store;
  tokens: TokenService;
  clock: Clock;
}): AccessGuard {
  const deps: GuardDeps = { ...options, sessions: createLiveSessions(options.store) };
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
        return operatorPrincipal(request, deps);
    }
  };
}

type GuardDeps = { store: Store; tokens: TokenService; clock: Clock; sessions: LiveSessions };

/**
 * A token that failed as the kind an endpoint wants: a valid token of the other principal is
 * signed in but in the wrong place (403, saying where it belongs); anything else is 401.
 */
async function refuseOtherPrincipal(
  token: string,
  other: 'company' | 'operator',
  deps: GuardDeps,
  error: unknown,
): Promise<never> {
  if (!(error instanceof InvalidTokenError)) throw error;
  const isOther = await deps.tokens.verifyAccess(token, other).then(
    () => true,
    () => false,
  );
  if (isOther) {
    throw new AppError('forbidden', other === 'company' ? ACCESS.operatorsOnly : ACCESS.agenciesOnly);
  }
  throw unauthenticated();
}

/**
 * Operators (docs/architecture.md §6), checked like company users on every call: the session is live, the
 * operator active and the token's session version current, so sign-out and deactivation take
 * effect at once.
 */
async function operatorPrincipal(request: FastifyRequest, deps: GuardDeps): Promise<Principal> {
  const token = bearerToken(request);
  if (!token) throw unauthenticated();
  const claims = await deps.tokens
    .verifyAccess(token, 'operator')
    .catch((error) => refuseOtherPrincipal(token, 'company', deps, error));
  const live = await deps.sessions.operator(claims.sessionId, claims.subjectId);
  if (
    !live ||
    live.revoked_at ||
    live.expires_at <= deps.clock.now() ||
    !live.is_active ||
    live.session_version !== claims.sessionVersion
  ) {
    throw unauthenticated();
  }
  return { kind: 'operator', operatorId: claims.subjectId, sessionId: claims.sessionId };
}

async function companyPrincipal(
  request: FastifyRequest,
  endpoint: Endpoint,
  deps: GuardDeps,
): Promise<Principal> {
  const token = bearerToken(request);
  if (!token) throw unauthenticated();
  const claims = await deps.tokens
    .verifyAccess(token, 'company')
    .catch((error) => refuseOtherPrincipal(token, 'operator', deps, error));
  const live = await deps.sessions.company(claims.sessionId, claims.subjectId);
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
  noteSessionSeen(request, deps, claims.sessionId, live.last_seen_at);
  // Suspension ends the agency's sessions at once; this refuses any session begun since.
  if (live.verification_status === 'suspended') throw new AppError('forbidden', ACCESS.agencySuspended);
  refuseWithoutPermission(endpoint, claims.permissions, live.is_owner);
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
    isOwner: live.is_owner,
    bookingsScope: live.bookings_scope,
  };
}

/** How stale a session's "last seen" may grow before a call writes it again (the sessions list). */
export const SESSION_SEEN_INTERVAL_MS = 5 * 60_000;

/**
 * Records that a session was used, at most once per SESSION_SEEN_INTERVAL_MS: the live check
 * already read the row's last_seen_at, so most calls write nothing; the others send one
 * conditional UPDATE and don't wait for it (a lost "last seen" is no reason to fail a call).
 */
function noteSessionSeen(request: FastifyRequest, deps: GuardDeps, sessionId: string, lastSeenAt: Date) {
  const now = deps.clock.now();
  const seenBefore = new Date(now.getTime() - SESSION_SEEN_INTERVAL_MS);
  if (lastSeenAt >= seenBefore) return;
  touchSessionIfSeenBefore(deps.store.db, sessionId, now, seenBefore).catch((error: unknown) =>
    request.log.warn({ err: error }, 'could not record when the session was last seen'),
  );
}

/**
 * An endpoint's permission (issue 13): a permission of the role (carried by the token, so role
 * changes reach a user at their next sign-in), `owner` (checked live), or `any` / `self`, which
 * any signed-in user of the agency passes.
 */
function refuseWithoutPermission(endpoint: Endpoint, permissions: readonly Permission[], isOwner: boolean) {
  const needed = endpoint.permission;
  if (needed === undefined || needed === 'any' || needed === 'self') return;
  if (needed === 'owner') {
    if (!isOwner) throw new AppError('forbidden', `${SERVER.forbidden}: only the agency's owner can do this`);
    return;
  }
  if (!permissions.includes(needed)) {
    throw new AppError('forbidden', `${SERVER.forbidden}: your role lacks the ${needed} permission`);
  }
}

function rethrowAsUnauthenticated(error: unknown): never {
  if (error instanceof InvalidTokenError) throw unauthenticated();
  throw error;
}
