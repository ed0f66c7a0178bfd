import { noticeEndpoints } from '@skydesk/contract';
import { REPLY_SENT } from '../../platform/http/endpoint-route.js';
import { sendStoredFile } from '../../platform/http/send-stored-file.js';
import type { ModuleContext } from '../../platform/module.js';
import { createNoticeService } from './service.js';

/** A picture's URL carries its version (`?v=`), so that URL's answer may be kept for good. */
const FOREVER = 'private, max-age=31536000, immutable';
/** Without the current version: a browser asks again each time. */
const REVALIDATE = 'private, no-cache';

export function registerNoticeRoutes({ route, store, clock, platform, log }: ModuleContext) {
  const notices = createNoticeService({ db: store.db, clock, files: platform.files, log });

  route(noticeEndpoints.notifications, async ({ principal, query }) => ({
    message: 'Notifications',
    data: await notices.list(principal, query),
  }));

  route(noticeEndpoints.notificationSummary, async ({ principal }) => ({
    message: 'Unread notifications',
    data: await notices.summary(principal),
  }));

  route(noticeEndpoints.markNotificationRead, async ({ principal, params }) => ({
    message: 'Notification marked read',
    data: await notices.markRead(principal, params.id),
  }));

  route(noticeEndpoints.markAllNotificationsRead, async ({ principal }) => ({
    message: 'All notifications marked read',
    data: await notices.markAllRead(principal),
  }));

  route(noticeEndpoints.notificationSettings, async ({ principal }) => ({
    message: 'Notification settings',
    data: await notices.settings(principal),
  }));

  route(noticeEndpoints.updateNotificationSettings, async ({ principal, body }) => ({
    message: 'Notification settings saved',
    data: await notices.updateSettings(principal, body),
  }));

  route(noticeEndpoints.announcements, async ({ principal }) => ({
    message: 'Announcements',
    data: await notices.announcements(principal),
  }));

  route(noticeEndpoints.offers, async ({ principal }) => ({
    message: 'Offers',
    data: await notices.offers(principal),
  }));

  route(noticeEndpoints.noticeImage, async ({ principal, params, query, reply }) => {
    const { content, fresh } = await notices.image(principal, params.id, query.v);
    sendStoredFile(
      reply,
      { contentType: 'image/webp', fileName: `${params.id}.webp`, content },
      { cacheControl: fresh ? FOREVER : REVALIDATE },
    );
    return REPLY_SENT;
  });
}
