import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../platform/db/schema.js';
import { announce, insertNotification, type NewNotification } from './repo.js';

/** The store channel a new notification is announced on, for every server's live push. */
export const NOTIFICATION_CHANNEL = 'skydesk_notification';

/** What the announcement carries: ids only (a NOTIFY payload is small); the row is read back. */
export const NotificationAnnouncement = z.object({
  id: z.uuid(),
  company_id: z.uuid(),
  user_id: z.uuid().nullable(),
});
export type NotificationAnnouncement = z.infer<typeof NotificationAnnouncement>;

/**
 * How other modules tell an agency something in the portal (the back office's decisions). Call it
 * in the transaction that makes the change it reports, so the two are never apart: the
 * notification is written, and announced to the live push (live-push.ts), with that transaction's
 * commit — a rolled-back decision is never shown, not even for a moment.
 */
export async function notify(
  db: Kysely<Database> | Transaction<Database>,
  notification: NewNotification,
): Promise<void> {
  const id = await insertNotification(db, notification);
  const announcement: NotificationAnnouncement = {
    id,
    company_id: notification.companyId,
    user_id: notification.userId,
  };
  await announce(db, NOTIFICATION_CHANNEL, JSON.stringify(announcement));
}

export type { NewNotification };
