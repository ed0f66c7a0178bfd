import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Ends every pending link of a user (a newer link, deletion, acceptance). */
export async function consumePendingInvitations(db: Db, userId: string, now: Date) {
  await db
    .updateTable('user_invitations')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .execute();
}

/** A user's new link; the earlier ones stop working. */
export async function replaceInvitation(
  trx: Transaction<Database>,
  values: { userId: string; tokenHash: string; expiresAt: Date; createdBy: string; now: Date },
) {
  await consumePendingInvitations(trx, values.userId, values.now);
  await trx
    .insertInto('user_invitations')
    .values({
      user_id: values.userId,
      token_hash: values.tokenHash,
      expires_at: values.expiresAt,
      created_by: values.createdBy,
      created_at: values.now,
    })
    .execute();
}

/** The inviting user's name and agency, as the invitation mail names them. */
export const findInviter = (db: Db, userId: string) =>
  db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.name', 'companies.name as company_name'])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();

/** A link by its token's hash, with what decides whether it still works and what it shows. */
export const findInvitation = (db: Db, tokenHash: string) =>
  db
    .selectFrom('user_invitations')
    .innerJoin('users', 'users.id', 'user_invitations.user_id')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select((eb) => [
      'user_invitations.id',
      'user_invitations.user_id',
      'user_invitations.expires_at',
      'user_invitations.consumed_at',
      'users.email',
      'users.name',
      'users.is_active',
      'users.deleted_at',
      eb('users.password_hash', 'is not', null).$castTo<boolean>().as('has_password'),
      'companies.name as company_name',
    ])
    .where('user_invitations.token_hash', '=', tokenHash)
    .executeTakeFirst();
export type InvitationRow = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

/** The link locked, so two acceptances (or an acceptance and a re-send) go one after the other. */
export const lockInvitation = (trx: Transaction<Database>, tokenHash: string) =>
  trx
    .selectFrom('user_invitations')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();

/** The invited user's first password; nothing changes if they have one already. */
export async function setFirstPassword(
  trx: Transaction<Database>,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', userId)
    .where('password_hash', 'is', null)
    .where('deleted_at', 'is', null)
    .where('is_active', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
