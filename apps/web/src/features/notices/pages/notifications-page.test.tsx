import type { Notification } from '@skydesk/contract';
import { FALLBACK } from '@skydesk/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fakeApi, ok } from '../../../testing/fake-api';
import { signedInState } from '../../../testing/fake-session';
import { renderApp } from '../../../testing/render-with-providers';

configure({ asyncUtilTimeout: 10_000 });

const LIST = 'GET /api/notification';
const REFUND_NOTICE = '11111111-1111-4111-8111-111111111111';
const APPROVED_NOTICE = '22222222-2222-4222-8222-222222222222';

const notice = (overrides: Partial<Notification>): Notification => ({
  id: REFUND_NOTICE,
  kind: 'refund_approved',
  title: 'Refund approved: US$800.00',
  body: 'Your refund of K7Q2ZD was approved for US$800.00 (the rules allowed US$921.00): Service fee kept.',
  link: '/dashboard/booking-details?id=b1b2b3b4-0000-4000-8000-000000000001',
  read_at: null,
  created_at: '2026-03-10T10:00:00Z',
  ...overrides,
});

const render = () => renderApp(paths.dashboard.notifications, { preloadedState: signedInState() });

describe('notifications', { timeout: 20_000 }, () => {
  it('lists them newest first, unread ones marked, with the way to what they are about', async () => {
    fakeApi({
      [LIST]: () =>
        ok([
          notice({}),
          notice({
            id: APPROVED_NOTICE,
            kind: 'company_approved',
            title: 'Your agency is approved',
            body: 'Welcome to SkyDesk.',
            link: '/dashboard',
            read_at: '2026-03-09T09:00:00Z',
          }),
        ]),
    });
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
    expect(screen.getByText('1 unread')).toBeInTheDocument();
  });

  it('marks one read, without asking for the list again', async () => {
    const api = fakeApi({
      [LIST]: () => ok([notice({})]),
      [`PUT /api/notification/${REFUND_NOTICE}/read`]: () => ok({ id: REFUND_NOTICE }),
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('All read.')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Refund approved: US$800.00' })).toBeInTheDocument();
    expect(api.calls(`PUT /api/notification/${REFUND_NOTICE}/read`)).toHaveLength(1);
    expect(api.calls(LIST)).toHaveLength(1);
  });

  it('never links away from the portal', async () => {
    fakeApi({ [LIST]: () => ok([notice({ link: '//evil.example/phish' })]) });
    render();
    await screen.findByRole('list', { name: 'Notifications' });
    expect(screen.queryByRole('link', { name: 'Open' })).not.toBeInTheDocument();
  });

  it('says when there is none', async () => {
    fakeApi({ [LIST]: () => ok([]) });
    render();
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
  });

  it("fails with 'Failed to fetch notifications' when the server says nothing, and tries again", async () => {
    const error = vi.spyOn(toast, 'error');
    let answer = () => new Response('', { status: 500 });
    fakeApi({ [LIST]: () => answer() });
    const { user } = render();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(error).toHaveBeenCalledWith(FALLBACK.fetchNotifications);
    answer = () => ok([notice({})]);
    await user.click(retry);
    await waitFor(() => expect(screen.getByRole('list', { name: 'Notifications' })).toBeInTheDocument());
  });

  it('shows a skeleton while loading', async () => {
    fakeApi({ [LIST]: () => new Promise<Response>(() => {}) });
    render();
    expect(await screen.findByRole('status', { name: 'Loading notifications' })).toBeInTheDocument();
  });
});
