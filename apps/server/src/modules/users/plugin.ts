import { defineModule } from '../../platform/module.js';
import { registerAccountRoutes } from './account/routes.js';
import { registerInvitationRoutes } from './invitations/routes.js';
import { createInvitations } from './invitations/service.js';
import { registerStaffRoutes } from './staff/routes.js';
import { createStaff } from './staff/service.js';

/**
 * An agency's people (docs/api.md#company-users-and-roles, issue 13): the staff a manager invites,
 * edits, deactivates and deletes (staff/), and the invitation links that let them choose their
 * first password (invitations/). Sign-in itself stays the auth module's.
 */
export const usersModule = defineModule({ name: 'users', dependencies: ['auth'] }, (context) => {
  const { route, store, config, clock, platform } = context;
  const invitations = createInvitations({ db: store.db, config, clock, platform });
  registerStaffRoutes(route, createStaff({ db: store.db, clock }, invitations));
  registerInvitationRoutes(route, invitations);
  registerAccountRoutes(context);
});
