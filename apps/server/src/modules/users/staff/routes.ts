import { INVITATION, SUCCESS, userEndpoints } from '@skydesk/contract';
import type { EndpointRegistrar } from '../../../platform/http/endpoint-route.js';
import type { Staff } from './service.js';

/** The users screen's calls (docs/api.md#company-users-and-roles), all needing users.manage. */
export function registerStaffRoutes(route: EndpointRegistrar, staff: Staff) {
  route(userEndpoints.list, async ({ principal }) => ({
    message: 'Users',
    data: await staff.list(principal),
  }));

  route(userEndpoints.roleOptions, async ({ principal }) => ({
    message: 'Roles',
    data: await staff.roleOptions(principal),
  }));

  route(userEndpoints.create, async ({ principal, body }) => ({
    message: SUCCESS.userCreated,
    data: await staff.create(principal, body),
  }));

  route(userEndpoints.update, async ({ principal, params, body }) => ({
    message: SUCCESS.userUpdated,
    data: await staff.update(principal, params.id, body),
  }));

  route(userEndpoints.remove, async ({ principal, params }) => ({
    message: SUCCESS.userDeleted,
    data: await staff.remove(principal, params.id),
  }));

  route(userEndpoints.resendInvitation, async ({ principal, params }) => ({
    message: INVITATION.resent,
    data: await staff.resendInvitation(principal, params.id),
  }));
}
