import {
  AppError,
  type CreateUserBody,
  GRANT_RULES,
  type UpdateUserBody,
  USER_RULES,
  type User,
} from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import { emailTaken as addressInUse, revokeAllSessions } from '../../auth/index.js';
import { type Holding, holdingOf, refuseManagingBeyond, refuseRolesBeyond } from '../../roles/index.js';
import type { Invitations } from '../invitations/service.js';
import { presentUser } from './presenter.js';
import * as repo from './repo.js';

/**
 * The agency's staff (docs/api.md#company-users-and-roles, issue 13): invited, edited, deactivated
 * and reactivated, deleted. The owner is fixed (never deactivated, deleted or given another
 * role) and nobody deactivates or deletes themselves, so the agency always keeps a manager.
 * Nobody gives more than they hold (issue 27): a manager gives a role, or takes one away, only
 * when they hold all it holds (roles/grants.ts), never changes their own role, and only the owner
 * changes the owner's profile. Deactivating, reactivating or deleting a colleague is held to the
 * same rule: a manager cannot switch off a colleague richer than themselves.
 * Deactivating or deleting a user ends their sessions at once (the guard then answers 401).
 * Another agency's users and deleted users are not found, like missing ones (docs/architecture.md §6).
 */

const notFound = () => new AppError('not_found', 'User not found');

/** docs/architecture.md §6: another agency's role answers exactly as a missing one, 404 (as /api/role/{id} does). */
const roleNotFound = () => new AppError('not_found', 'Role not found');
const OWNER_ROLE_TAKEN = "The Owner role belongs to the agency's owner alone";
const holdingOfRole = (role: repo.CompanyRole): Holding => ({
  permissions: role.permissions,
  bookingsScope: role.bookings_scope,
});
const roleRefused = (message: string) =>
  new AppError('validation', message, { fieldErrors: { role_id: [message] } });

const emailTaken = () =>
  new AppError('conflict', USER_RULES.emailTaken, { fieldErrors: { email: [USER_RULES.emailTaken] } });

/** Two invitations of one address at once: the unique index of live users decides. */
function refuseDuplicate(error: unknown): never {
  if ((error as { code?: string }).code === '23505') throw emailTaken();
  throw error;
}

