import type { Credits, Notification } from '@skydesk/contract';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useCredits } from '../entities/credits/use-credits';
import { api } from '../shared/http/api';
import { ALL_LIVE_TAGS } from '../shared/live/live-tags';
import { useLiveUpdates } from '../shared/live/use-live-updates';
import { loggedOut, tokenRenewed } from '../shared/session/session-slice';
import { fakeApi, ok } from '../testing/fake-api';
import { liveToken, signedInState } from '../testing/fake-session';
import { FakeWebSocket } from '../testing/fake-websocket';
import { renderWithProviders } from '../testing/render-with-providers';

const credits = (available: number): Credits => ({
  balance: available,
  credit_limit: 0,
  available,
  currency: 'USD',
  pending_deposits: 0,
  reserved: 0,
  low_balance_threshold: 0,
  low_balance_threshold_custom: false,
});

const notice = (overrides: Partial<Notification> = {}): Notification => ({
  id: '6b0f7a8e-2c1d-4e5f-9a0b-1c2d3e4f5a6b',
  kind: 'deposit_approved',
  title: 'Deposit TT-1 approved',
  body: '500.00 USD added to your credits',
  link: '/dashboard/transactions',
  read_at: null,
  created_at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

/** A dashboard stand-in: the live updates, and the available credits as a screen shows them. */
function Dashboard() {
  useLiveUpdates();
  const { credits: figures } = useCredits();
  return <p>Available {figures ? figures.available.toFixed(2) : '…'}</p>;
}

/** The server accepts the page's newest socket (once the page opened it) and answers its auth frame. */
const acceptAndReady = async (count = 1) => {
  await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(count));
  const socket = FakeWebSocket.latest();
  act(() => {
    socket.accept();
    socket.push({ type: 'ready' });
  });
  return socket;
};

describe('useLiveUpdates', () => {
  it('authenticates with the session token; a deposit approved refreshes the credits and shows its title', async () => {
    let available = 100;
    const server = fakeApi({ 'GET /api/booking-credits': () => ok(credits(available)) });
    const token = liveToken();
    renderWithProviders(<Dashboard />, { preloadedState: signedInState({ token }) });
    expect(await screen.findByText('Available 100.00')).toBeInTheDocument();

    const socket = await acceptAndReady();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.url).toBe(`ws://${window.location.host}/api/ws`);
    expect(socket.frames()).toEqual([{ type: 'auth', token }]);

    available = 600;
    const invalidate = vi.spyOn(api.util, 'invalidateTags');
    act(() => socket.push({ type: 'notification', notification: notice() }));
    expect(await screen.findByText('Deposit TT-1 approved')).toBeInTheDocument();
    expect(await screen.findByText('Available 600.00')).toBeInTheDocument();
    expect(server.calls('GET /api/booking-credits')).toHaveLength(2);
    expect(invalidate).toHaveBeenCalledWith([
      'Notifications',
      'NotificationSummary',
      'Credits',
      'Transactions',
      'Statement',
    ]);
  });

  it.each([
    ['deposit_rejected', ['Credits', 'Transactions']],
    ['credits_adjusted', ['Credits', 'Statement']],
    ['credit_limit_changed', ['Credits', 'Statement']],
    ['low_balance', ['Credits']],
    ['refund_approved', ['Booking', 'Bookings', 'Orders', 'Credits', 'Statement']],
    ['refund_rejected', ['Booking', 'Bookings', 'Orders']],
    ['company_approved', []],
    ['booking_ticketed', ['Booking', 'Bookings', 'Orders', 'Credits', 'Statement']],
    ['hold_expiring', ['Booking', 'Bookings', 'Orders']],
    ['hold_expired', ['Booking', 'Bookings', 'Orders', 'Credits']],
    ['support_reply', ['Tickets']],
    ['announcement', ['Announcements']],
    ['offer', ['Offers']],
  ] as const)('a %s notification stales the notifications, the bell and %j', async (kind, tags) => {
    fakeApi({ 'GET /api/booking-credits': () => ok(credits(100)) });
    renderWithProviders(<Dashboard />, { preloadedState: signedInState() });
    const socket = await acceptAndReady();
    const invalidate = vi.spyOn(api.util, 'invalidateTags');
    act(() => socket.push({ type: 'notification', notification: notice({ kind, title: `A ${kind}` }) }));
    expect(await screen.findByText(`A ${kind}`)).toBeInTheDocument();
    // Every notification stales the list and the bell's count, and by its kind what it is about.
    expect(invalidate).toHaveBeenCalledWith(['Notifications', 'NotificationSummary', ...tags]);
  });

  it("doesn't toast a notification about the page in front of the user; the bell still hears of it", async () => {
    fakeApi({ 'GET /api/booking-credits': () => ok(credits(100)) });
    window.history.replaceState(null, '', '/dashboard/support-chat?id=t-1');
    try {
      renderWithProviders(<Dashboard />, { preloadedState: signedInState() });
      const socket = await acceptAndReady();
      const invalidate = vi.spyOn(api.util, 'invalidateTags');
      act(() =>
        socket.push({
          type: 'notification',
          notification: notice({
            kind: 'support_reply',
            title: 'SkyDesk support replied',
            link: '/dashboard/support-chat?id=t-1',
          }),
        }),
      );
      act(() =>
        socket.push({
          type: 'notification',
          notification: notice({ id: '7c0f7a8e-2c1d-4e5f-9a0b-1c2d3e4f5a6b', title: 'Elsewhere' }),
        }),
      );
      expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
      expect(screen.queryByText('SkyDesk support replied')).not.toBeInTheDocument();
      expect(invalidate).toHaveBeenCalledWith(['Notifications', 'NotificationSummary', 'Tickets']);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('a ticket message, read mark or change stales the tickets', async () => {
    fakeApi({ 'GET /api/booking-credits': () => ok(credits(100)) });
    renderWithProviders(<Dashboard />, { preloadedState: signedInState() });
    const socket = await acceptAndReady();
    const invalidate = vi.spyOn(api.util, 'invalidateTags');
    act(() => socket.push({ type: 'ticket_changed', ticket_id: '8d0f7a8e-2c1d-4e5f-9a0b-1c2d3e4f5a6b' }));
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith(['Tickets']));
  });

  it('hands a renewed token to the socket, asks again after a drop, and closes on sign-out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fakeApi({ 'GET /api/booking-credits': () => ok(credits(100)) });
      const { store } = renderWithProviders(<Dashboard />, { preloadedState: signedInState() });
      const socket = await acceptAndReady();

      const renewed = liveToken().replace('signature', 'renewed');
      act(() => {
        store.dispatch(tokenRenewed(renewed));
      });
      expect(socket.frames().at(-1)).toEqual({ type: 'auth', token: renewed });

      const invalidate = vi.spyOn(api.util, 'invalidateTags');
      act(() => socket.drop(1006));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
      expect(FakeWebSocket.instances).toHaveLength(2);
      const again = await acceptAndReady(2);
      expect(again.frames()).toEqual([{ type: 'auth', token: renewed }]);
      expect(invalidate).toHaveBeenCalledWith(ALL_LIVE_TAGS);

      act(() => {
        store.dispatch(loggedOut());
      });
      expect(again.closedByPage).toEqual({ code: 1000, reason: 'Signed out' });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(60_000);
      });
      expect(FakeWebSocket.instances).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens no socket while signed out', () => {
    renderWithProviders(<Dashboard />, { preloadedState: signedInState({ token: null, user: null }) });
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});
