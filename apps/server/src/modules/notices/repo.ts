import {
  MAILED_NOTIFICATION_KINDS,
  type MailedNotificationKind,
  NOTIFICATION_KINDS,
  NOTIFICATION_PERMISSION,
  type NotificationKind,
  type Permission,
} from '@skydesk/contract';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { forCountryOf, isLive } from './posts-repo.js';

type Db = Kysely<Database> | Transaction<Database>;

export type NewNotification = {
  companyId: string;
  /** null: everyone of the company. */
  userId: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  /**
   * The booking it is about: shown then only to those who may see that booking (a role limited to
   * its own bookings sees those its user made).
   */
  bookingId?: string;
  at: Date;
};

const isMailed = (kind: NotificationKind) => (MAILED_NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** Writes a notification; a mailed kind waits for the mail sweep ('pending'). */
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
      mail_state: isMailed(notification.kind) ? 'pending' : null,
      mail_next_at: null,
      notice_post_id: null,
      booking_id: notification.bookingId ?? null,
      created_at: notification.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One user has read it (the first reading counts). */
export async function insertRead(db: Db, notificationId: string, userId: string, at: Date) {
  await db
    .insertInto('notification_reads')
    .values({ notification_id: notificationId, user_id: userId, read_at: at })
    .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
    .execute();
}

/**
 * Tells every server listening on `channel` (the live push) once the caller's transaction
 * commits: PostgreSQL holds a NOTIFY back until then, and drops it on rollback.
 */
export async function announce(db: Db, channel: string, payload: string) {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

const NOTIFICATION_COLUMNS = [
  'n.id',
  'n.company_id',
  'n.user_id',
  'n.kind',
  'n.title',
  'n.body',
  'n.link',
  'n.created_at',
] as const;

/** Who made the booking a notification is about (the live push limits it as the list does). */
const BOOKING_MAKER = sql<string | null>`(select b.created_by from bookings b where b.id = n.booking_id)`.as(
  'booking_created_by',
);

/** One notification with who it is for (the live push: a new one, unread by everyone). */
export const findNotification = (db: Db, id: string) =>
  db
    .selectFrom('notifications as n')
    .select(NOTIFICATION_COLUMNS)
    .select(BOOKING_MAKER)
    .select(sql<Date | null>`null`.as('read_at'))
    .where('n.id', '=', id)
    .executeTakeFirst();

/** The "new post" notifications of one announcement or offer, one per agency (the live push). */
export const postNotifications = (db: Db, postId: string) =>
  db
    .selectFrom('notifications as n')
    .select(NOTIFICATION_COLUMNS)
    .select(sql<Date | null>`null`.as('read_at'))
    .where('n.notice_post_id', '=', postId)
    .execute();

// ── what one user sees ──────────────────────────────────────────────────────────────────────────

/** A user of the company, reading at `now`. */
export type Reader = { companyId: string; userId: string; now: Date };

/**
 * The notifications a user of the company sees — the company's and their own — each with the
 * user's own reading: a row of theirs in notification_reads, or made before their "all read".
 * A "new announcement" or offer is seen while the agency may read its post: one withdrawn,
 * expired or no longer meant for the agency's country takes its notification with it, as a
 * deleted one does (its row goes with the post).
 */
function visibleTo(db: Db, reader: Reader) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('users as u', (join) => join.on('u.id', '=', reader.userId))
    .innerJoin('roles as ro', 'ro.id', 'u.role_id')
    .leftJoin('notification_reads as r', (join) =>
      join.onRef('r.notification_id', '=', 'n.id').on('r.user_id', '=', reader.userId),
    )
    .where('n.company_id', '=', reader.companyId)
    .where((eb) => eb.or([eb('n.user_id', 'is', null), eb('n.user_id', '=', reader.userId)]))
    .where((eb) =>
      eb.or([
        eb('n.kind', 'in', OPEN_KINDS),
        eb('u.is_owner', '=', true),
        ...GATED_KINDS.map(([permission, kinds]) =>
          eb.and([eb('n.kind', 'in', kinds), sql<boolean>`${permission} = any(${eb.ref('ro.permissions')})`]),
        ),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('n.notice_post_id', 'is', null),
        eb.exists(
          eb
            .selectFrom('notice_posts as p')
            .select('p.id')
            .whereRef('p.id', '=', 'n.notice_post_id')
            .where(isLive(reader.now))
            .where(forCountryOf(reader.companyId)),
        ),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('n.booking_id', 'is', null),
        eb('u.is_owner', '=', true),
        eb('ro.bookings_scope', '=', 'all'),
        eb.exists(
          eb
            .selectFrom('bookings as b')
            .select('b.id')
            .whereRef('b.id', '=', 'n.booking_id')
            .where('b.created_by', '=', reader.userId),
        ),
      ]),
    );
}

/** The kinds every user sees, and the others by the permission they need (NOTIFICATION_PERMISSION). */
const OPEN_KINDS = NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_PERMISSION[kind] === null);
const GATED_KINDS = [
  ...new Set(NOTIFICATION_KINDS.flatMap((kind) => NOTIFICATION_PERMISSION[kind] ?? [])),
].map((permission) => [
  permission,
  NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_PERMISSION[kind] === permission),
]) satisfies [Permission, NotificationKind[]][];

