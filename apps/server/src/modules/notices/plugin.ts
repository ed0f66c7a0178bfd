import { defineModule } from '../../platform/module.js';
import { registerNoticeRoutes } from './routes.js';

/**
 * What the portal tells an agency (API.md "Support, notices"): in-app notifications now; the
 * announcements, offers and live push of later issues belong here too.
 */
export const noticesModule = defineModule({ name: 'notices' }, (context) => {
  registerNoticeRoutes(context);
});
