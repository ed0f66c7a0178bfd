import type { NoticePostKind, NoticePostStatus } from '@skydesk/contract';
import type { ExpressionBuilder, Kysely, Transaction, Updateable } from 'kysely';
import type { Database, NoticePostsTable } from '../../../platform/db/schema.js';

/** The SQL of the operators' announcements and offers: the posts with who wrote and changed them. */

type Db = Kysely<Database> | Transaction<Database>;

type PostRow = ExpressionBuilder<Database & { p: Database['notice_posts'] }, 'p'>;

/** The posts a status names now (the order of presenter.ts's statusOf). */
const inStatus = (status: NoticePostStatus, now: Date) => (eb: PostRow) => {
  switch (status) {
    case 'draft':
      return eb('p.publish_at', 'is', null);
    case 'scheduled':
      return eb('p.publish_at', '>', now);
    case 'published':
      return eb.and([
        eb('p.publish_at', '<=', now),
        eb.or([eb('p.expires_at', 'is', null), eb('p.expires_at', '>', now)]),
      ]);
    case 'expired':
      return eb.and([eb('p.publish_at', '<=', now), eb('p.expires_at', '<=', now)]);
  }
};

export type PostFilters = { kind: NoticePostKind; status?: NoticePostStatus | undefined; now: Date };

function posts(db: Db, filters: PostFilters) {
  let query = db.selectFrom('notice_posts as p').where('p.kind', '=', filters.kind);
  if (filters.status) query = query.where(inStatus(filters.status, filters.now));
  return query;
}

const withPeople = (db: Db, filters: PostFilters) =>
  posts(db, filters)
    .leftJoin('operators as cb', 'cb.id', 'p.created_by')
    .leftJoin('operators as ub', 'ub.id', 'p.updated_by')
    .selectAll('p')
    .select(['cb.name as created_by_name', 'ub.name as updated_by_name']);

export const listPosts = (db: Db, filters: PostFilters, page: { offset: number; limit: number }) =>
  withPeople(db, filters)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();

export type PostWithPeople = Awaited<ReturnType<typeof listPosts>>[number];

export async function countPosts(db: Db, filters: PostFilters): Promise<number> {
  const row = await posts(db, filters)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export const findPost = (db: Db, kind: NoticePostKind, id: string) =>
  withPeople(db, { kind, now: new Date(0) })
    .where('p.id', '=', id)
    .executeTakeFirst();

/** Locks the post for a change (another kind's id answers as missing). */
export const lockPost = (trx: Transaction<Database>, kind: NoticePostKind, id: string) =>
  trx
    .selectFrom('notice_posts')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', kind)
    .forUpdate()
    .executeTakeFirst();

export type LockedPost = NonNullable<Awaited<ReturnType<typeof lockPost>>>;

export async function insertPost(
  trx: Transaction<Database>,
  post: {
    kind: NoticePostKind;
    title: string;
    body: string;
    publishAt: Date | null;
    expiresAt: Date | null;
    countries: string[];
    operatorId: string;
    at: Date;
  },
): Promise<string> {
  const row = await trx
    .insertInto('notice_posts')
    .values({
      kind: post.kind,
      title: post.title,
      body: post.body,
      image_key: null,
      image_version: null,
      publish_at: post.publishAt,
      expires_at: post.expiresAt,
      countries: post.countries,
      notified_at: null,
      created_by: post.operatorId,
      updated_by: post.operatorId,
      created_at: post.at,
      updated_at: post.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePost(
  trx: Transaction<Database>,
  id: string,
  changes: Updateable<NoticePostsTable> & { updated_by: string; updated_at: Date },
) {
  await trx.updateTable('notice_posts').set(changes).where('id', '=', id).execute();
}

export async function deletePost(trx: Transaction<Database>, id: string) {
  await trx.deleteFrom('notice_posts').where('id', '=', id).execute();
}
