import type { OperatorSession, SessionOperator } from '@skydesk/contract';
import type { OperatorPrincipal } from '../../platform/http/principal.js';
import type { AuthDeps } from './deps.js';
import type { Caller, OperatorSignInAudit } from './operator-audit.js';
import * as operatorRepo from './operator-repo.js';
import { openOperatorSession } from './operator-session.js';
import { presentOperator } from './presenters.js';
import { createSessionTokens, sessionEnded } from './session-tokens.js';

export type IssuedOperatorSession = OperatorSession & { refreshToken: string; sessionExpiresAt: Date };

/**
 * An operator's sessions, as agency users' (sessions.ts): `auth_sessions` rows of principal
 * 'operator', 12 hours at most, a rotating refresh token whose reuse ends every session of the
 * operator, and access tokens of the operator audience that the access guard checks against the
 * live session and the operator's session version on every call.
 */
export function createOperatorSessions(deps: AuthDeps, audit: OperatorSignInAudit) {
  const { db, platform } = deps;
  const sessionTokens = createSessionTokens(deps);

  /** A renewed access token for a live session: the claims openOperatorSession signs. */
  function signAccessToken(
    operator: operatorRepo.OperatorAccount,
    sessionId: string,
    sessionExpiresAt: Date,
  ) {
    return platform.tokens.signAccess(
      {
        kind: 'operator',
        subjectId: operator.id,
        sessionId,
        sessionVersion: operator.session_version,
        permissions: [],
      },
      sessionTokens.accessTtlSeconds(sessionExpiresAt),
    );
  }

  return {
    /** The session the access guard's operator branch accepts (operator-session.ts opens it). */
    async issue(operator: operatorRepo.OperatorAccount): Promise<IssuedOperatorSession> {
      const { token, refreshToken, sessionExpiresAt } = await openOperatorSession(deps, operator);
      return { token, operator: presentOperator(operator), refreshToken, sessionExpiresAt };
    },

    async refresh(presented: string): Promise<IssuedOperatorSession> {
      const renewed = await sessionTokens.rotate(presented, 'operator');
      const operator = await operatorRepo.findOperatorById(db, renewed.subjectId);
      if (!operator?.is_active) throw sessionEnded();
      const token = await signAccessToken(operator, renewed.sessionId, renewed.sessionExpiresAt);
      return {
        token,
        operator: presentOperator(operator),
        refreshToken: renewed.refreshToken,
        sessionExpiresAt: renewed.sessionExpiresAt,
      };
    },

    async logout(principal: OperatorPrincipal, caller: Caller) {
      await sessionTokens.end(principal.sessionId);
      await audit.signedOut(caller, principal.operatorId);
      return {};
    },

    /** Logout by the refresh cookie: works after the access token expired (the cookie's path). */
    async endSessionOfRefreshToken(presented: string) {
      await sessionTokens.endByRefreshToken(presented, 'operator');
      return {};
    },

    async me(principal: OperatorPrincipal): Promise<{ operator: SessionOperator }> {
      const operator = await operatorRepo.findOperatorById(db, principal.operatorId);
      if (!operator) throw sessionEnded();
      return { operator: presentOperator(operator) };
    },
  };
}
export type OperatorSessions = ReturnType<typeof createOperatorSessions>;
