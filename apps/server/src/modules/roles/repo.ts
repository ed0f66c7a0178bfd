import { type Kysely, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { Database, RolesTable } from '../../platform/db/schema.js';

/**
 * The roles' SQL. Every read and write names the session's company, so another agency's role is
 * not found, exactly as a missing one (docs/architecture.md §6).
 */

type Db = Kysely<Database> | Transaction<Database>;

const COLUMNS = ['id', 'name', 'description', 'permissions', 'bookings_scope', 'is_system'] as const;

/** Users who hold a role: a deleted user's row stays (their bookings name them) but holds nothing. */
const holdersOf = (db: Db, roleId: string) =>
  db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('holders'))
    .where('users.role_id', '=', roleId)
    .where('users.deleted_at', 'is', null);

/** Each role with how many users hold it. */
const rolesWithHolders = (db: Db, companyId: string) =>
  db
    .selectFrom('roles')
    .select(COLUMNS.map((column) => `roles.${column}` as const))
    .select((eb) =>
      eb
        .selectFrom('users')
        .select(eb.fn.countAll<string>().as('holders'))
        .whereRef('users.role_id', '=', 'roles.id')
        .where('users.deleted_at', 'is', null)
        .as('user_count'),
    )
    .where('roles.company_id', '=', companyId);

export type RoleRow = Awaited<ReturnType<ReturnType<typeof rolesWithHolders>['executeTakeFirstOrThrow']>>;

export async function countRoles(db: Db, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('roles')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** One page of the company's roles: the Owner role first, then by name (any case). */
export const listRoles = (db: Db, companyId: string, page: { offset: number; limit: number }) =>
  rolesWithHolders(db, companyId)
    .orderBy('roles.is_system', 'desc')
    .orderBy(sql`lower(roles.name)`)
    .orderBy('roles.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

export const findRole = (db: Db, companyId: string, roleId: string) =>
  rolesWithHolders(db, companyId).where('roles.id', '=', roleId).executeTakeFirst();

/**
 * The company's role, locked until the transaction ends. A user given this role meanwhile holds a
 * key-share lock on it (the foreign key), so a change or deletion and that assignment queue up.
 */
export const lockRole = (trx: Transaction<Database>, companyId: string, roleId: string) =>
  trx
    .selectFrom('roles')
    .select(['id', 'is_system', 'permissions', 'bookings_scope'])
    .where('id', '=', roleId)
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();

export type RoleFields = Pick<
  Selectable<RolesTable>,
  'name' | 'description' | 'permissions' | 'bookings_scope'
>;

export const insertRole = (trx: Transaction<Database>, companyId: string, fields: RoleFields, at: Date) =>
  trx
    .insertInto('roles')
    .values({ company_id: companyId, ...fields, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateRole = (trx: Transaction<Database>, roleId: string, changes: Updateable<RolesTable>) =>
  trx.updateTable('roles').set(changes).where('id', '=', roleId).execute();

export async function countHolders(db: Db, roleId: string): Promise<number> {
  const row = await holdersOf(db, roleId).executeTakeFirstOrThrow();
  return Number(row.holders);
}

/** The company's fixed Owner role (every agency has exactly one). */
export const ownerRoleId = (db: Db, companyId: string) =>
  db
    .selectFrom('roles')
    .select('id')
    .where('company_id', '=', companyId)
    .where('is_system', '=', true)
    .executeTakeFirstOrThrow();

/** Points deleted users still naming one role at another (their rows must keep naming a role). */
export const moveDeletedHolders = (trx: Transaction<Database>, fromRoleId: string, toRoleId: string) =>
  trx
    .updateTable('users')
    .set({ role_id: toRoleId })
    .where('role_id', '=', fromRoleId)
    .where('deleted_at', 'is not', null)
    .execute();

export const deleteRole = (trx: Transaction<Database>, roleId: string) =>
  trx.deleteFrom('roles').where('id', '=', roleId).execute();

/** What a live user of the agency holds through their role now (issue 27: what they may give). */
export const findHolding = (db: Db, companyId: string, userId: string) =>
  db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['roles.permissions', 'roles.bookings_scope'])
    .where('users.company_id', '=', companyId)
    .where('users.id', '=', userId)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
