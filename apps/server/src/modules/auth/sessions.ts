import type { Me, Session } from '@skydesk/contract';
import type { CompanyPrincipal } from '../../platform/http/principal.js';
import type { AuthDeps } from './deps.js';
import { presentCompanySummary, presentSessionUser } from './presenters.js';
import * as repo from './repo.js';
import { createSessionTokens, type SessionClient, sessionEnded } from './session-tokens.js';

export type IssuedSession = Session & { refreshToken: string; sessionExpiresAt: Date };

/** An agency user's sessions: issued after the authenticator step, renewed, ended; `GET /api/me`. */
export function createSessions(deps: AuthDeps) {
  const { db, platform } = deps;
  const sessionTokens = createSessionTokens(deps);

  function signAccessToken(account: repo.UserAccount, sessionId: string, sessionExpiresAt: Date) {
    return platform.tokens.signAccess(
      {
        kind: 'company',
        subjectId: account.id,
        sessionId,
        sessionVersion: account.session_version,
        permissions: account.permissions,
        companyId: account.company_id,
      },
      sessionTokens.accessTtlSeconds(sessionExpiresAt),
    );
  }

  return {
    async issue(account: repo.UserAccount, client: SessionClient = {}): Promise<IssuedSession> {
      const { sessionId, refreshToken, sessionExpiresAt } = await sessionTokens.open(
        'user',
        account.id,
        client,
      );
      const token = await signAccessToken(account, sessionId, sessionExpiresAt);
      return { token, user: presentSessionUser(account), refreshToken, sessionExpiresAt };
    },

    /** Rotates the refresh cookie (reuse ends every session of the user) and signs a new access token. */
    async refresh(presented: string): Promise<IssuedSession> {
      const renewed = await sessionTokens.rotate(presented, 'user');
      const account = await repo.findAccountById(db, renewed.subjectId);
      if (!account?.is_active) throw sessionEnded();
      const token = await signAccessToken(account, renewed.sessionId, renewed.sessionExpiresAt);
      return {
        token,
        user: presentSessionUser(account),
        refreshToken: renewed.refreshToken,
        sessionExpiresAt: renewed.sessionExpiresAt,
      };
    },

    async logout(principal: CompanyPrincipal) {
      await sessionTokens.end(principal.sessionId);
      return {};
    },

    /** Logout by the refresh cookie: works after the access token expired (the cookie's path). */
    async endSessionOfRefreshToken(presented: string) {
      await sessionTokens.endByRefreshToken(presented, 'user');
      return {};
    },

    async me(principal: CompanyPrincipal): Promise<Me> {
      const account = await repo.findAccountById(db, principal.userId);
      if (!account) throw sessionEnded();
      return {
        user: presentSessionUser(account),
        company: presentCompanySummary(account),
        permissions: principal.permissions,
      };
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
