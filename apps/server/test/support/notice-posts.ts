import type { AdminNoticePost, NoticePostBody, NoticePostKind } from '@skydesk/contract';
import { asOperator, ok } from './admin.js';
import type { TestApp } from './auth-flow.js';
import type { Operator } from './operator.js';

/** Announcements and offers for tests: written straight into the store, or through the back office. */

let sequence = 0;

/** A post written straight into the store (already told to agencies unless `announced: false`). */
export async function insertNoticePost(
  t: TestApp,
  post: {
    kind?: NoticePostKind;
    title?: string;
    publishAt?: Date | null;
    expiresAt?: Date | null;
    countries?: string[];
    imageKey?: string | null;
    imageVersion?: string | null;
    announced?: boolean;
  } = {},
) {
  const now = t.clock.now();
  return t.store.db
    .insertInto('notice_posts')
    .values({
      kind: post.kind ?? 'announcement',
      title: post.title ?? `Post ${sequence++}`,
      body: 'Fares to **Lisbon** from 99.',
      image_key: post.imageKey ?? null,
      image_version: post.imageVersion ?? null,
      publish_at: post.publishAt === undefined ? new Date(now.getTime() - 60_000) : post.publishAt,
      expires_at: post.expiresAt ?? null,
      countries: post.countries ?? [],
      notified_at: post.announced === false ? null : now,
      created_by: null,
      updated_by: null,
    })
    .returning(['id', 'kind', 'title'])
    .executeTakeFirstOrThrow();
}

/** A live announcement for every agency. */
export const publishedPost = (t: TestApp) => insertNoticePost(t);

export const adminPostsPath = (kind: NoticePostKind) =>
  kind === 'offer' ? '/api/admin/offers' : '/api/admin/announcements';

/** Writes a post through the back office as the operator. */
export async function createPost(
  t: TestApp,
  operator: Pick<Operator, 'token'>,
  kind: NoticePostKind,
  body: Partial<NoticePostBody> = {},
): Promise<AdminNoticePost> {
  return ok(
    asOperator(t, operator, 'POST', adminPostsPath(kind), {
      title: `Spring fares ${sequence++}`,
      body: 'Fares to **Lisbon** from 99.\n\n- one\n- two',
      publish_at: null,
      expires_at: null,
      countries: [],
      ...body,
    }),
    201,
  );
}