type VisibleRow = ExpressionBuilder<
  Database & { n: Database['notifications']; u: Database['users']; r: Database['notification_reads'] },
  'n' | 'u' | 'r'
>;

const unread = (eb: VisibleRow) =>
  eb.and([
    eb('r.read_at', 'is', null),
    eb.or([
      eb('u.notifications_read_before', 'is', null),
      eb('n.created_at', '>', eb.ref('u.notifications_read_before')),
    ]),
  ]);

export type NotificationFilters = {
  unreadOnly: boolean;
  /** Only these kinds (a category); every kind when absent. */
  kinds?: readonly NotificationKind[] | undefined;
  /** Older than this one (created_at, then id: the list's order). */
  before?: { createdAt: Date; id: string } | undefined;
  limit: number;
};

/** Newest first, as filtered. */
export function listNotifications(db: Db, reader: Reader, filters: NotificationFilters) {
  let query = visibleTo(db, reader)
    .select(NOTIFICATION_COLUMNS)
    .select(
      sql<Date | null>`coalesce(r.read_at, case when n.created_at <= u.notifications_read_before then u.notifications_read_before end)`.as(
        'read_at',
      ),
    );
  if (filters.unreadOnly) query = query.where(unread);
  if (filters.kinds) query = query.where('n.kind', 'in', [...filters.kinds]);
  const { before } = filters;
  if (before) {
    query = query.where((eb) =>
      eb(eb.refTuple('n.created_at', 'n.id'), '<', eb.tuple(before.createdAt, before.id)),
    );
  }
  return query.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(filters.limit).execute();
}

export type NotificationRow = Awaited<ReturnType<typeof listNotifications>>[number];

/** Where a page starts: one of the user's own notifications (another's answers as missing). */
export const findVisible = (db: Db, reader: Reader, id: string) =>
  visibleTo(db, reader).select(['n.id', 'n.created_at']).where('n.id', '=', id).executeTakeFirst();

/** The bell's count. */
export async function countUnread(db: Db, reader: Reader): Promise<number> {
  const row = await visibleTo(db, reader)
    .select((eb) => eb.fn.countAll<string | number>().as('unread'))
    .where(unread)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

/**
 * "Mark all read": moves the user's watermark up to their newest notification (never down), in
 * one statement. The newest one they can see, not the clock: one written meanwhile by a server
 * whose clock is a little behind stays unread.
 */
export async function markAllRead(db: Db, reader: Reader) {
  await sql`
    update users u set notifications_read_before = v.newest
    from (
      select max(n.created_at) as newest from notifications n
      where n.company_id = ${reader.companyId} and (n.user_id is null or n.user_id = ${reader.userId})
    ) v
    where u.id = ${reader.userId} and v.newest is not null
      and (u.notifications_read_before is null or u.notifications_read_before < v.newest)
  `.execute(db);
}

// ── e-mail settings ─────────────────────────────────────────────────────────────────────────────

export async function emailOptOuts(db: Db, userId: string): Promise<NotificationKind[]> {
  const rows = await db
    .selectFrom('notification_email_opt_outs')
    .select('kind')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.kind);
}

