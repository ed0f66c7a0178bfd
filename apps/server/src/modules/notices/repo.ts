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

/** One notification as its audience sees it, with who it is for (the live push). */
export const findNotification = (db: Db, id: string) =>
  db
    .selectFrom('notifications')
    .select(['id', 'company_id', 'user_id', 'kind', 'title', 'body', 'link', 'read_at', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();

/** What a user of the company sees: the company's notifications and their own, newest first. */
export const listNotifications = (db: Db, companyId: string, userId: string, limit: number) =>
  db
    .selectFrom('notifications')
    .select(['id', 'kind', 'title', 'body', 'link', 'read_at', 'created_at'])
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export type NotificationRow = Awaited<ReturnType<typeof listNotifications>>[number];

/**
 * Marks one of the user's notifications read (the first reading counts); answers whether it is
 * theirs at all. Another company's or another user's answers as missing.
 */
export async function markRead(db: Db, companyId: string, userId: string, id: string, at: Date) {
  const row = await db
    .updateTable('notifications')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(at)) }))
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}
