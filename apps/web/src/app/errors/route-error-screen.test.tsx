import { CRASH_SCREEN } from '@skydesk/contract';
import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleUser, signedInState } from '../../testing/fake-session';
import { PERSIST_WAIT, persistedState } from '../../testing/persisted-state';
import { renderWithProviders } from '../../testing/render-with-providers';
import { RouteErrorScreen } from './route-error-screen';

let failing = true;

function FlakyScreen() {
  if (failing) throw new Error('Cannot read properties of undefined');
  return <p>Bookings loaded</p>;
}

const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    children: [
      { path: '/', element: <p>Sign in screen</p> },
      { path: '/dashboard', element: <p>Dashboard home</p> },
      { path: '/dashboard/search-flights', element: <p>Search flights screen</p> },
      { path: '/dashboard/flight-bookings', element: <FlakyScreen /> },
    ],
  },
];

const crashTitle = () => screen.findByRole('heading', { name: CRASH_SCREEN.title });

beforeEach(() => {
  failing = true;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the crash screen (docs/product-spec.md §2)', () => {
  it('shows "Oops! Something went wrong." with its three ways out', async () => {
    renderWithProviders(null, { route: '/dashboard/flight-bookings', routes });
    expect(await crashTitle()).toBeInTheDocument();
    for (const name of [CRASH_SCREEN.back, CRASH_SCREEN.retry, CRASH_SCREEN.reset]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('"Try Again" renders the screen afresh', async () => {
    const { user } = renderWithProviders(null, { route: '/dashboard/flight-bookings', routes });
    await crashTitle();
    failing = false;
    await user.click(screen.getByRole('button', { name: CRASH_SCREEN.retry }));
    expect(await screen.findByText('Bookings loaded')).toBeInTheDocument();
  });

  it('"Go to Previous Page" goes back in history', async () => {
    const { user, router } = renderWithProviders(null, {
      history: ['/dashboard/search-flights'],
      route: '/dashboard/flight-bookings',
      routes,
    });
    await crashTitle();
    await user.click(screen.getByRole('button', { name: CRASH_SCREEN.back }));
    expect(await screen.findByText('Search flights screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/search-flights');
  });

  it('"Go to Previous Page" on the first page opened goes to the dashboard home', async () => {
    const { user } = renderWithProviders(null, {
      route: '/dashboard/flight-bookings',
      routes,
      preloadedState: signedInState(),
    });
    await crashTitle();
    await user.click(screen.getByRole('button', { name: CRASH_SCREEN.back }));
    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
  });

  it('"Logout and Start Fresh" logs out, wipes the saved state and goes to "/"', async () => {
    const { user, store, router } = renderWithProviders(null, {
      route: '/dashboard/flight-bookings',
      routes,
      preloadedState: signedInState(),
    });
    await crashTitle();
    await waitFor(() => expect(persistedState()).toContain(sampleUser.email), PERSIST_WAIT);

    await user.click(screen.getByRole('button', { name: CRASH_SCREEN.reset }));

    expect(await screen.findByText('Sign in screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().session.user).toBeNull();
    expect(persistedState()).not.toContain(sampleUser.email);
  });
});
