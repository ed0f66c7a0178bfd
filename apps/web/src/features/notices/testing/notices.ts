import {
  type Announcement,
  NOTIFICATION_CATEGORY_OF,
  type Notification,
  type NotificationKind,
  type Offer,
} from '@skydesk/contract';
import { ok, type SentRequest } from '../../../testing/fake-api';

/** The n-th notification's id: a UUID the contract accepts, in order. */
export const noticeId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const notice = (overrides: Partial<Notification> = {}): Notification => ({
  id: noticeId(1),
  kind: 'refund_approved',
  title: 'Refund approved: US$800.00',
  body: 'Your refund of K7Q2ZD was approved for US$800.00 (the rules allowed US$921.00): Service fee kept.',
  link: '/dashboard/booking-details?id=b1b2b3b4-0000-4000-8000-000000000001',
  read_at: null,
  created_at: '2026-03-10T10:00:00Z',
  ...overrides,
});

/** `count` notifications, newest first, of the kinds given in turn. */
export function notices(count: number, kinds: NotificationKind[] = ['deposit_approved']): Notification[] {
  return Array.from({ length: count }, (_, i) =>
    notice({
      id: noticeId(i + 1),
      kind: kinds[i % kinds.length],
      title: `Notice ${i + 1}`,
      body: `Body ${i + 1}`,
      link: null,
      created_at: new Date(Date.UTC(2026, 2, 10, 10) - i * 60_000).toISOString(),
    }),
  );
}

/**
 * A server's notifications for the fake API: the list answers its query (category, unread,
 * before, limit) as the server does, the summary counts the unread, and marking read marks them.
 */
export function noticeServer(initial: Notification[]) {
  let all = [...initial];
  const unread = () => all.filter((item) => !item.read_at).length;
  return {
    get all() {
      return all;
    },
    /** A new notification arrives (as a push would announce). */
    add(item: Notification) {
      all = [item, ...all];
    },
    routes: {
      'GET /api/notification': ({ query }: SentRequest) => {
        const category = query.get('category');
        const before = query.get('before');
        const limit = Number(query.get('limit') ?? 100);
        let list = all.filter(
          (item) =>
            (!category || NOTIFICATION_CATEGORY_OF[item.kind] === category) &&
            (query.get('unread') !== 'true' || !item.read_at),
        );
        if (before) list = list.slice(list.findIndex((item) => item.id === before) + 1);
        return ok(list.slice(0, limit));
      },
      'GET /api/notification/summary': () => ok({ unread: unread() }),
      'PUT /api/notification/read-all': () => {
        all = all.map((item) => ({ ...item, read_at: item.read_at ?? '2026-03-11T08:00:00Z' }));
        return ok({ unread: 0 });
      },
      ...Object.fromEntries(
        initial.map((item) => [
          `PUT /api/notification/${item.id}/read`,
          () => {
            all = all.map((other) =>
              other.id === item.id ? { ...other, read_at: other.read_at ?? '2026-03-11T08:00:00Z' } : other,
            );
            return ok({ id: item.id });
          },
        ]),
      ),
    },
  };
}

export const ANNOUNCEMENT_ID = 'a0000000-0000-4000-8000-000000000001';
export const OFFER_ID = 'f0000000-0000-4000-8000-000000000001';

export const announcement = (overrides: Partial<Announcement> = {}): Announcement => ({
  id: ANNOUNCEMENT_ID,
  title: 'New routes to the Gulf',
  body: 'From **1 April** we sell:\n\n- Dubai\n- Doha\n\n[See the fares](/dashboard/search-flights)',
  image_url: null,
  published_at: '2026-03-09T08:00:00Z',
  expires_at: null,
  ...overrides,
});

export const offer = (overrides: Partial<Offer> = {}): Offer => ({
  id: OFFER_ID,
  title: 'Spring sale: 15% off to Europe',
  body: 'Book by *31 March* for travel until June.',
  image_url: null,
  published_at: '2026-03-08T08:00:00Z',
  valid_until: '2026-03-31T20:00:00Z',
  ...overrides,
});
