import { defineModule } from '../../platform/module.js';
import { registerDevRoutes } from './routes.js';

/** Development helpers (docs/api.md): the mail outbox, only while no SMTP server is configured. */
export const devModule = defineModule({ name: 'dev', tag: 'development' }, (context) => {
  registerDevRoutes(context);
});
