import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../../../shared/http/api';
import { staleTagsFor } from '../../../shared/live/live-tags';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import { signedInState } from '../../../testing/fake-session';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { notice, noticeId, noticeServer, notices } from '../testing/notices';
import { NotificationBell } from './notification-bell';

configure({ asyncUtilTimeout: 10_000 });

const SUMMARY = 'GET /api/notification/summary';

const renderBell = () =>
  renderWithProviders(<NotificationBell />, { preloadedState: signedInState(), route: paths.dashboard.home });

const bell = (name: string | RegExp = /^Notifications/) => screen.findByRole('button', { name });

describe('the notification bell', { timeout: 30_000 }, () => {
  it('shows the unread count, and says it in its name', async () => {
    fakeApi({ [SUMMARY]: () => ok({ unread: 3 }) });
    renderBell();
    const button = await bell('Notifications, 3 unread');
    expect(within(button).getByTestId('bell-badge')).toHaveTextContent('3');
  });

  it('says "99+" past 99', async () => {
    fakeApi({ [SUMMARY]: () => ok({ unread: 150 }) });
    renderBell();
    const button = await bell('Notifications, 150 unread');
    expect(within(button).getByTestId('bell-badge')).toHaveTextContent('99+');
  });

  it('shows no badge with nothing unread, nor when the count cannot be had (and says nothing)', async () => {
    const api = fakeApi({ [SUMMARY]: () => fail(500, 'Server error') });
    renderBell();
    await waitFor(() => expect(api.calls(SUMMARY)).toHaveLength(1));
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(screen.queryByTestId('bell-badge')).not.toBeInTheDocument();
    expect(screen.queryByText('Server error')).not.toBeInTheDocument();
  });

  it('counts a pushed notification without a reload (the live tags)', async () => {
    const server = noticeServer(notices(1));
    fakeApi(server.routes);
    const { store } = renderBell();
    await bell('Notifications, 1 unread');

    server.add(notice({ id: noticeId(50), kind: 'announcement', title: 'New routes' }));
    act(() => {
      store.dispatch(api.util.invalidateTags(staleTagsFor('announcement')));
    });
    expect(await bell('Notifications, 2 unread')).toBeInTheDocument();
  });

  it('opens onto the newest few; opening one marks it read and goes where it is about', async () => {
    const server = noticeServer([
      notice({ id: noticeId(1), title: 'Refund approved', link: '/dashboard/booking-details?id=x' }),
      notice({ id: noticeId(2), kind: 'low_balance', title: 'Low balance', link: null }),
    ]);
    const api = fakeApi(server.routes);
    const { user, router } = renderBell();
    await user.click(await bell('Notifications, 2 unread'));

    const panel = await screen.findByRole('region', { name: 'Latest notifications' });
    await within(panel).findByText('Low balance');
    expect(api.calls('GET /api/notification')[0]?.query.get('limit')).toBe('5');
    expect(within(panel).getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      paths.dashboard.notifications,
    );

    // Without a link: pressing it only marks it read.
    await user.click(within(panel).getByRole('button', { name: 'Unread: Low balance' }));
    expect(await bell('Notifications, 1 unread')).toBeInTheDocument();
    expect(within(panel).getByText('Low balance').closest('li')?.querySelector('button')).toBeNull();

    await user.click(within(panel).getByRole('link', { name: 'Unread: Refund approved' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/booking-details'));
    expect(api.calls(`PUT /api/notification/${noticeId(1)}/read`)).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Latest notifications' })).not.toBeInTheDocument();
  });

  it('marks all as read', async () => {
    const server = noticeServer(notices(3));
    const api = fakeApi(server.routes);
    const { user } = renderBell();
    await user.click(await bell('Notifications, 3 unread'));
    const panel = await screen.findByRole('region', { name: 'Latest notifications' });
    await within(panel).findByText('Notice 1');

    expect(within(panel).getAllByRole('button', { name: /^Unread:/ })).toHaveLength(3);
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(screen.queryByTestId('bell-badge')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Unread:/ })).not.toBeInTheDocument();
    expect(within(panel).getByText('Notice 1')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(api.calls('PUT /api/notification/read-all')).toHaveLength(1);
  });

  it('says when there is none, and closes on Escape with focus back on the bell', async () => {
    fakeApi(noticeServer([]).routes);
    const { user } = renderBell();
    const button = await bell('Notifications');
    await user.click(button);
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Latest notifications' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('says when the newest could not be read, quietly, and tries again', async () => {
    let answer = () => fail(500, 'Server error');
    fakeApi({ [SUMMARY]: () => ok({ unread: 1 }), 'GET /api/notification': () => answer() });
    const { user } = renderBell();
    await user.click(await bell('Notifications, 1 unread'));
    const panel = await screen.findByRole('region', { name: 'Latest notifications' });
    expect(await within(panel).findByText('Server error')).toBeInTheDocument();
    answer = () => ok([notice({ title: 'Back again' })]);
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('Back again')).toBeInTheDocument();
  });
});
