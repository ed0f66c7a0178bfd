import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

// ── the account ─────────────────────────────────────────────────────────────────────────────

/** The signed-in user's own row, locked while they change it (the guard vouched it is live). */
export const lockOwnAccount = (trx: Transaction<Database>, userId: string) =>
  trx
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'image_path'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();

export const findPasswordHash = async (db: Db, userId: string) =>
  (await db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()) ?? null;

export type AccountChanges = { name?: string; phone?: string; password_hash?: string };

export async function updateAccount(
  trx: Transaction<Database>,
  userId: string,
  changes: AccountChanges,
  now: Date,
) {
  await trx
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** A new password makes every reset link mailed before it worthless. */
export async function consumePasswordResets(trx: Transaction<Database>, userId: string, now: Date) {
  await trx
    .updateTable('password_resets')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .execute();
}

// ── the profile picture ─────────────────────────────────────────────────────────────────────

export async function setProfileImage(
  trx: Transaction<Database>,
  userId: string,
  image: { path: string; version: string },
  now: Date,
) {
  await trx
    .updateTable('users')
    .set({ image_path: image.path, image_version: image.version, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** A live user's picture, to users of the same agency only (another agency's id is missing). */
export const findProfileImage = (db: Db, companyId: string, userId: string) =>
  db
    .selectFrom('users')
    .select(['image_path', 'image_version'])
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where('image_path', 'is not', null)
    .executeTakeFirst();

// ── sessions ────────────────────────────────────────────────────────────────────────────────

/** The user's company sessions still good at `now` (not ended, not past their 12 hours). */
const liveSessionsOf = (db: Db, userId: string, now: Date) =>
  db
    .selectFrom('auth_sessions')
    .where('principal', '=', 'user')
    .where('subject_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);

export const listLiveSessions = (db: Db, userId: string, now: Date) =>
  liveSessionsOf(db, userId, now)
    .select(['id', 'user_agent', 'ip', 'last_seen_at', 'created_at'])
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .execute();

/** Ends one live session of the user; false when they have no such session. */
export async function endSession(db: Db, userId: string, sessionId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('auth_sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('principal', '=', 'user')
    .where('subject_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every live session of the user but `keptSessionId`; answers how many ended. */
export async function endOtherSessions(db: Db, userId: string, keptSessionId: string, now: Date) {
  const result = await db
    .updateTable('auth_sessions')
    .set({ revoked_at: now })
    .where('principal', '=', 'user')
    .where('subject_id', '=', userId)
    .where('id', '!=', keptSessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
