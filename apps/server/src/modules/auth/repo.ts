import type { BookingsScope, CompanyStatus } from '@skydesk/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import { preparedStatement } from '../../platform/db/prepared.js';
import type { ChallengeStage, CodePurpose, Database, PrincipalKind } from '../../platform/db/schema.js';
import type { Store } from '../../platform/db/store.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The user with role and company, as sign-in and session answers need it. */
export function selectUserAccount(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.id',
      'users.company_id',
      'users.name',
      'users.email',
      'users.phone',
      'users.image_path',
      'users.image_version',
      'users.password_hash',
      'users.is_owner',
      'users.is_active',
      'users.email_verified_at',
      'users.totp_secret_enc',
      'users.totp_enabled_at',
      'users.totp_last_step',
      'users.session_version',
      'roles.id as role_id',
      'roles.name as role_name',
      'roles.permissions',
      'companies.name as company_name',
      'companies.verification_status',
      'companies.rejection_reason',
      'companies.currency',
      'companies.country',
    ]);
}
export type UserAccount = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectUserAccount>['executeTakeFirst']>>
>;

/** The live user signing in by this address: a deleted user's row stays, and its address is free. */
export const findAccountByEmail = (db: Db, email: string) =>
  selectUserAccount(db)
    .where(sql`lower(users.email)`, '=', email.toLowerCase())
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();

export const findAccountById = (db: Db, id: string) =>
  selectUserAccount(db).where('users.id', '=', id).executeTakeFirst();

/** Whether a live user holds this address (a deleted user's address is free again). */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Boolean(row);
}

/** When the user last completed a sign-in (the users screen shows it). */
export async function recordSignIn(db: Db, userId: string, now: Date) {
  await db.updateTable('users').set({ last_sign_in_at: now }).where('id', '=', userId).execute();
}

// ── e-mailed codes ────────────────────────────────────────────────────────────────────────────

export async function replaceCode(
  db: Db,
  values: { userId: string; purpose: CodePurpose; codeHash: string; expiresAt: Date; now: Date },
) {
  await db
    .updateTable('verification_codes')
    .set({ consumed_at: values.now })
    .where('user_id', '=', values.userId)
    .where('purpose', '=', values.purpose)
    .where('consumed_at', 'is', null)
    .execute();
  await db
    .insertInto('verification_codes')
    .values({
      user_id: values.userId,
      purpose: values.purpose,
      code_hash: values.codeHash,
      expires_at: values.expiresAt,
      // The resend cool-down compares this with the app's clock: it must come from that clock,
      // not from the database's now() (another machine's time, or a test's manual clock).
      created_at: values.now,
    })
    .execute();
}

