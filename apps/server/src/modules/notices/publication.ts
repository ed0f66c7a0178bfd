import { instantTextWithZone, type NoticePostKind } from '@skydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import type { Exclusively } from '../../platform/db/task-lock.js';
import { periodicTask } from '../../platform/periodic-task.js';
import { NOTIFICATION_CHANNEL, type NotificationAnnouncement } from './notify.js';
import * as posts from './posts-repo.js';
import { announce } from './repo.js';

/**
 * When an announcement or offer becomes published — at once, or at its scheduled time — every
 * agency of its audience is told once: one notification to the whole agency (the bell of each of
 * its users), linking to the announcements page. A post is told in one transaction with its
 * `notified_at`, so it is told wholly or not at all, and never twice; the agencies are written in
 * batches (5,000 agencies are a few statements, not 5,000) and announced to the live push as one.
 * Runs once at a time across servers: each post is locked with `skip locked` while it is told.
 */

export const ANNOUNCEMENTS_PATH = '/dashboard/announcement';

/** Agencies written per statement. */
export const AUDIENCE_BATCH = 1_000;
/** Posts told per run at most; the next run takes the rest. */
const POSTS_PER_RUN = 100;

export function postNotice(post: { kind: NoticePostKind; title: string; expires_at: Date | null }) {
  if (post.kind === 'offer') {
    // One text for agencies in every zone: the moment in UTC, named (docs/architecture.md §8).
    const until = post.expires_at ? ` It is valid until ${instantTextWithZone(post.expires_at, 'UTC')}.` : '';
    return {
      title: `New offer: ${post.title}`,
      body: `SkyDesk has a new offer for your agency.${until} Read it on the announcements page.`,
    };
  }
  return {
    title: `New announcement: ${post.title}`,
    body: 'SkyDesk published an announcement for your agency. Read it on the announcements page.',
  };
}

export type PublicationDeps = { db: Kysely<Database>; clock: Clock; batchSize?: number };

/** Tells the agencies of every post published and not told yet; answers how many posts it told. */
export async function announcePublishedPosts(deps: PublicationDeps): Promise<number> {
  const batchSize = deps.batchSize ?? AUDIENCE_BATCH;
  let told = 0;
  while (told < POSTS_PER_RUN) {
    const now = deps.clock.now();
    const postId = await deps.db.transaction().execute(async (trx) => {
      const post = await posts.lockNextUnannouncedPost(trx, now);
      if (!post) return null;
      const notice = { ...postNotice(post), link: ANNOUNCEMENTS_PATH, at: now };
      let afterId: string | null = null;
      for (;;) {
        const companyIds = await posts.audienceBatch(trx, {
          countries: post.countries,
          afterId,
          limit: batchSize,
        });
        await posts.insertPostNotifications(trx, post, notice, companyIds);
        if (companyIds.length < batchSize) break;
        afterId = companyIds[companyIds.length - 1]!;
      }
      await posts.markPostAnnounced(trx, post.id, now);
      const announcement: NotificationAnnouncement = { post_id: post.id };
      await announce(trx, NOTIFICATION_CHANNEL, JSON.stringify(announcement));
      return post.id;
    });
    if (!postId) break;
    told++;
  }
  return told;
}

/** The publication sweep, every `intervalSeconds` while the server listens. */
export function publicationSweeper(
  deps: PublicationDeps & { log: FastifyBaseLogger; intervalSeconds: number; exclusively: Exclusively },
) {
  return periodicTask({
    name: 'announcement publication sweep',
    intervalSeconds: deps.intervalSeconds,
    log: deps.log,
    exclusively: deps.exclusively,
    run: async () => {
      const told = await announcePublishedPosts(deps);
      if (told > 0) deps.log.info({ told }, 'told agencies of new announcements and offers');
    },
  });
}
