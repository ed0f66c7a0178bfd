import { randomBytes } from 'node:crypto';
import { AppError, SERVER } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database, PrincipalKind } from '../../platform/db/schema.js';
import type { AuthDeps } from './deps.js';
import * as repo from './repo.js';
import { AUTH_RULES } from './rules.js';

const UUID_PATTERN = /^[0-9a-f-]{36}$/;

/** A session's refresh token as the cookie carries it: `<row id>.<secret>`, only a hash kept. */
export type OpenedSession = { sessionId: string; refreshToken: string; sessionExpiresAt: Date };

export const sessionEnded = () => new AppError('unauthorized', SERVER.unauthorized);

/** The browser a session begins in, as the settings screen lists it (issue 13). */
export type SessionClient = { ip?: string; userAgent?: string | string[] | undefined };

/** What is kept of a User-Agent: enough to name the browser, never an unbounded header. */
const USER_AGENT_MAX_LENGTH = 400;
const storedUserAgent = (header: SessionClient['userAgent']): string | null => {
  const value = Array.isArray(header) ? header[0] : header;
  return value ? value.slice(0, USER_AGENT_MAX_LENGTH) : null;
};

/**
 * Sessions and their rotating refresh tokens (DESIGN.md §6), for agency users and operators alike:
 * a session ends at logout, on refresh-token reuse, or 12 hours after sign-in whatever happens;
 * its access tokens never outlive it.
 */
export function createSessionTokens({ db, config, clock, platform, log }: AuthDeps) {
  const { tokenHasher } = platform;
  const now = () => clock.now();

  async function newRefreshToken(sessionId: string, trx: Kysely<Database> | Transaction<Database> = db) {
    const secret = randomBytes(32).toString('base64url');
    const row = await repo.createRefreshToken(trx, sessionId, tokenHasher.hash(secret));
    return `${row.id}.${secret}`;
  }

  function parse(presented: string) {
    const [id, secret] = presented.split('.');
    return id && secret && UUID_PATTERN.test(id) ? { id, secret } : null;
  }

  return {
    async open(
      principal: PrincipalKind,
      subjectId: string,
      client: SessionClient = {},
    ): Promise<OpenedSession> {
      const sessionExpiresAt = new Date(now().getTime() + AUTH_RULES.sessionMaxHours * 3_600_000);
      const session = await repo.createSession(db, {
        principal,
        subjectId,
        expiresAt: sessionExpiresAt,
        userAgent: storedUserAgent(client.userAgent),
        ip: client.ip ?? null,
        now: now(),
      });
      return { sessionId: session.id, refreshToken: await newRefreshToken(session.id), sessionExpiresAt };
    },

    /** An access token's lifetime: never past the session's 12-hour ceiling (DESIGN.md §6). */
    accessTtlSeconds(sessionExpiresAt: Date) {
      const remaining = Math.floor((sessionExpiresAt.getTime() - now().getTime()) / 1000);
      return Math.max(1, Math.min(config.accessTokenTtlSeconds, remaining));
    },

    /**
     * Rotates the refresh token. A token that was already replaced is a stolen copy being
     * replayed (or the real one after theft): every session of its owner ends.
     */
    async rotate(
      presented: string,
      principal: PrincipalKind,
    ): Promise<OpenedSession & { subjectId: string }> {
      const token = parse(presented);
      if (!token) throw sessionEnded();
      const result = await db.transaction().execute(async (trx) => {
        const row = await repo.lockRefreshToken(trx, token.id);
        if (!row || !tokenHasher.matches(token.secret, row.token_hash) || row.principal !== principal)
          return { error: 'dead' as const };
        if (row.replaced_at) {
          await repo.revokeAllSessions(trx, principal, row.subject_id, now());
          return { error: 'reuse' as const, subjectId: row.subject_id };
        }
        if (row.revoked_at || row.expires_at <= now()) return { error: 'dead' as const };
        await repo.markRefreshTokenReplaced(trx, row.id, now());
        await repo.touchSession(trx, row.session_id, now());
        return {
          refreshToken: await newRefreshToken(row.session_id, trx),
          sessionId: row.session_id,
          subjectId: row.subject_id,
          sessionExpiresAt: row.expires_at,
        };
      });
      if ('error' in result) {
        if (result.error === 'reuse') {
          const who = principal === 'user' ? { userId: result.subjectId } : { operatorId: result.subjectId };
          log.warn(who, 'refresh token reuse: all sessions revoked');
        }
        throw sessionEnded();
      }
      return result;
    },

    async end(sessionId: string) {
      await repo.revokeSession(db, sessionId, now());
    },

    /** Logout by the refresh cookie: works after the access token expired (the cookie's path). */
    async endByRefreshToken(presented: string, principal: PrincipalKind) {
      const token = parse(presented);
      if (!token) return;
      const row = await repo.findRefreshToken(db, token.id);
      if (row && row.principal === principal && tokenHasher.matches(token.secret, row.token_hash))
        await repo.revokeSession(db, row.session_id, now());
    },
  };
}
export type SessionTokens = ReturnType<typeof createSessionTokens>;
