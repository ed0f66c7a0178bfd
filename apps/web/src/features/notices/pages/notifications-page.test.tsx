import { FALLBACK } from '@skydesk/contract';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/http/api';
import { staleTagsFor } from '../../../shared/live/live-tags';
import { paths } from '../../../shared/routing/paths';
import { fakeApi, ok } from '../../../testing/fake-api';
import { signedInState } from '../../../testing/fake-session';
import { renderApp } from '../../../testing/render-with-providers';
import { NOTIFICATION_PAGE_SIZE } from '../notices-api';
import { notice, noticeId, noticeServer, notices } from '../testing/notices';

configure({ asyncUtilTimeout: 10_000 });

const LIST = 'GET /api/notification';
const SUMMARY = 'GET /api/notification/summary';
const REFUND_NOTICE = noticeId(1);
const APPROVED_NOTICE = noticeId(2);

const render = (search = '') =>
  renderApp(`${paths.dashboard.notifications}${search}`, { preloadedState: signedInState() });

/** The screen's list requests (the bell asks the same path for its newest five). */
const pageCalls = (sent: { path: string; query: URLSearchParams }[]) =>
  sent.filter((call) => call.path === '/api/notification' && call.query.get('limit') === '20');

describe('notifications', { timeout: 30_000 }, () => {
  it('lists them newest first, unread ones marked, with the way to what they are about', async () => {
    const server = noticeServer([
      notice({}),
      notice({
        id: APPROVED_NOTICE,
        kind: 'company_approved',
        title: 'Your agency is approved',
        body: 'Welcome to SkyDesk.',
        link: '/dashboard',
        read_at: '2026-03-09T09:00:00Z',
      }),
    ]);
    fakeApi(server.routes);
    render();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const unread = within(list).getByRole('listitem', { name: 'Refund approved: US$800.00 (unread)' });
    expect(within(unread).getByText(/Service fee kept/)).toBeInTheDocument();
    expect(within(unread).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/dashboard/booking-details?id=b1b2b3b4-0000-4000-8000-000000000001',
    );
    const read = within(list).getByRole('listitem', { name: 'Your agency is approved' });
    expect(within(read).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
    expect(await screen.findByText('1 unread')).toBeInTheDocument();
  });

  it('marks one read, without asking for the list again, and the count follows', async () => {
    const server = noticeServer([notice({})]);
    const api = fakeApi(server.routes);
    const { user } = render();
    await screen.findByText('1 unread');
    await user.click(await screen.findByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('All read.')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Refund approved: US$800.00' })).toBeInTheDocument();
    expect(api.calls(`PUT /api/notification/${REFUND_NOTICE}/read`)).toHaveLength(1);
    expect(api.calls(LIST)).toHaveLength(1);
    expect(api.calls(SUMMARY)).toHaveLength(2);
  });

  it('never links away from the portal', async () => {
    fakeApi(
      noticeServer([
        notice({ link: '//evil.example/phish' }),
        notice({ id: APPROVED_NOTICE, title: 'Other', link: '/\\evil.example' }),
      ]).routes,
    );
    render();
    await screen.findByRole('list', { name: 'Notifications' });
    expect(screen.queryByRole('link', { name: 'Open' })).not.toBeInTheDocument();
  });

  it('says when there is none, and what will come here', async () => {
    fakeApi(noticeServer([]).routes);
    render();
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
    expect(screen.getByText(/appear here/)).toBeInTheDocument();
  });

  it("fails with 'Failed to fetch notifications' when the server says nothing, and tries again", async () => {
    const error = vi.spyOn(toast, 'error');
    let answer = () => new Response('', { status: 500 });
    fakeApi({ [LIST]: () => answer(), [SUMMARY]: () => ok({ unread: 1 }) });
    const { user } = render();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(error).toHaveBeenCalledWith(FALLBACK.fetchNotifications);
    answer = () => ok([notice({})]);
    await user.click(retry);
    await waitFor(() => expect(screen.getByRole('list', { name: 'Notifications' })).toBeInTheDocument());
  });

  it('shows a skeleton while loading', async () => {
    fakeApi({ [LIST]: () => new Promise<Response>(() => {}), [SUMMARY]: () => ok({ unread: 0 }) });
    render();
    expect(await screen.findByRole('status', { name: 'Loading notifications' })).toBeInTheDocument();
  });
});

describe('notification filters', { timeout: 30_000 }, () => {
  const mixed = () =>
    noticeServer([
      notice({ id: noticeId(1), kind: 'deposit_approved', title: 'Deposit approved' }),
      notice({
        id: noticeId(2),
        kind: 'booking_ticketed',
        title: 'Booking ticketed',
        read_at: '2026-03-10T11:00:00Z',
      }),
      notice({ id: noticeId(3), kind: 'hold_expiring', title: 'Hold expiring' }),
      notice({ id: noticeId(4), kind: 'announcement', title: 'New routes' }),
    ]);

  it('keeps to one category, and to unread ones, in the address', async () => {
    const api = fakeApi(mixed().routes);
    const { user, router } = render();
    await screen.findByRole('list', { name: 'Notifications' });
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Bookings' }));
    // The other filter's list is a new one: a skeleton, then its answer.
    expect(await screen.findByText('Booking ticketed')).toBeInTheDocument();
    expect(screen.getByText('Hold expiring')).toBeInTheDocument();
    expect(screen.queryByText('Deposit approved')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?category=bookings');
    expect(pageCalls(api.sent).at(-1)?.query.get('category')).toBe('bookings');

    await user.click(screen.getByRole('switch', { name: 'Unread only' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=bookings&unread=1'));
    expect(await screen.findByText('Hold expiring')).toBeInTheDocument();
    expect(screen.queryByText('Booking ticketed')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?category=bookings&unread=1');
    expect(pageCalls(api.sent).at(-1)?.query.get('unread')).toBe('true');
  });

  it('opens with the filter of its address, and offers all of them when nothing matches', async () => {
    const server = noticeServer([notice({ kind: 'deposit_approved', read_at: '2026-03-10T11:00:00Z' })]);
    fakeApi(server.routes);
    const { user, router } = render('?category=money&unread=1');
    expect(await screen.findByRole('heading', { name: 'Nothing matches' })).toBeInTheDocument();
    expect(screen.getByText('No unread notifications in Money.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Money' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('switch', { name: 'Unread only' })).toHaveAttribute('aria-checked', 'true');

    await user.click(screen.getByRole('button', { name: 'Show all notifications' }));
    expect(await screen.findByRole('list', { name: 'Notifications' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('ignores a category it does not know', async () => {
    const api = fakeApi(mixed().routes);
    render('?category=nonsense');
    await screen.findByRole('list', { name: 'Notifications' });
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(pageCalls(api.sent)[0]?.query.has('category')).toBe(false);
  });
});

describe('notification pages', { timeout: 30_000 }, () => {
  it('loads older ones after the last shown, until there are no more', async () => {
    const server = noticeServer(notices(NOTIFICATION_PAGE_SIZE + 5));
    const api = fakeApi(server.routes);
    const { user } = render();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(NOTIFICATION_PAGE_SIZE);
    expect(pageCalls(api.sent)[0]?.query.has('before')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')).toHaveLength(NOTIFICATION_PAGE_SIZE + 5),
    );
    expect(pageCalls(api.sent).at(-1)?.query.get('before')).toBe(noticeId(NOTIFICATION_PAGE_SIZE));
    expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
    expect(screen.getByText("That's all of them.")).toBeInTheDocument();
  });

  it('asks every page shown again from the newest when one is pushed, without doubling any', async () => {
    const server = noticeServer(notices(NOTIFICATION_PAGE_SIZE + 5));
    fakeApi(server.routes);
    const { user, store } = render();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await user.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')).toHaveLength(NOTIFICATION_PAGE_SIZE + 5),
    );

    server.add(
      notice({ id: noticeId(999), kind: 'hold_expired', title: 'Hold expired: K7Q2ZD', link: null }),
    );
    act(() => {
      store.dispatch(api.util.invalidateTags(staleTagsFor('hold_expired')));
    });
    expect(await within(list).findByText('Hold expired: K7Q2ZD')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')).toHaveLength(NOTIFICATION_PAGE_SIZE + 6),
    );
    const titles = within(list)
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('aria-label'));
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('marks all read: every one shown, the count and the button', async () => {
    const server = noticeServer(notices(3));
    const api = fakeApi(server.routes);
    const { user } = render();
    await screen.findByText('3 unread');
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All read.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: /\(unread\)/ })).not.toBeInTheDocument();
    expect(api.calls('PUT /api/notification/read-all')).toHaveLength(1);
    expect(pageCalls(api.sent)).toHaveLength(1);
  });
});
