import {
  AppError,
  PERMISSIONS,
  type Permission,
  ROLE_RULES,
  type Role,
  type roleEndpoints,
} from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../platform/http/principal.js';
import { holdingOf, refuseChangeBeyond, refuseRolesBeyond } from './grants.js';
import * as repo from './repo.js';

/**
 * The agency's roles (docs/api.md#company-users-and-roles, issue 13). The Owner role is fixed: it
 * holds every permission and can be neither changed nor deleted, so the owner never loses one.
 * Permission changes reach a role's users at their next sign-in (tokens carry them); the bookings
 * scope is read on every call. A role manager writes only permissions they hold themselves
 * (grants.ts, issue 27): into a new role, into or out of an existing one, their own included.
 */

type ListQuery = z.output<(typeof roleEndpoints.list)['query']>;
type CreateBody = z.output<(typeof roleEndpoints.create)['body']>;
type UpdateBody = z.output<(typeof roleEndpoints.update)['body']>;

const notFound = () => new AppError('not_found', 'Role not found');
const ownerFixed = () => new AppError('conflict', ROLE_RULES.ownerFixed);

/** Permissions in the contract's order, whatever order they were stored or sent in. */
const inContractOrder = (permissions: readonly Permission[]): Permission[] =>
  PERMISSIONS.filter((permission) => permissions.includes(permission));

const present = (row: repo.RoleRow): Role => ({
  id: row.id,
  name: row.name,
  description: row.description,
  permissions: inContractOrder(row.permissions),
  bookings_scope: row.bookings_scope,
  is_system: row.is_system,
  user_count: Number(row.user_count ?? 0),
});

/** The unique index on (company, lower(name)) speaks for a duplicate name, races included. */
function refuseTakenName(error: unknown): never {
  if ((error as { code?: string }).code === '23505') {
    throw new AppError('conflict', ROLE_RULES.nameTaken, { fieldErrors: { name: [ROLE_RULES.nameTaken] } });
  }
  throw error;
}

export function createRoleService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;

  async function read(trx: Transaction<Database>, companyId: string, roleId: string): Promise<Role> {
    const row = await repo.findRole(trx, companyId, roleId);
    if (!row) throw notFound();
    return present(row);
  }

  /** The company's role, locked, or 404; the Owner role answers 409 (it is fixed). */
  async function lockChangeable(trx: Transaction<Database>, companyId: string, roleId: string) {
    const role = await repo.lockRole(trx, companyId, roleId);
    if (!role) throw notFound();
    if (role.is_system) throw ownerFixed();
    return role;
  }

  return {
    /** One page (from 0) of the roles, the Owner role first; there is always at least one page. */
    async list(principal: CompanyPrincipal, query: ListQuery) {
      const [total, rows] = await Promise.all([
        repo.countRoles(db, principal.companyId),
        repo.listRoles(db, principal.companyId, { offset: query.page * query.limit, limit: query.limit }),
      ]);
      return { roles: rows.map(present), totalPages: Math.max(1, Math.ceil(total / query.limit)) };
    },

    async create(principal: CompanyPrincipal, body: CreateBody): Promise<Role> {
      const now = clock.now();
      return db
        .transaction()
        .execute(async (trx) => {
          refuseRolesBeyond(await holdingOf(trx, principal), {
            permissions: body.permissions,
            bookingsScope: body.bookings_scope,
          });
          const { id } = await repo.insertRole(
            trx,
            principal.companyId,
            {
              name: body.name,
              description: body.description,
              permissions: inContractOrder(body.permissions),
              bookings_scope: body.bookings_scope,
            },
            now,
          );
          return read(trx, principal.companyId, id);
        })
        .catch(refuseTakenName);
    },

    async update(principal: CompanyPrincipal, roleId: string, body: UpdateBody): Promise<Role> {
      const now = clock.now();
      return db
        .transaction()
        .execute(async (trx) => {
          const before = await lockChangeable(trx, principal.companyId, roleId);
          refuseChangeBeyond(
            await holdingOf(trx, principal),
            { permissions: before.permissions, bookingsScope: before.bookings_scope },
            {
              permissions: body.permissions ?? before.permissions,
              bookingsScope: body.bookings_scope ?? before.bookings_scope,
            },
          );
          await repo.updateRole(trx, roleId, {
            ...(body.name === undefined ? {} : { name: body.name }),
            ...(body.description === undefined ? {} : { description: body.description }),
            ...(body.permissions === undefined ? {} : { permissions: inContractOrder(body.permissions) }),
            ...(body.bookings_scope === undefined ? {} : { bookings_scope: body.bookings_scope }),
            updated_at: now,
          });
          return read(trx, principal.companyId, roleId);
        })
        .catch(refuseTakenName);
    },

    /**
     * Deletes a role no user holds (409 naming how many do). Deleted users don't count: their rows
     * stay so their bookings still name them, and a row must name a role, so theirs move to the
     * Owner role — the one role that can never be deleted, so it never blocks again. A deleted user
     * can't sign in and is never restored, so the permissions that role names are never theirs.
     */
    async remove(principal: CompanyPrincipal, roleId: string): Promise<{ id: string }> {
      return db.transaction().execute(async (trx) => {
        await lockChangeable(trx, principal.companyId, roleId);
        const holders = await repo.countHolders(trx, roleId);
        if (holders > 0) throw new AppError('conflict', ROLE_RULES.inUse(holders));
        const owner = await repo.ownerRoleId(trx, principal.companyId);
        await repo.moveDeletedHolders(trx, roleId, owner.id);
        await repo.deleteRole(trx, roleId);
        return { id: roleId };
      });
    },
  };
}
