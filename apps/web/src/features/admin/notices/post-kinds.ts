import type { NoticePostKind, NoticePostStatus } from '@skydesk/contract';
import { adminPaths } from '../../../shared/routing/admin-paths';
import type { BadgeTone } from '../../../shared/ui/badge';

/** How the console names and finds each kind of post. */
export const POST_KIND = {
  announcement: {
    noun: 'announcement',
    Noun: 'Announcement',
    plural: 'announcements',
    Plural: 'Announcements',
    list: adminPaths.announcements,
    /** What agencies see it as. */
    seenAs: 'Agencies read it on their announcement screen, and the newest on their home screen.',
  },
  offer: {
    noun: 'offer',
    Noun: 'Offer',
    plural: 'offers',
    Plural: 'Offers',
    list: adminPaths.offers,
    seenAs: 'Agencies see it among the offers on their announcement screen; the newest open one is featured.',
  },
} as const satisfies Record<NoticePostKind, Record<string, string>>;

/** A post's editor: `…/new` writes a new one. */
export const postPath = (kind: NoticePostKind, id: string | 'new'): string =>
  `${POST_KIND[kind].list}/${encodeURIComponent(id)}`;

/** Where a post stands, as its badge says it. */
export const POST_STATUS: Record<NoticePostStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'slate' },
  scheduled: { label: 'Scheduled', tone: 'sky' },
  published: { label: 'Published', tone: 'emerald' },
  expired: { label: 'Expired', tone: 'amber' },
};
