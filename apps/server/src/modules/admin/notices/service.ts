import { randomBytes } from 'node:crypto';
import {
  type AdminNoticePost,
  type AdminNoticePostList,
  AppError,
  type NoticePostBody,
  type NoticePostKind,
  type NoticePostPatch,
  type NoticePostStatus,
} from '@skydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../../platform/audit/audit-log.js';
import type { OperatorAction } from '../../../platform/audit/operator-action.js';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { UploadedFile } from '../../../platform/http/multipart-form.js';
import type { FileStore } from '../../../platform/storage/file-store.js';
import { announcePublishedPosts } from '../../notices/index.js';
import { noticeWebp } from './image.js';
import { presentPost, statusOf } from './presenter.js';
import * as repo from './repo.js';

/**
 * Announcements and offers as SkyDesk's operators write them (docs/api.md#back-office): each change is
 * one transaction under the post's row lock with its audit entry. A post published by a change
 * (at once, or a time already past) tells its agencies right after the commit; one scheduled later
 * is told by the publication sweep when its time comes (notices/publication.ts). The body is
 * stored as written — limited Markdown the portal renders safely; nothing here makes HTML of it.
 */

export type AdminNoticeDeps = {
  db: Kysely<Database>;
  clock: Clock;
  files: FileStore;
  log: FastifyBaseLogger;
};

const NOUN: Record<NoticePostKind, string> = { announcement: 'Announcement', offer: 'Offer' };

/** Countries once each, in order: the audience, not how it was typed. */
const audienceOf = (countries: readonly string[]) => [...new Set(countries)].sort();

const instant = (value: string | null) => (value === null ? null : new Date(value));

/** What the audit log keeps of a post (the body's length, not its 10,000 characters twice). */
function snapshot(post: {
  title: string;
  body: string;
  publish_at: Date | null;
  expires_at: Date | null;
  countries: string[];
  image_version: string | null;
}) {
  return {
    title: post.title,
    body_length: post.body.length,
    publish_at: post.publish_at?.toISOString() ?? null,
    expires_at: post.expires_at?.toISOString() ?? null,
    countries: post.countries,
    image_version: post.image_version,
  };
}

