import { defineModule } from '../../platform/module.js';
import { registerOperatorAuthRoutes } from './operator-routes.js';
import { registerAuthRoutes } from './routes.js';

/**
 * Registration, sign-in steps, sessions and password resets (API.md "Authentication"), and the
 * operators' sign-in under /api/admin (issue 11).
 */
export const authModule = defineModule({ name: 'auth' }, (context) => {
  registerAuthRoutes(context);
  registerOperatorAuthRoutes(context);
});