export const latestCode = (db: Db, userId: string, purpose: CodePurpose) =>
  db
    .selectFrom('verification_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The live code, locked so two guesses can't both count as one attempt or both consume it. */
export const lockLiveCode = (trx: Transaction<Database>, userId: string, purpose: CodePurpose) =>
  trx
    .selectFrom('verification_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();

export async function recordCodeAttempt(db: Db, id: string) {
  await db
    .updateTable('verification_codes')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .execute();
}

export async function consumeCode(db: Db, id: string, now: Date) {
  await db.updateTable('verification_codes').set({ consumed_at: now }).where('id', '=', id).execute();
}

export async function markEmailVerified(db: Db, user: { id: string; company_id: string }, now: Date) {
  await db
    .updateTable('users')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', user.id)
    .where('email_verified_at', 'is', null)
    .execute();
  await db
    .updateTable('companies')
    .set({ verification_status: 'email_verified', updated_at: now })
    .where('id', '=', user.company_id)
    .where('verification_status', '=', 'registered')
    .execute();
}

// ── sign-in challenges ────────────────────────────────────────────────────────────────────────

export const createChallenge = (
  db: Db,
  values: { principal: PrincipalKind; subjectId: string; stage: ChallengeStage; expiresAt: Date },
) =>
  db
    .insertInto('auth_challenges')
    .values({
      principal: values.principal,
      subject_id: values.subjectId,
      stage: values.stage,
      expires_at: values.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

export const findChallenge = (db: Db, id: string) =>
  db.selectFrom('auth_challenges').selectAll().where('id', '=', id).executeTakeFirst();

export const lockChallenge = (trx: Transaction<Database>, id: string) =>
  trx.selectFrom('auth_challenges').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export async function recordChallengeAttempt(db: Db, id: string, maxAttempts: number, now: Date) {
  await db
    .updateTable('auth_challenges')
    .set({
      attempts: sql`attempts + 1`,
      consumed_at: sql`case when attempts + 1 >= ${maxAttempts} then ${now}::timestamptz else consumed_at end`,
    })
    .where('id', '=', id)
    .execute();
}

export async function consumeChallenge(db: Db, id: string, now: Date) {
  await db.updateTable('auth_challenges').set({ consumed_at: now }).where('id', '=', id).execute();
}

// ── TOTP ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Saves a pending TOTP secret only if the user has none: of two QR requests at once, one secret
 * wins and both screens show it. Answers whether this call's secret was saved.
 */
export async function savePendingTotpSecretIfNone(db: Db, userId: string, sealed: string, now: Date) {
  const result = await db
    .updateTable('users')
    .set({ totp_secret_enc: sealed, totp_enabled_at: null, totp_last_step: null, updated_at: now })
    .where('id', '=', userId)
    .where('totp_secret_enc', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findTotpSecret(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('totp_secret_enc')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.totp_secret_enc ?? null;
}

/** Records the accepted step only if it is newer than the last one: a step is never accepted twice. */
export async function acceptTotpStep(db: Db, userId: string, step: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      totp_last_step: step,
      totp_enabled_at: sql`coalesce(totp_enabled_at, ${now}::timestamptz)`,
      updated_at: now,
    })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ── sessions and refresh tokens ───────────────────────────────────────────────────────────────

export const createSession = (
  db: Db,
  values: {
    principal: PrincipalKind;
    subjectId: string;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
    now: Date;
  },
) =>
  db
    .insertInto('auth_sessions')
    .values({
      principal: values.principal,
      subject_id: values.subjectId,
      expires_at: values.expiresAt,
      user_agent: values.userAgent,
      ip: values.ip,
      // The app's clock, like every time the sessions list compares with it.
      created_at: values.now,
      last_seen_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** The session was used just now (a token refresh). */
export async function touchSession(db: Db, sessionId: string, now: Date) {
  await db.updateTable('auth_sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

/**
 * The guard's "last seen" write: one conditional UPDATE that changes nothing while the row was
 * seen after `seenBefore`, so of many calls at once at most one writes.
 */
export async function touchSessionIfSeenBefore(db: Db, sessionId: string, now: Date, seenBefore: Date) {
  await db
    .updateTable('auth_sessions')
    .set({ last_seen_at: now })
    .where('id', '=', sessionId)
    .where('last_seen_at', '<', seenBefore)
    .execute();
}

export const createRefreshToken = (db: Db, sessionId: string, tokenHash: string) =>
  db
    .insertInto('refresh_tokens')
    .values({ session_id: sessionId, token_hash: tokenHash })
    .returning('id')
    .executeTakeFirstOrThrow();

export const lockRefreshToken = (trx: Transaction<Database>, id: string) =>
  trx
    .selectFrom('refresh_tokens')
    .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
    .select([
      'refresh_tokens.id',
      'refresh_tokens.token_hash',
      'refresh_tokens.replaced_at',
      'refresh_tokens.replaced_by',
      'auth_sessions.id as session_id',
      'auth_sessions.principal',
      'auth_sessions.subject_id',
      'auth_sessions.expires_at',
      'auth_sessions.revoked_at',
    ])
    .where('refresh_tokens.id', '=', id)
    .forUpdate()
    .executeTakeFirst();

/**
 * `id` was replaced by `successorId` (the rotation that answered with the successor's cookie), or
 * by nothing (null: a successor whose answer was lost, abandoned — whoever presents it was not the
 * browser that asked).
 */
export async function markRefreshTokenReplaced(db: Db, id: string, successorId: string | null, now: Date) {
  await db
    .updateTable('refresh_tokens')
    .set({ replaced_at: now, replaced_by: successorId })
    .where('id', '=', id)
    .execute();
}

/** A lost answer's token now leads to the successor its retry received. */
export async function relinkRefreshToken(db: Db, id: string, successorId: string) {
  await db.updateTable('refresh_tokens').set({ replaced_by: successorId }).where('id', '=', id).execute();
}

/** Whether the token that replaced another was never presented itself (still the session's current one). */
export async function isUnusedToken(trx: Transaction<Database>, id: string): Promise<boolean> {
  const row = await trx
    .selectFrom('refresh_tokens')
    .select('replaced_at')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined && row.replaced_at === null;
}

export const findRefreshToken = (db: Db, id: string) =>
  db
    .selectFrom('refresh_tokens')
    .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
    .select(['refresh_tokens.session_id', 'refresh_tokens.token_hash', 'auth_sessions.principal'])
    .where('refresh_tokens.id', '=', id)
    .executeTakeFirst();

export async function revokeSession(db: Db, sessionId: string, now: Date) {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends every session of a user or an operator and invalidates their access tokens (session
 * version bump).
 */
export async function revokeAllSessions(db: Db, principal: PrincipalKind, subjectId: string, now: Date) {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: now })
    .where('principal', '=', principal)
    .where('subject_id', '=', subjectId)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable(principal === 'user' ? 'users' : 'operators')
    .set({ session_version: sql`session_version + 1`, updated_at: now })
    .where('id', '=', subjectId)
    .execute();
}

/**
 * What the access guard checks on every call (docs/architecture.md §6): the session is live and the user's
 * tokens still valid. Prepared: it runs on nearly every request.
 */
const LIVE_COMPANY_SESSION = preparedStatement<{
  expires_at: Date;
  revoked_at: Date | null;
  is_active: boolean;
  session_version: number;
  company_id: string;
  verification_status: CompanyStatus;
  is_owner: boolean;
  bookings_scope: BookingsScope;
  last_seen_at: Date;
}>(
  'live_company_session',
  ['text', 'text'],
  `select auth_sessions.expires_at, auth_sessions.revoked_at, users.is_active, users.session_version,
          users.company_id, companies.verification_status, users.is_owner, roles.bookings_scope,
          auth_sessions.last_seen_at
     from auth_sessions
     join users on users.id = auth_sessions.subject_id
     join companies on companies.id = users.company_id
     join roles on roles.id = users.role_id
    where auth_sessions.id = $1::uuid and auth_sessions.subject_id = $2::uuid
      and auth_sessions.principal = 'user'`,
);

export const findLiveCompanySession = async (store: Store, sessionId: string, userId: string) =>
  (await store.query(LIVE_COMPANY_SESSION, [sessionId, userId]))[0];

/** The operator's side of the same check: the session is live and the operator's tokens valid. */
const LIVE_OPERATOR_SESSION = preparedStatement<{
  expires_at: Date;
  revoked_at: Date | null;
  is_active: boolean;
  session_version: number;
}>(
  'live_operator_session',
  ['text', 'text'],
  `select auth_sessions.expires_at, auth_sessions.revoked_at, operators.is_active, operators.session_version
     from auth_sessions
     join operators on operators.id = auth_sessions.subject_id
    where auth_sessions.id = $1::uuid and auth_sessions.subject_id = $2::uuid
      and auth_sessions.principal = 'operator'`,
);

export const findLiveOperatorSession = async (store: Store, sessionId: string, operatorId: string) =>
  (await store.query(LIVE_OPERATOR_SESSION, [sessionId, operatorId]))[0];

// ── password resets ───────────────────────────────────────────────────────────────────────────

export async function createPasswordReset(
  db: Db,
  values: { userId: string; tokenHash: string; expiresAt: Date },
) {
  await db
    .insertInto('password_resets')
    .values({ user_id: values.userId, token_hash: values.tokenHash, expires_at: values.expiresAt })
    .execute();
}

export const lockPasswordReset = (trx: Transaction<Database>, tokenHash: string) =>
  trx
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();

export async function setPassword(db: Db, userId: string, passwordHash: string, now: Date) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', userId)
    .execute();
  await db
    .updateTable('password_resets')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .execute();
}

// ── housekeeping ──────────────────────────────────────────────────────────────────────────────

/**
 * Deletes sign-in state that stopped mattering before `cutoff`: rate-limit windows, challenges,
 * codes, reset links and sessions (their refresh tokens go with them).
 */
export async function deleteSpentAuthState(db: Db, cutoff: Date) {
  await db.deleteFrom('rate_limit_counters').where('window_start', '<', cutoff).execute();
  await db.deleteFrom('auth_challenges').where('expires_at', '<', cutoff).execute();
  await db.deleteFrom('verification_codes').where('expires_at', '<', cutoff).execute();
  await db.deleteFrom('password_resets').where('expires_at', '<', cutoff).execute();
  await db.deleteFrom('auth_sessions').where('expires_at', '<', cutoff).execute();
}
