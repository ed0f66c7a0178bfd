import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The operator as sign-in and session answers need it. */
const selectOperator = (db: Db) =>
  db
    .selectFrom('operators')
    .select([
      'id',
      'name',
      'email',
      'password_hash',
      'totp_secret_enc',
      'totp_enabled_at',
      'session_version',
      'is_active',
    ]);
export type OperatorAccount = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectOperator>['executeTakeFirst']>>
>;

export const findOperatorByEmail = (db: Db, email: string) =>
  selectOperator(db).where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();

export const findOperatorById = (db: Db, id: string) =>
  selectOperator(db).where('id', '=', id).executeTakeFirst();

export async function insertOperator(db: Db, values: { name: string; email: string; passwordHash: string }) {
  return db
    .insertInto('operators')
    .values({ name: values.name, email: values.email, password_hash: values.passwordHash })
    .returning(['id', 'name', 'email'])
    .executeTakeFirstOrThrow();
}

// ── TOTP (the same rules as agency users', on the operators table) ───────────────────────────

export async function savePendingOperatorTotpSecretIfNone(db: Db, id: string, sealed: string, now: Date) {
  const result = await db
    .updateTable('operators')
    .set({ totp_secret_enc: sealed, totp_enabled_at: null, totp_last_step: null, updated_at: now })
    .where('id', '=', id)
    .where('totp_secret_enc', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findOperatorTotpSecret(db: Db, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('operators')
    .select('totp_secret_enc')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.totp_secret_enc ?? null;
}

/** Records the accepted step only if it is newer than the last one: a step is never accepted twice. */
export async function acceptOperatorTotpStep(db: Db, id: string, step: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({
      totp_last_step: step,
      totp_enabled_at: sql`coalesce(totp_enabled_at, ${now}::timestamptz)`,
      updated_at: now,
    })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ── set-up links ──────────────────────────────────────────────────────────────────────────────

/** A new set-up link for the operator; the links it had before stop working. */
export async function replaceSetupToken(
  db: Db,
  values: { operatorId: string; tokenHash: string; expiresAt: Date; now: Date },
) {
  await db
    .updateTable('operator_setup_tokens')
    .set({ consumed_at: values.now })
    .where('operator_id', '=', values.operatorId)
    .where('consumed_at', 'is', null)
    .execute();
  await db
    .insertInto('operator_setup_tokens')
    .values({ operator_id: values.operatorId, token_hash: values.tokenHash, expires_at: values.expiresAt })
    .execute();
}

/** Locked, so two uses of one link at once cannot both set a password. */
export const lockSetupToken = (trx: Transaction<Database>, tokenHash: string) =>
  trx
    .selectFrom('operator_setup_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();

/** Sets the operator's password and spends every set-up link they hold. */
export async function setOperatorPassword(db: Db, operatorId: string, passwordHash: string, now: Date) {
  await db
    .updateTable('operators')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', operatorId)
    .execute();
  await db
    .updateTable('operator_setup_tokens')
    .set({ consumed_at: now })
    .where('operator_id', '=', operatorId)
    .where('consumed_at', 'is', null)
    .execute();
}

/** Housekeeping: set-up links that expired before `cutoff`. */
export async function deleteSpentSetupTokens(db: Db, cutoff: Date) {
  await db.deleteFrom('operator_setup_tokens').where('expires_at', '<', cutoff).execute();
}
