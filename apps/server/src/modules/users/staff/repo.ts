import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * An agency's live (not deleted) users as the users screen shows them: role, whether they ever
 * chose a password (never the hash itself) and when their newest pending invitation link expires.
 */
function selectStaff(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select((eb) => [
      'users.id',
      'users.company_id',
      'users.name',
      'users.email',
      'users.phone',
      'users.image_version',
      'users.is_owner',
      'users.is_active',
      'users.last_sign_in_at',
      'users.created_at',
      'roles.id as role_id',
      'roles.name as role_name',
      eb('users.password_hash', 'is not', null).$castTo<boolean>().as('has_password'),
      eb
        .selectFrom('user_invitations')
        .select((sub) => sub.fn.max('user_invitations.expires_at').as('expires_at'))
        .whereRef('user_invitations.user_id', '=', 'users.id')
        .where('user_invitations.consumed_at', 'is', null)
        .as('invitation_expires_at'),
    ])
    .where('users.deleted_at', 'is', null);
}
export type StaffRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectStaff>['executeTakeFirst']>>>;

/** The owner first, then by name (as people read it, case aside). */
export const listStaff = (db: Db, companyId: string) =>
  selectStaff(db)
    .where('users.company_id', '=', companyId)
    .orderBy('users.is_owner', 'desc')
    .orderBy(sql`lower(users.name)`)
    .orderBy('users.id')
    .execute();

export const findStaff = (db: Db, companyId: string, id: string) =>
  selectStaff(db).where('users.company_id', '=', companyId).where('users.id', '=', id).executeTakeFirst();

/** A live user of the agency, locked while a manager changes them. */
export const lockStaff = (trx: Transaction<Database>, companyId: string, id: string) =>
  trx
    .selectFrom('users')
    .select((eb) => [
      'id',
      'name',
      'email',
      'phone',
      'role_id',
      'is_owner',
      'is_active',
      eb('password_hash', 'is not', null).$castTo<boolean>().as('has_password'),
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();

/** A role of this agency (another agency's role is not found, as a missing one). */
export const findCompanyRole = (db: Db, companyId: string, roleId: string) =>
  db
    .selectFrom('roles')
    .select(['id', 'name', 'is_system', 'permissions', 'bookings_scope'])
    .where('company_id', '=', companyId)
    .where('id', '=', roleId)
    .executeTakeFirst();
export type CompanyRole = NonNullable<Awaited<ReturnType<typeof findCompanyRole>>>;

/** The roles a manager may give: every role of the agency but the fixed Owner role. */
export const listAssignableRoles = (db: Db, companyId: string) =>
  db
    .selectFrom('roles')
    .select(['id', 'name', 'description', 'is_system'])
    .where('company_id', '=', companyId)
    .where('is_system', '=', false)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();

/** An invited user: no password and an unproved address until they accept and sign in. */
export const insertInvitedUser = (
  trx: Transaction<Database>,
  values: { companyId: string; roleId: string; name: string; email: string; phone: string; now: Date },
) =>
  trx
    .insertInto('users')
    .values({
      company_id: values.companyId,
      role_id: values.roleId,
      name: values.name,
      email: values.email,
      phone: values.phone,
      password_hash: null,
      is_owner: false,
      is_active: true,
      email_verified_at: null,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning(['id', 'name', 'email'])
    .executeTakeFirstOrThrow();

export type StaffChanges = { name?: string; phone?: string; role_id?: string; is_active?: boolean };

export async function updateStaff(trx: Transaction<Database>, id: string, changes: StaffChanges, now: Date) {
  await trx
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Soft delete: the row stays so bookings and deposits still name the user, but they are gone
 * from the list, can't sign in, and their address may be invited again.
 */
export async function markDeleted(trx: Transaction<Database>, id: string, now: Date) {
  await trx
    .updateTable('users')
    .set({ deleted_at: now, is_active: false, updated_at: now })
    .where('id', '=', id)
    .execute();
}