export function createStaff(deps: { db: Kysely<Database>; clock: Clock }, invitations: Invitations) {
  const { db, clock } = deps;

  /** A role the user may be given: the agency's own, and never the owner's fixed role. */
  function assignable(role: repo.CompanyRole | undefined): repo.CompanyRole {
    if (!role) throw roleNotFound();
    if (role.is_system) throw roleRefused(OWNER_ROLE_TAKEN);
    return role;
  }

  /** 403 unless the manager holds all the colleague's role holds (roles/grants.ts). */
  async function refuseManagingColleague(
    trx: Transaction<Database>,
    principal: CompanyPrincipal,
    roleId: string,
  ) {
    const role = await repo.findCompanyRole(trx, principal.companyId, roleId);
    if (role) refuseManagingBeyond(await holdingOf(trx, principal), holdingOfRole(role));
  }

  async function locked(trx: Transaction<Database>, principal: CompanyPrincipal, id: string) {
    const user = await repo.lockStaff(trx, principal.companyId, id);
    if (!user) throw notFound();
    return user;
  }

  async function present(principal: CompanyPrincipal, id: string): Promise<User> {
    const row = await repo.findStaff(db, principal.companyId, id);
    if (!row) throw notFound();
    return presentUser(row);
  }

  /** Signs the user out everywhere: sessions revoked, access tokens void (session version). */
  const endSessions = (trx: Transaction<Database>, userId: string) =>
    revokeAllSessions(trx, 'user', userId, clock.now());

  return {
    async list(principal: CompanyPrincipal): Promise<[User[], { total: number }]> {
      const users = (await repo.listStaff(db, principal.companyId)).map(presentUser);
      return [users, { total: users.length }];
    },

    async roleOptions(principal: CompanyPrincipal) {
      return repo.listAssignableRoles(db, principal.companyId);
    },

    /** Invites a user: no password yet, a set-password link by e-mail once the row is committed. */
    async create(principal: CompanyPrincipal, body: CreateUserBody): Promise<User> {
      const role = assignable(await repo.findCompanyRole(db, principal.companyId, body.role_id));
      refuseRolesBeyond(await holdingOf(db, principal), holdingOfRole(role));
      if (await addressInUse(db, body.email)) throw emailTaken();
      const { user, issued } = await db
        .transaction()
        .execute(async (trx) => {
          const user = await repo.insertInvitedUser(trx, {
            companyId: principal.companyId,
            roleId: role.id,
            name: body.name,
            email: body.email,
            phone: body.phone,
            now: clock.now(),
          });
          return { user, issued: await invitations.issue(trx, user.id, principal.userId) };
        })
        .catch(refuseDuplicate);
      await invitations.send(issued, user, principal.userId);
      return present(principal, user.id);
    },

    async update(principal: CompanyPrincipal, id: string, body: UpdateUserBody): Promise<User> {
      // Read before the transaction, which must not wait on a second connection (PGlite has one).
      const role =
        body.role_id === undefined
          ? undefined
          : await repo.findCompanyRole(db, principal.companyId, body.role_id);
      await db.transaction().execute(async (trx) => {
        const user = await locked(trx, principal, id);
        const changesRole = body.role_id !== undefined && body.role_id !== user.role_id;
        const deactivates = body.is_active === false && user.is_active;
        if (user.is_owner && (changesRole || deactivates)) {
          throw new AppError('conflict', USER_RULES.ownerFixed);
        }
        const renames =
          (body.name !== undefined && body.name !== user.name) ||
          (body.phone !== undefined && body.phone !== user.phone);
        if (user.is_owner && renames && !principal.isOwner) {
          throw new AppError('forbidden', GRANT_RULES.ownerProfile);
        }
        if (deactivates && user.id === principal.userId) throw new AppError('conflict', USER_RULES.notSelf);
        if (body.is_active !== undefined && body.is_active !== user.is_active) {
          await refuseManagingColleague(trx, principal, user.role_id);
        }
        if (changesRole) {
          if (user.id === principal.userId) throw new AppError('forbidden', GRANT_RULES.ownRole);
          const given = assignable(role);
          // Taking a role away is as much a grant as giving one: both must be within the manager's own.
          const taken = await repo.findCompanyRole(trx, principal.companyId, user.role_id);
          refuseRolesBeyond(
            await holdingOf(trx, principal),
            holdingOfRole(given),
            ...(taken ? [holdingOfRole(taken)] : []),
          );
        }
        await repo.updateStaff(
          trx,
          id,
          {
            ...(body.name === undefined ? {} : { name: body.name }),
            ...(body.phone === undefined ? {} : { phone: body.phone }),
            ...(changesRole ? { role_id: body.role_id! } : {}),
            ...(body.is_active === undefined ? {} : { is_active: body.is_active }),
          },
          clock.now(),
        );
        if (deactivates) await endSessions(trx, id);
      });
      return present(principal, id);
    },

    /** Soft delete: signed out at once, pending links end, bookings keep naming them. */
    async remove(principal: CompanyPrincipal, id: string) {
      await db.transaction().execute(async (trx) => {
        const user = await locked(trx, principal, id);
        if (user.is_owner) throw new AppError('conflict', USER_RULES.ownerFixed);
        if (user.id === principal.userId) throw new AppError('conflict', USER_RULES.notSelf);
        await refuseManagingColleague(trx, principal, user.role_id);
        await repo.markDeleted(trx, id, clock.now());
        await endSessions(trx, id);
        await invitations.endPending(trx, id);
      });
      return { id };
    },

    /** A new link for a user who has not accepted yet; the earlier links stop working. */
    async resendInvitation(principal: CompanyPrincipal, id: string): Promise<User> {
      const refuseAccepted = (user: { has_password: boolean; is_active: boolean }) => {
        if (user.has_password) throw new AppError('conflict', USER_RULES.notInvited);
        if (!user.is_active) throw new AppError('conflict', USER_RULES.inactive);
      };
      const current = await repo.findStaff(db, principal.companyId, id);
      if (!current) throw notFound();
      refuseAccepted(current);
      await invitations.admitResend(id);
      const issued = await db.transaction().execute(async (trx) => {
        refuseAccepted(await locked(trx, principal, id));
        return invitations.issue(trx, id, principal.userId);
      });
      await invitations.send(issued, current, principal.userId);
      return present(principal, id);
    },
  };
}
export type Staff = ReturnType<typeof createStaff>;
