import type { NoticePostKind } from '@skydesk/contract';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** The SQL of announcements and offers as agencies read them, and of their publication. */

type Db = Kysely<Database> | Transaction<Database>;

type PostRow = ExpressionBuilder<Database & { p: Database['notice_posts'] }, 'p'>;

/** Published (its time has come) and not expired: what any agency of its audience may see. */
export const isLive = (now: Date) => (eb: PostRow) =>
  eb.and([
    eb('p.publish_at', 'is not', null),
    eb('p.publish_at', '<=', now),
    eb.or([eb('p.expires_at', 'is', null), eb('p.expires_at', '>', now)]),
  ]);

/** For every agency (no country named), or for the agency's country. */
export const forCountryOf = (companyId: string) => (eb: PostRow) =>
  eb.or([
    sql<boolean>`cardinality(${eb.ref('p.countries')}) = 0`,
    sql<boolean>`(select c.country from companies c where c.id = ${companyId}) = any(${eb.ref('p.countries')})`,
  ]);

/** The live posts of a kind the agency may see, newest first. */
export const livePostsFor = (
  db: Db,
  options: { kind: NoticePostKind; companyId: string; now: Date; limit: number },
) =>
  db
    .selectFrom('notice_posts as p')
    .select(['p.id', 'p.title', 'p.body', 'p.image_key', 'p.image_version', 'p.publish_at', 'p.expires_at'])
    .where('p.kind', '=', options.kind)
    .where(isLive(options.now))
    .where(forCountryOf(options.companyId))
    .orderBy('p.publish_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(options.limit)
    .execute();

export type LivePostRow = Awaited<ReturnType<typeof livePostsFor>>[number];

/** A live post's picture, when the agency may see the post. */
export const visiblePostImage = (db: Db, options: { id: string; companyId: string; now: Date }) =>
  db
    .selectFrom('notice_posts as p')
    .select(['p.image_key', 'p.image_version'])
    .where('p.id', '=', options.id)
    .where(isLive(options.now))
    .where(forCountryOf(options.companyId))
    .executeTakeFirst();

// ── publication ─────────────────────────────────────────────────────────────────────────────────

/**
 * Locks the post published longest ago whose agencies have not been told yet, that no other
 * sweep holds (`skip locked`: another server's sweep takes another post, or none).
 */
export const lockNextUnannouncedPost = (trx: Transaction<Database>, now: Date) =>
  trx
    .selectFrom('notice_posts as p')
    .select(['p.id', 'p.kind', 'p.title', 'p.expires_at', 'p.countries'])
    .where('p.notified_at', 'is', null)
    .where(isLive(now))
    .orderBy('p.publish_at')
    .orderBy('p.id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();

/** The next `limit` approved agencies of the audience after `afterId`, by id. */
export async function audienceBatch(
  trx: Transaction<Database>,
  options: { countries: string[]; afterId: string | null; limit: number },
): Promise<string[]> {
  let query = trx.selectFrom('companies').select('id').where('verification_status', '=', 'approved');
  if (options.countries.length > 0) query = query.where('country', 'in', options.countries);
  if (options.afterId) query = query.where('id', '>', options.afterId);
  const rows = await query.orderBy('id').limit(options.limit).execute();
  return rows.map((row) => row.id);
}

/** One company-wide notification of the post per agency. */
export async function insertPostNotifications(
  trx: Transaction<Database>,
  post: { id: string; kind: NoticePostKind },
  notice: { title: string; body: string; link: string; at: Date },
  companyIds: string[],
) {
  if (companyIds.length === 0) return;
  await trx
    .insertInto('notifications')
    .values(
      companyIds.map((companyId) => ({
        company_id: companyId,
        user_id: null,
        kind: post.kind,
        title: notice.title,
        body: notice.body,
        link: notice.link,
        mail_state: null,
        mail_next_at: null,
        notice_post_id: post.id,
        created_at: notice.at,
      })),
    )
    .execute();
}

export async function markPostAnnounced(trx: Transaction<Database>, id: string, at: Date) {
  await trx.updateTable('notice_posts').set({ notified_at: at }).where('id', '=', id).execute();
}
