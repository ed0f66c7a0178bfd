import { roleEndpoints, SUCCESS } from '@skydesk/contract';
import type { ModuleContext } from '../../platform/module.js';
import { createRoleService } from './service.js';

/** docs/api.md#company-users-and-roles: the roles half (roles.manage). */
export function registerRoleRoutes({ route, store, clock }: ModuleContext) {
  const roles = createRoleService({ db: store.db, clock });

  route(roleEndpoints.list, async ({ principal, query }) => ({
    message: 'Roles',
    data: await roles.list(principal, query),
  }));

  route(roleEndpoints.create, async ({ principal, body }) => ({
    message: SUCCESS.roleCreated,
    data: await roles.create(principal, body),
  }));

  route(roleEndpoints.update, async ({ principal, params, body }) => ({
    message: SUCCESS.roleUpdated,
    data: await roles.update(principal, params.id, body),
  }));

  route(roleEndpoints.remove, async ({ principal, params }) => ({
    message: SUCCESS.roleDeleted,
    data: await roles.remove(principal, params.id),
  }));
}