export async function setEmailOptOuts(
  db: Db,
  userId: string,
  changes: { off: MailedNotificationKind[]; on: MailedNotificationKind[] },
) {
  if (changes.off.length > 0) {
    await db
      .insertInto('notification_email_opt_outs')
      .values(changes.off.map((kind) => ({ user_id: userId, kind })))
      .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
      .execute();
  }
  if (changes.on.length > 0) {
    await db
      .deleteFrom('notification_email_opt_outs')
      .where('user_id', '=', userId)
      .where('kind', 'in', changes.on)
      .execute();
  }
}

// ── the mail sweep ──────────────────────────────────────────────────────────────────────────────

/**
 * Claims up to `limit` notifications whose e-mail is due, oldest first, until `leaseUntil`: a
 * sweep on another server skips them meanwhile (`skip locked` while claiming, the lease after),
 * and a sweep that dies leaves them to the next once the lease runs out.
 */
export function claimDueMails(db: Db, options: { now: Date; leaseUntil: Date; limit: number }) {
  return db
    .updateTable('notifications')
    .set((eb) => ({ mail_next_at: options.leaseUntil, mail_attempts: eb('mail_attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('notifications')
        .select('id')
        .where('mail_state', '=', 'pending')
        .where((inner) =>
          inner.or([inner('mail_next_at', 'is', null), inner('mail_next_at', '<=', options.now)]),
        )
        .orderBy('created_at')
        .limit(options.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning([
      'id',
      'company_id',
      'user_id',
      'kind',
      'title',
      'body',
      'link',
      'mail_attempts',
      'created_at',
    ])
    .execute();
}

export type ClaimedMail = Awaited<ReturnType<typeof claimDueMails>>[number];

/** Who may be mailed a notification: the owner alone, or holders of a permission (owners hold all). */
export type MailAudience = { owner: true } | { permission: Permission };

/**
 * The users a claimed notification's e-mail goes to and has not reached yet: its one user, or the
 * agency's users the audience names — each active, not deleted, with an account (an invitation
 * not accepted yet is none) and not opted out of the kind.
 */
export function mailRecipients(db: Db, mail: ClaimedMail, audience: MailAudience) {
  let query = db
    .selectFrom('users as u')
    .innerJoin('roles as ro', 'ro.id', 'u.role_id')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select(['u.id', 'u.name', 'u.email', 'c.name as company_name'])
    .where('u.company_id', '=', mail.company_id)
    .where('u.is_active', '=', true)
    .where('u.deleted_at', 'is', null)
    .where('u.password_hash', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notification_email_opt_outs as o')
            .select('o.user_id')
            .whereRef('o.user_id', '=', 'u.id')
            .where('o.kind', '=', mail.kind),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notification_mails as m')
            .select('m.user_id')
            .whereRef('m.user_id', '=', 'u.id')
            .where('m.notification_id', '=', mail.id),
        ),
      ),
    );
  if (mail.user_id !== null) query = query.where('u.id', '=', mail.user_id);
  else if ('owner' in audience) query = query.where('u.is_owner', '=', true);
  else {
    query = query.where((eb) =>
      eb.or([
        eb('u.is_owner', '=', true),
        sql<boolean>`${audience.permission} = any(${eb.ref('ro.permissions')})`,
      ]),
    );
  }
  return query.orderBy('u.created_at').orderBy('u.id').execute();
}

export async function recordMailSent(db: Db, notificationId: string, userId: string, at: Date) {
  await db
    .insertInto('notification_mails')
    .values({ notification_id: notificationId, user_id: userId, sent_at: at })
    .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
    .execute();
}

export async function markMailSent(db: Db, notificationId: string) {
  await db
    .updateTable('notifications')
    .set({ mail_state: 'sent', mail_next_at: null })
    .where('id', '=', notificationId)
    .execute();
}

export async function retryMailAt(db: Db, notificationId: string, at: Date) {
  await db
    .updateTable('notifications')
    .set({ mail_next_at: at })
    .where('id', '=', notificationId)
    .where('mail_state', '=', 'pending')
    .execute();
}
