import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../shared/routing/paths';
import { loggedOut } from '../../shared/session/session-slice';
import { fakeApi, ok } from '../../testing/fake-api';
import { signedInState } from '../../testing/fake-session';
import { FakeWebSocket } from '../../testing/fake-websocket';
import { renderApp } from '../../testing/render-with-providers';

describe('the dashboard layout’s live socket (decision 012)', () => {
  it('opens once signed in, shows a pushed notification, and closes on sign-out', async () => {
    fakeApi({ 'GET /api/getAnnouncements': () => ok([]), 'GET /api/offer': () => ok([]) });
    const state = signedInState();
    const { store } = renderApp(paths.dashboard.announcement, { preloadedState: state });
    expect(await screen.findByRole('region', { name: 'Announcements' })).toBeInTheDocument();
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.latest();
    act(() => socket.accept());
    expect(socket.frames()).toEqual([{ type: 'auth', token: state.session?.token }]);

    act(() => {
      socket.push({ type: 'ready' });
      socket.push({
        type: 'notification',
        notification: {
          id: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
          kind: 'credit_limit_changed',
          title: 'Your credit limit is now 5,000.00 USD',
          body: 'Granted by SkyDesk',
          link: null,
          read_at: null,
          created_at: '2026-03-01T10:00:00.000Z',
        },
      });
    });
    expect(await screen.findByText('Your credit limit is now 5,000.00 USD')).toBeInTheDocument();

    act(() => {
      store.dispatch(loggedOut());
    });
    expect(socket.closedByPage?.code).toBe(1000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
