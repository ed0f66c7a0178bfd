import { randomBytes } from 'node:crypto';
import {
  AppError,
  profileImageUrl,
  SERVER,
  type UpdateAccountBody,
  USER_RULES,
  type User,
  type UserSession,
} from '@skydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { UploadedFile } from '../../../platform/http/multipart-form.js';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import type { PasswordHasher } from '../../../platform/security/password.js';
import type { FileStore } from '../../../platform/storage/file-store.js';
import { AUTH_RULES, createSignInAttempts } from '../../auth/index.js';
import { presentUser } from '../staff/presenter.js';
import { findStaff } from '../staff/repo.js';
import { describeDevice } from './device.js';
import { squareWebp } from './profile-image.js';
import * as repo from './repo.js';

export type AccountDeps = {
  db: Kysely<Database>;
  clock: Clock;
  passwords: PasswordHasher;
  files: FileStore;
  log: FastifyBaseLogger;
};

const notFound = () => new AppError('not_found', SERVER.notFound);
/** The guard vouched for the user a moment ago; gone now means deleted in between. */
const signedOut = () => new AppError('unauthorized', SERVER.unauthorized);
const wrongPassword = () =>
  new AppError('validation', USER_RULES.wrongPassword, {
    fieldErrors: { current_password: [USER_RULES.wrongPassword] },
  });

/**
 * A user's own account (docs/api.md#company-users-and-roles, issue 13): name, phone and password,
 * the profile picture, and the browsers signed in to it.
 */
export function createAccount(deps: AccountDeps) {
  const { db, clock, passwords, files, log } = deps;
  const now = () => clock.now();
  // A wrong current password is a password guess like a wrong sign-in: counted in the same
  // scopes, so a stolen session can't be used to find the password faster than the sign-in page.
  const attempts = createSignInAttempts({ db, clock, principal: 'user', policy: AUTH_RULES.signInThrottle });

  async function presentOwn(principal: CompanyPrincipal): Promise<User> {
    const row = await findStaff(db, principal.companyId, principal.userId);
    if (!row) throw signedOut();
    return presentUser(row);
  }

  /** Checks the current password (throttled); answers the hash it matched. */
  async function checkCurrentPassword(userId: string, password: string, ip: string) {
    const own = await repo.findPasswordHash(db, userId);
    if (!own) throw signedOut();
    const attempt = await attempts.admit('password', own.email, ip);
    const valid = own.password_hash ? await passwords.verify(password, own.password_hash) : false;
    if (!valid) {
      await attempt.failed();
      throw wrongPassword();
    }
    await attempt.succeeded();
    return own.password_hash;
  }

  return {
    /**
     * Name and phone, and a new password with the current one. A new password ends every other
     * session of the user (their tokens answer 401 at once: the guard reads revoked_at on every
     * call); this one stays signed in, so the session version is left alone.
     */
    async updateAccount(principal: CompanyPrincipal, body: UpdateAccountBody, ip: string): Promise<User> {
      const changes: repo.AccountChanges = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.phone !== undefined) changes.phone = body.phone;
      let checkedHash: string | null = null;
      if (body.current_password !== undefined && body.new_password !== undefined) {
        checkedHash = await checkCurrentPassword(principal.userId, body.current_password, ip);
        changes.password_hash = await passwords.hash(body.new_password);
      }
      await db.transaction().execute(async (trx) => {
        const own = await repo.lockOwnAccount(trx, principal.userId);
        if (!own) throw signedOut();
        // Changed by another call since it was checked: the password given is not current any more.
        if (checkedHash !== null && own.password_hash !== checkedHash) throw wrongPassword();
        await repo.updateAccount(trx, principal.userId, changes, now());
        if (checkedHash !== null) {
          await repo.consumePasswordResets(trx, principal.userId, now());
          await repo.endOtherSessions(trx, principal.userId, principal.sessionId, now());
        }
      });
      return presentOwn(principal);
    },

    /**
     * Stores the picture re-drawn as a square WebP under a new random name, then removes the
     * one it replaces once the row names the new one (a failed save leaves the old one in place).
     */
    async uploadImage(principal: CompanyPrincipal, upload: UploadedFile): Promise<{ image_url: string }> {
      const image = await squareWebp(upload.content);
      const path = await files.put(image);
      const version = randomBytes(9).toString('base64url');
      let replaced: string | null;
      try {
        replaced = await db.transaction().execute(async (trx) => {
          const own = await repo.lockOwnAccount(trx, principal.userId);
          if (!own) throw signedOut();
          await repo.setProfileImage(trx, principal.userId, { path, version }, now());
          return own.image_path;
        });
      } catch (error) {
        await files.remove(path).catch(() => undefined);
        throw error;
      }
      if (replaced) {
        await files
          .remove(replaced)
          .catch((error: unknown) => log.warn({ err: error }, 'could not remove a replaced profile picture'));
      }
      return { image_url: profileImageUrl(principal.userId, version) };
    },

    /** A user's picture, to their own agency; `fresh` when the URL named its current version. */
    async image(principal: CompanyPrincipal, userId: string, version: string | undefined) {
      const row = await repo.findProfileImage(db, principal.companyId, userId);
      if (!row?.image_path) throw notFound();
      const content = await files.get(row.image_path).catch((error: unknown) => {
        if ((error as { code?: string }).code === 'ENOENT') throw notFound();
        throw error;
      });
      return { content, fresh: version !== undefined && version === row.image_version };
    },

    async sessions(principal: CompanyPrincipal): Promise<UserSession[]> {
      const rows = await repo.listLiveSessions(db, principal.userId, now());
      return rows.map((row) => ({
        id: row.id,
        device: describeDevice(row.user_agent),
        ip: row.ip,
        last_seen_at: new Date(row.last_seen_at).toISOString(),
        created_at: new Date(row.created_at).toISOString(),
        current: row.id === principal.sessionId,
      }));
    },

    /** Ends one of the user's own sessions (another user's id answers as missing). */
    async endSession(principal: CompanyPrincipal, sessionId: string) {
      if (!(await repo.endSession(db, principal.userId, sessionId, now()))) throw notFound();
      return { id: sessionId };
    },

    async endOtherSessions(principal: CompanyPrincipal) {
      return { ended: await repo.endOtherSessions(db, principal.userId, principal.sessionId, now()) };
    },
  };
}
export type Account = ReturnType<typeof createAccount>;
