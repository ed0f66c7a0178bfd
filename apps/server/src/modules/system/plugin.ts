import { defineModule } from '../../platform/module.js';
import { registerSystemRoutes } from './routes.js';

/** Health, and the log lines that say when the store stops and starts taking writes. */
export const systemModule = defineModule({ name: 'system' }, (context, app) => {
  const { storeWatch } = registerSystemRoutes(context);
  app.addHook('onClose', async () => storeWatch.stop());
});
