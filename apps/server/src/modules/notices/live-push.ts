import { NOTIFICATION_PERMISSION } from '@skydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import { inOrder, type Unlisten } from '../../platform/db/listener.js';
import type { Store } from '../../platform/db/store.js';
import type { LiveHub } from '../live/index.js';
import { NOTIFICATION_CHANNEL, NotificationAnnouncement } from './notify.js';
import { findNotification, postNotifications } from './repo.js';
import { presentNotification } from './service.js';

/**
 * Pushes each committed notification to the sockets of its agency (or of its one user) open on
 * this server. Every server listens to the store's announcements (notify.ts), so a decision taken
 * on one server reaches a tab connected to another; an announcement arrives only after its
 * transaction committed, and the rows are read back then. A notification whose e-mail waits
 * starts the mail sweep (`onMailQueued`): every server hears it, and the sweep's claim lets one
 * of them send it.
 */
export function notificationPush(deps: {
  store: Store;
  hub: LiveHub;
  log: FastifyBaseLogger;
  onMailQueued: () => void;
}) {
  const { store, hub, log } = deps;
  let unlisten: Unlisten | null = null;

  async function deliver(payload: string) {
    let announcement: NotificationAnnouncement;
    try {
      announcement = NotificationAnnouncement.parse(JSON.parse(payload));
    } catch (error) {
      log.warn({ err: error }, 'ignored a malformed notification announcement');
      return;
    }
    if ('post_id' in announcement) {
      // A publication: one notification per agency of its audience, most with no socket here.
      for (const row of await postNotifications(store.db, announcement.post_id)) {
        await hub.push(
          {
            companyId: row.company_id,
            userId: null,
            permission: NOTIFICATION_PERMISSION[row.kind] ?? undefined,
          },
          { type: 'notification', notification: presentNotification(row) },
        );
      }
      return;
    }
    if (announcement.mail) deps.onMailQueued();
    const row = await findNotification(store.db, announcement.id);
    if (!row) return;
    await hub.push(
      {
        companyId: row.company_id,
        userId: row.user_id,
        permission: NOTIFICATION_PERMISSION[row.kind] ?? undefined,
        bookingMadeBy: row.booking_created_by ?? undefined,
      },
      { type: 'notification', notification: presentNotification(row) },
    );
  }

  return {
    start: async () => {
      unlisten ??= await store.listen(
        NOTIFICATION_CHANNEL,
        inOrder(deliver, (error) => log.error({ err: error }, 'live notification push failed')),
      );
    },
    stop: async () => {
      await unlisten?.();
      unlisten = null;
    },
  };
}
