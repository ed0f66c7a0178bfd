import type { BookingsScope, CompanyStatus, Endpoint, Permission } from '@skydesk/contract';
import type { FastifyRequest } from 'fastify';

/** Who is calling (docs/architecture.md §6). Tokens say which kind; endpoints say which kinds they accept. */
export type CompanyPrincipal = {
  kind: 'company';
  userId: string;
  companyId: string;
  companyStatus: CompanyStatus;
  sessionId: string;
  permissions: Permission[];
  isOwner: boolean;
  /** Which bookings `bookings.view` reaches: the agency's, or only the user's own (issue 13). */
  bookingsScope: BookingsScope;
};

export type OperatorPrincipal = { kind: 'operator'; operatorId: string; sessionId: string };

/** Between password and second factor: good only for the sign-in step endpoints. */
export type ChallengePrincipal = {
  kind: 'challenge';
  audience: 'user' | 'operator';
  subjectId: string;
  challengeId: string;
};

/** Whoever presents the refresh cookie; the auth service decides whether it is still good. */
export type RefreshPrincipal = { kind: 'refresh'; token: string };

export type Principal = CompanyPrincipal | OperatorPrincipal | ChallengePrincipal | RefreshPrincipal;

/** Maps each endpoint access level to the principal a handler receives. */
export type PrincipalFor<E extends Endpoint> = E['access'] extends 'company'
  ? CompanyPrincipal
  : E['access'] extends 'operator'
    ? OperatorPrincipal
    : E['access'] extends 'challenge'
      ? ChallengePrincipal
      : E['access'] extends 'refresh'
        ? RefreshPrincipal
        : null;

/**
 * Authenticates a request for an endpoint and checks its access level and permission. Throws
 * AppError 401/403. The auth module provides the real one; the default admits public calls only.
 */
export type AccessGuard = (request: FastifyRequest, endpoint: Endpoint) => Promise<Principal | null>;
