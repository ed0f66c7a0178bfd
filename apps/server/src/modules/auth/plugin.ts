import { defineModule } from '../../platform/module.js';
import { authHousekeeping } from './housekeeping.js';
import { registerOperatorAuthRoutes } from './operator-routes.js';
import { registerAuthRoutes } from './routes.js';

/**
 * Registration, sign-in steps, sessions and password resets (docs/api.md#authentication-and-onboarding), and the
 * operators' sign-in under /api/admin (issue 11). Spent sign-in state is pruned while the server
 * listens.
 */
export const authModule = defineModule({ name: 'auth' }, (context, app) => {
  registerAuthRoutes(context);
  registerOperatorAuthRoutes(context);
  const { store, clock, log } = context;
  const pruning = authHousekeeping({ db: store.db, clock, log, exclusively: store.exclusively });
  app.addHook('onListen', pruning.start).addHook('onClose', pruning.stop);
});
