import { defineModule } from '../../platform/module.js';
import { registerRoleRoutes } from './routes.js';

/** The agency's roles and what each lets its users do (issue 13). */
export const rolesModule = defineModule({ name: 'roles' }, (context) => {
  registerRoleRoutes(context);
});
