import { noticeEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../platform/module.js';
import { createNoticeService } from './service.js';

export function registerNoticeRoutes({ route, store, clock }: ModuleContext) {
  const notices = createNoticeService({ db: store.db, clock });

  route(noticeEndpoints.notifications, async ({ principal }) => ({
    message: 'Notifications',
    data: await notices.list(principal),
  }));

  route(noticeEndpoints.markNotificationRead, async ({ principal, params }) => ({
    message: 'Notification marked read',
    data: await notices.markRead(principal, params.id),
  }));
}
