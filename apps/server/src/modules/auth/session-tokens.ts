import { randomBytes } from 'node:crypto';
import { AppError, REFRESH_REUSE_GRACE_SECONDS, SERVER } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database, PrincipalKind } from '../../platform/db/schema.js';
import type { AuthDeps } from './deps.js';
import * as repo from './repo.js';
import { AUTH_RULES } from './rules.js';

const UUID_PATTERN = /^[0-9a-f-]{36}$/;
/**
 * How long after a rotation the replaced token may still be presented once more, when the token
 * it was replaced by was never used: the answer that carried the new cookie was lost (the page
 * reloaded or closed while the refresh was on its way), not stolen. The contract states it, so
 * docs/api.md says the same (issue 27).
 */
export const LOST_ANSWER_GRACE_MS = REFRESH_REUSE_GRACE_SECONDS * 1000;

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
 * Sessions and their rotating refresh tokens (docs/architecture.md §6), for agency users and operators alike:
 * a session ends at logout, on refresh-token reuse, or 12 hours after sign-in whatever happens;
 * its access tokens never outlive it.
 */
export function createSessionTokens({ db, config, clock, platform, log }: AuthDeps) {
  const { tokenHasher } = platform;
  const now = () => clock.now();

  async function newRefreshToken(sessionId: string, trx: Kysely<Database> | Transaction<Database> = db) {
    const secret = randomBytes(32).toString('base64url');
    const row = await repo.createRefreshToken(trx, sessionId, tokenHasher.hash(secret));
    return { id: row.id, cookie: `${row.id}.${secret}` };
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
      return {
        sessionId: session.id,
        refreshToken: (await newRefreshToken(session.id)).cookie,
        sessionExpiresAt,
      };
    },

    /** An access token's lifetime: never past the session's 12-hour ceiling (docs/architecture.md §6). */
    accessTtlSeconds(sessionExpiresAt: Date) {
      const remaining = Math.floor((sessionExpiresAt.getTime() - now().getTime()) / 1000);
      return Math.max(1, Math.min(config.accessTokenTtlSeconds, remaining));
    },

    /**
     * Rotates the refresh token. A token that was already replaced is a stolen copy being
     * replayed (or the real one after theft): every session of its owner ends — unless it was
     * replaced moments ago and its successor was never used, which is a browser that lost the
     * answer (a reload while the refresh was on its way): it rotates again from there, and the
     * unused successor dies, so a thief who raced the real client is found out at the client's
     * next refresh all the same.
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
        const live = !row.revoked_at && row.expires_at > now();
        const successor = async () => newRefreshToken(row.session_id, trx);
        let answer: { id: string; cookie: string };
        if (row.replaced_at) {
          const lost = row.replaced_by;
          const lostAnswer =
            live &&
            lost !== null &&
            now().getTime() - row.replaced_at.getTime() <= LOST_ANSWER_GRACE_MS &&
            (await repo.isUnusedToken(trx, lost));
          if (!lostAnswer) {
            await repo.revokeAllSessions(trx, principal, row.subject_id, now());
            return { error: 'reuse' as const, subjectId: row.subject_id };
          }
          // The lost answer's token is abandoned: nobody who asked received it, so whoever
          // presents it later is caught; this token now leads to the retry's successor.
          answer = await successor();
          await repo.markRefreshTokenReplaced(trx, lost, null, now());
          await repo.relinkRefreshToken(trx, row.id, answer.id);
        } else {
          if (!live) return { error: 'dead' as const };
          answer = await successor();
          await repo.markRefreshTokenReplaced(trx, row.id, answer.id, now());
        }
        await repo.touchSession(trx, row.session_id, now());
        return {
          refreshToken: answer.cookie,
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
