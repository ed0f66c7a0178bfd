import { defineModule } from '../../platform/module.js';
import { notificationPush } from './live-push.js';
import { registerNoticeRoutes } from './routes.js';

/**
 * What the portal tells an agency (API.md "Support, notices"): in-app notifications, pushed live
 * to its open portal over the live channel as they are committed; the announcements and offers
 * of later issues belong here too.
 */
export const noticesModule = defineModule({ name: 'notices', dependencies: ['live'] }, (context, app) => {
  registerNoticeRoutes(context);
  const push = notificationPush({ store: context.store, hub: app.live, log: context.log });
  app.addHook('onListen', push.start).addHook('onClose', push.stop);
});
