import { defineModule } from '../../platform/module.js';
import { supportLive } from './live.js';
import { registerSupportRoutes } from './routes.js';
import { createSupportService } from './service.js';

/**
 * Support tickets and their chat (docs/api.md#support-notices-analytics): the agency's calls, and the live
 * side — the messages, read marks, typing and changes every server pushes once announced, and the
 * messages and typing clients send over the socket. The operators' calls are the back office's
 * (modules/admin/support), through the same service.
 */
export const supportModule = defineModule(
  { name: 'support', dependencies: ['live', 'notices', 'bookings'] },
  (context, app) => {
    const support = createSupportService({
      db: context.store.db,
      clock: context.clock,
      files: context.platform.files,
      log: context.log,
      rateLimiter: context.platform.rateLimiter,
    });
    registerSupportRoutes(context, support);
    const live = supportLive({ store: context.store, hub: app.live, support, log: context.log });
    app.addHook('onListen', live.start).addHook('onClose', live.stop);
  },
);
