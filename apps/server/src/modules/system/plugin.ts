import { loadMigrations } from '../../platform/db/migrate.js';
import { defineModule } from '../../platform/module.js';
import { registerSystemRoutes } from './routes.js';

/** Health, readiness, and the log lines that say when the store stops and starts taking writes. */
export const systemModule = defineModule({ name: 'system' }, (context, app) => {
  const { storeWatch } = registerSystemRoutes(context, {
    // The migrations this build applies at start; read once, not on every probe.
    knownMigrations: loadMigrations().length,
    // The flights module registers after this one and decorates the app with its supplier.
    supplier: () => (app.hasDecorator('flightSupplier') ? app.flightSupplier : undefined),
  });
  app.addHook('onClose', async () => storeWatch.stop());
});