export function createAdminNoticeService(deps: AdminNoticeDeps) {
  const { db, clock, files, log } = deps;

  const notFound = (kind: NoticePostKind) => new AppError('not_found', `${NOUN[kind]} not found`);

  async function view(kind: NoticePostKind, id: string): Promise<AdminNoticePost> {
    const row = await repo.findPost(db, kind, id);
    if (!row) throw notFound(kind);
    return presentPost(row, clock.now());
  }

  async function locked(trx: Parameters<typeof repo.lockPost>[0], kind: NoticePostKind, id: string) {
    const post = await repo.lockPost(trx, kind, id);
    if (!post) throw notFound(kind);
    return post;
  }

  /** A change published a post: its agencies are told now rather than at the next sweep. */
  async function tellIfPublished(post: { publish_at: Date | null; expires_at: Date | null }) {
    if (statusOf(post, clock.now()) !== 'published') return;
    try {
      await announcePublishedPosts({ db, clock });
    } catch (error) {
      // The post stands; the publication sweep tells its agencies on its next run.
      log.error({ err: error }, 'could not tell agencies of a new post at once');
    }
  }

  /** Removes a file no row names any more; a failure leaves an orphan file, never a broken post. */
  async function removeFile(key: string | null) {
    if (!key) return;
    await files
      .remove(key)
      .catch((error: unknown) => log.warn({ err: error }, 'could not remove a post picture'));
  }

  return {
    async list(
      kind: NoticePostKind,
      query: { status?: NoticePostStatus | undefined; page: number; limit: number },
    ): Promise<AdminNoticePostList> {
      const now = clock.now();
      const filters = { kind, status: query.status, now };
      const [total, rows] = await Promise.all([
        repo.countPosts(db, filters),
        repo.listPosts(db, filters, { offset: query.page * query.limit, limit: query.limit }),
      ]);
      return {
        posts: rows.map((row) => presentPost(row, now)),
        total,
        totalPages: Math.ceil(total / query.limit),
      };
    },

    view,

    async create(
      actor: OperatorAction,
      kind: NoticePostKind,
      body: NoticePostBody,
    ): Promise<AdminNoticePost> {
      const now = clock.now();
      const values = {
        title: body.title,
        body: body.body,
        publish_at: instant(body.publish_at),
        expires_at: instant(body.expires_at),
        countries: audienceOf(body.countries ?? []),
        image_version: null,
      };
      const id = await db.transaction().execute(async (trx) => {
        const created = await repo.insertPost(trx, {
          kind,
          title: values.title,
          body: values.body,
          publishAt: values.publish_at,
          expiresAt: values.expires_at,
          countries: values.countries,
          operatorId: actor.operatorId,
          at: now,
        });
        await recordAudit(trx, {
          actor,
          action: `${kind}.create`,
          target: { type: kind, id: created },
          after: { ...snapshot(values), status: statusOf(values, now) },
          at: now,
        });
        return created;
      });
      await tellIfPublished(values);
      return view(kind, id);
    },

    async update(
      actor: OperatorAction,
      kind: NoticePostKind,
      id: string,
      patch: NoticePostPatch,
    ): Promise<AdminNoticePost> {
      const now = clock.now();
      const after = await db.transaction().execute(async (trx) => {
        const post = await locked(trx, kind, id);
        const next = {
          ...post,
          ...(patch.title === undefined ? {} : { title: patch.title }),
          ...(patch.body === undefined ? {} : { body: patch.body }),
          ...(patch.publish_at === undefined ? {} : { publish_at: instant(patch.publish_at) }),
          ...(patch.expires_at === undefined ? {} : { expires_at: instant(patch.expires_at) }),
          ...(patch.countries === undefined ? {} : { countries: audienceOf(patch.countries) }),
        };
        // The patch alone was checked by the contract; with the times it leaves, it must hold too.
        if (next.publish_at && next.expires_at && next.expires_at.getTime() <= next.publish_at.getTime()) {
          const message = 'It must expire after it is published';
          throw new AppError('validation', message, { fieldErrors: { expires_at: [message] } });
        }
        await repo.updatePost(trx, id, {
          title: next.title,
          body: next.body,
          publish_at: next.publish_at,
          expires_at: next.expires_at,
          countries: next.countries,
          updated_by: actor.operatorId,
          updated_at: now,
        });
        await recordAudit(trx, {
          actor,
          action: `${kind}.update`,
          target: { type: kind, id },
          before: { ...snapshot(post), status: statusOf(post, now) },
          after: { ...snapshot(next), status: statusOf(next, now) },
          at: now,
        });
        return next;
      });
      await tellIfPublished(after);
      return view(kind, id);
    },

    /** Deletes the post: agencies no longer see it, nor its notifications (deleted with it). */
    async remove(actor: OperatorAction, kind: NoticePostKind, id: string): Promise<{ id: string }> {
      const now = clock.now();
      const removed = await db.transaction().execute(async (trx) => {
        const post = await locked(trx, kind, id);
        await repo.deletePost(trx, id);
        await recordAudit(trx, {
          actor,
          action: `${kind}.delete`,
          target: { type: kind, id },
          before: { ...snapshot(post), status: statusOf(post, now) },
          at: now,
        });
        return post;
      });
      await removeFile(removed.image_key);
      return { id };
    },

    /**
     * Stores the picture re-drawn as a WebP under a new random name and version, then removes the
     * one it replaces once the row names the new one (a failed save leaves the old one in place).
     */
    async uploadImage(
      actor: OperatorAction,
      kind: NoticePostKind,
      id: string,
      upload: UploadedFile,
    ): Promise<AdminNoticePost> {
      const image = await noticeWebp(upload.content);
      const key = await files.put(image);
      const version = randomBytes(9).toString('base64url');
      const now = clock.now();
      let replaced: string | null;
      try {
        replaced = await db.transaction().execute(async (trx) => {
          const post = await locked(trx, kind, id);
          await repo.updatePost(trx, id, {
            image_key: key,
            image_version: version,
            updated_by: actor.operatorId,
            updated_at: now,
          });
          await recordAudit(trx, {
            actor,
            action: `${kind}.update`,
            target: { type: kind, id },
            before: { image_version: post.image_version },
            after: { image_version: version, image_bytes: image.length },
            at: now,
          });
          return post.image_key;
        });
      } catch (error) {
        await removeFile(key);
        throw error;
      }
      await removeFile(replaced);
      return view(kind, id);
    },

    async removeImage(actor: OperatorAction, kind: NoticePostKind, id: string): Promise<AdminNoticePost> {
      const now = clock.now();
      const removed = await db.transaction().execute(async (trx) => {
        const post = await locked(trx, kind, id);
        if (!post.image_key) return null;
        await repo.updatePost(trx, id, {
          image_key: null,
          image_version: null,
          updated_by: actor.operatorId,
          updated_at: now,
        });
        await recordAudit(trx, {
          actor,
          action: `${kind}.update`,
          target: { type: kind, id },
          before: { image_version: post.image_version },
          after: { image_version: null },
          at: now,
        });
        return post.image_key;
      });
      await removeFile(removed);
      return view(kind, id);
    },

    /** The picture, whatever the post's status; `fresh` when the URL named its current version. */
    async image(kind: NoticePostKind, id: string, version: string | undefined) {
      const row = await repo.findPost(db, kind, id);
      if (!row?.image_key) throw new AppError('not_found', 'Image not found');
      const content = await files.get(row.image_key).catch((error: unknown) => {
        if ((error as { code?: string }).code === 'ENOENT')
          throw new AppError('not_found', 'Image not found');
        throw error;
      });
      return { content, fresh: version !== undefined && version === row.image_version };
    },
  };
}

export type AdminNoticeService = ReturnType<typeof createAdminNoticeService>;
