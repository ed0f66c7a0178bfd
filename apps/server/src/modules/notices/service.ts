import {
  type Announcement,
  AppError,
  MAILED_NOTIFICATION_KINDS,
  type MailedNotificationKind,
  NOTIFICATION_CATEGORY_OF,
  NOTIFICATION_KINDS,
  type NoticePostKind,
  type Notification,
  type NotificationCategory,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsBody,
  type NotificationSummary,
  noticeImageUrl,
  type Offer,
} from '@skydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../platform/http/principal.js';
import type { FileStore } from '../../platform/storage/file-store.js';
import * as posts from './posts-repo.js';
import * as repo from './repo.js';

/** A notification on the wire (the list and the live push). */
export const presentNotification = (row: repo.NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  read_at: row.read_at ? new Date(row.read_at).toISOString() : null,
  created_at: row.created_at.toISOString(),
});

const kindsOf = (category: NotificationCategory): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_CATEGORY_OF[kind] === category);

const notificationNotFound = () => new AppError('not_found', 'Notification not found');
const imageNotFound = () => new AppError('not_found', 'Image not found');

/** Live posts listed to an agency at most (the announcements page, the dashboard's offer). */
const POSTS_LISTED = 50;

/**
 * docs/api.md#support-notices-analytics: an agency's notifications — to the whole company or to one user,
 * read or unread by each user for themselves — the user's e-mail settings, and the announcements
 * and offers SkyDesk published for the agency.
 */
export function createNoticeService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  files: FileStore;
  log: FastifyBaseLogger;
}) {
  const { db, clock, files } = deps;
  const readerOf = (principal: CompanyPrincipal): repo.Reader => ({
    companyId: principal.companyId,
    userId: principal.userId,
    now: clock.now(),
  });

  /** The posts of a kind the agency may see now, newest first, as both lists present them. */
  async function livePosts(principal: CompanyPrincipal, kind: NoticePostKind) {
    const rows = await posts.livePostsFor(db, {
      kind,
      companyId: principal.companyId,
      now: clock.now(),
      limit: POSTS_LISTED,
    });
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      body: row.body,
      image_url: imageUrlOf(row),
      published_at: row.publish_at!.toISOString(),
      expires_at: row.expires_at?.toISOString() ?? null,
    }));
  }

  async function settings(principal: CompanyPrincipal): Promise<NotificationSettings> {
    const off = new Set(await repo.emailOptOuts(db, principal.userId));
    return {
      email: Object.fromEntries(MAILED_NOTIFICATION_KINDS.map((kind) => [kind, !off.has(kind)])) as Record<
        MailedNotificationKind,
        boolean
      >,
    };
  }

  return {
    async list(
      principal: CompanyPrincipal,
      query: {
        unread: boolean;
        category?: NotificationCategory | undefined;
        before?: string | undefined;
        limit: number;
      },
    ): Promise<Notification[]> {
      const reader = readerOf(principal);
      let before: { createdAt: Date; id: string } | undefined;
      if (query.before) {
        // The page after one of the user's own notifications; anything else names nothing.
        const cursor = await repo.findVisible(db, reader, query.before);
        if (!cursor) throw notificationNotFound();
        before = { createdAt: cursor.created_at, id: cursor.id };
      }
      const rows = await repo.listNotifications(db, reader, {
        unreadOnly: query.unread,
        kinds: query.category ? kindsOf(query.category) : undefined,
        before,
        limit: query.limit,
      });
      return rows.map(presentNotification);
    },

    async summary(principal: CompanyPrincipal): Promise<NotificationSummary> {
      return { unread: await repo.countUnread(db, readerOf(principal)) };
    },

    async markRead(principal: CompanyPrincipal, id: string) {
      const reader = readerOf(principal);
      if (!(await repo.findVisible(db, reader, id))) throw notificationNotFound();
      await repo.insertRead(db, id, principal.userId, clock.now());
      return { id };
    },

    async markAllRead(principal: CompanyPrincipal): Promise<NotificationSummary> {
      const reader = readerOf(principal);
      await repo.markAllRead(db, reader);
      return { unread: await repo.countUnread(db, reader) };
    },

    settings,

    /** Turns the named kinds' e-mail on or off for the user; the others stay as they were. */
    async updateSettings(principal: CompanyPrincipal, body: NotificationSettingsBody) {
      const changes = { off: [] as MailedNotificationKind[], on: [] as MailedNotificationKind[] };
      for (const [kind, on] of Object.entries(body.email) as [
        MailedNotificationKind,
        boolean | undefined,
      ][]) {
        if (on === undefined) continue;
        changes[on ? 'on' : 'off'].push(kind);
      }
      await db.transaction().execute((trx) => repo.setEmailOptOuts(trx, principal.userId, changes));
      return settings(principal);
    },

    async announcements(principal: CompanyPrincipal): Promise<Announcement[]> {
      return (await livePosts(principal, 'announcement')).map(({ expires_at, ...post }) => ({
        ...post,
        expires_at,
      }));
    },

    /** An offer's expiry is its "valid until" (docs/api.md). */
    async offers(principal: CompanyPrincipal): Promise<Offer[]> {
      return (await livePosts(principal, 'offer')).map(({ expires_at, ...post }) => ({
        ...post,
        valid_until: expires_at,
      }));
    },

    /**
     * A post's picture, only while the agency may see the post (published, not expired, for its
     * country); `fresh` when the URL named its current version.
     */
    async image(principal: CompanyPrincipal, id: string, version: string | undefined) {
      const row = await posts.visiblePostImage(db, { id, companyId: principal.companyId, now: clock.now() });
      if (!row?.image_key) throw imageNotFound();
      const content = await files.get(row.image_key).catch((error: unknown) => {
        if ((error as { code?: string }).code === 'ENOENT') throw imageNotFound();
        throw error;
      });
      return { content, fresh: version !== undefined && version === row.image_version };
    },
  };
}

const imageUrlOf = (row: Pick<posts.LivePostRow, 'id' | 'image_key' | 'image_version'>) =>
  row.image_key && row.image_version ? noticeImageUrl(row.id, row.image_version) : null;

export type NoticeService = ReturnType<typeof createNoticeService>;
