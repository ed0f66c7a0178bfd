import { defineModule } from '../../platform/module.js';
import { registerAuthRoutes } from './routes.js';

/** Registration, sign-in steps, sessions and password resets (API.md "Authentication"). */
export const authModule = defineModule({ name: 'auth' }, (context) => {
  registerAuthRoutes(context);
});
