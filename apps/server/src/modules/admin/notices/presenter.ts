import type { AdminNoticePost, NoticePostStatus } from '@skydesk/contract';
import type { PostWithPeople } from './repo.js';

/** Where a post stands at `now`: not scheduled, waiting for its time, shown, or past its expiry. */
export function statusOf(
  post: Pick<PostWithPeople, 'publish_at' | 'expires_at'>,
  now: Date,
): NoticePostStatus {
  if (!post.publish_at) return 'draft';
  if (post.publish_at.getTime() > now.getTime()) return 'scheduled';
  if (post.expires_at && post.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'published';
}

/** Where operators fetch a post's picture: its kind's path, with the version for caching. */
export const adminImageUrl = (post: Pick<PostWithPeople, 'id' | 'kind' | 'image_version'>) =>
  post.image_version
    ? `/api/admin/${post.kind === 'offer' ? 'offers' : 'announcements'}/${encodeURIComponent(post.id)}/image?v=${encodeURIComponent(post.image_version)}`
    : null;

const person = (id: string | null, name: string | null) => (id && name ? { id, name } : null);

export function presentPost(post: PostWithPeople, now: Date): AdminNoticePost {
  return {
    id: post.id,
    kind: post.kind,
    title: post.title,
    body: post.body,
    image_url: post.image_key ? adminImageUrl(post) : null,
    publish_at: post.publish_at?.toISOString() ?? null,
    expires_at: post.expires_at?.toISOString() ?? null,
    countries: post.countries,
    status: statusOf(post, now),
    created_by: person(post.created_by, post.created_by_name),
    updated_by: person(post.updated_by, post.updated_by_name),
    created_at: post.created_at.toISOString(),
    updated_at: post.updated_at.toISOString(),
  };
}
