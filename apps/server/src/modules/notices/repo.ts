import type { NotificationKind } from '@skydesk/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export type NewNotification = {
  companyId: string;
  /** null: everyone of the company. */
  userId: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  at: Date;
};

export async function insertNotification(db: Db, notification: NewNotification): Promise<string> {
  const row = await db
    .insertInto('notifications')
    .values({
      company_id: notification.companyId,
      user_id: notification.userId,
      kind: notification.kind,
      title: notification.title,
      body: notification.body,
      link: notification.link,
      created_at: notification.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Tells every server listening on `channel` (the live push) once the caller's transaction
 * commits: PostgreSQL holds a NOTIFY back until then, and drops it on rollback.
 */
export async function announce(db: Db, channel: string, payload: string) {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

/** One notification with who it is for (the live push: a new one, unread by everyone). */
export const findNotification = (db: Db, id: string) =>
  db
    .selectFrom('notifications')
    .select(['id', 'company_id', 'user_id', 'kind', 'title', 'body', 'link', 'created_at'])
    .select(sql<Date | null>`null`.as('read_at'))
    .where('id', '=', id)
    .executeTakeFirst();

/**
 * What a user of the company sees: the company's notifications and their own, newest first, each
 * read or not by this user (a row of theirs in notification_reads, or before their "all read").
 */
export const listNotifications = (db: Db, companyId: string, userId: string, limit: number) =>
  db
    .selectFrom('notifications')
    .innerJoin('users', (join) => join.on('users.id', '=', userId))
    .leftJoin('notification_reads', (join) =>
      join
        .onRef('notification_reads.notification_id', '=', 'notifications.id')
        .on('notification_reads.user_id', '=', userId),
    )
    .select([
      'notifications.id',
      'notifications.kind',
      'notifications.title',
      'notifications.body',
      'notifications.link',
      'notifications.created_at',
    ])
    .select((eb) =>
      eb
        .case()
        .when('notification_reads.read_at', 'is not', null)
        .then(eb.ref('notification_reads.read_at'))
        .when('notifications.created_at', '<=', eb.ref('users.notifications_read_before'))
        .then(eb.ref('users.notifications_read_before'))
        .else(sql<Date | null>`null`)
        .end()
        .as('read_at'),
    )
    .where('notifications.company_id', '=', companyId)
    .where((eb) => eb.or([eb('notifications.user_id', 'is', null), eb('notifications.user_id', '=', userId)]))
    .orderBy('notifications.created_at', 'desc')
    .orderBy('notifications.id', 'desc')
    .limit(limit)
    .execute();

export type NotificationRow = Awaited<ReturnType<typeof listNotifications>>[number];

/**
 * Marks one of the user's notifications read for them (the first reading counts); answers whether
 * it is theirs at all. Another company's or another user's answers as missing.
 */
export async function markRead(db: Db, companyId: string, userId: string, id: string, at: Date) {
  const visible = await db
    .selectFrom('notifications')
    .select('id')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
    .executeTakeFirst();
  if (!visible) return false;
  await db
    .insertInto('notification_reads')
    .values({ notification_id: id, user_id: userId, read_at: at })
    .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
    .execute();
  return true;
}
