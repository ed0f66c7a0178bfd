import { MAILED_NOTIFICATION_KINDS } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../platform/db/schema.js';
import { announce, insertNotification, insertRead, type NewNotification } from './repo.js';

/** The store channel a new notification is announced on, for every server's live push. */
export const NOTIFICATION_CHANNEL = 'skydesk_notification';

/**
 * What the announcement carries: ids only (a NOTIFY payload is small); the rows are read back.
 * One notification (`mail`: its e-mail is waiting for the mail sweep), or every notification of an
 * announcement's or offer's publication at once (one per agency: thousands, read back in one go).
 */
export const NotificationAnnouncement = z.union([
  z.object({
    id: z.uuid(),
    company_id: z.uuid(),
    user_id: z.uuid().nullable(),
    mail: z.boolean().optional(),
  }),
  z.object({ post_id: z.uuid() }),
]);
export type NotificationAnnouncement = z.infer<typeof NotificationAnnouncement>;

/**
 * How other modules tell an agency something in the portal (the back office's decisions, the
 * bookings' events). Call it in the transaction that makes the change it reports, so the two are
 * never apart: the notification is written, and announced to the live push (live-push.ts), with
 * that transaction's commit — a rolled-back decision is never shown, not even for a moment, and
 * never mailed: a mailed kind is only marked 'pending' here, and the mail sweep (mail.ts) sends it
 * once committed.
 *
 * `readBy`: the user whose own action it reports (they issued the tickets) has nothing to read.
 */
export async function notify(
  db: Kysely<Database> | Transaction<Database>,
  notification: NewNotification & { readBy?: string },
): Promise<string> {
  const id = await insertNotification(db, notification);
  if (notification.readBy) await insertRead(db, id, notification.readBy, notification.at);
  const announcement: NotificationAnnouncement = {
    id,
    company_id: notification.companyId,
    user_id: notification.userId,
    mail: (MAILED_NOTIFICATION_KINDS as readonly string[]).includes(notification.kind),
  };
  await announce(db, NOTIFICATION_CHANNEL, JSON.stringify(announcement));
  return id;
}

export type { NewNotification };
