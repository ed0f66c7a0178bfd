import { defineEndpoint, SESSION } from '@skydesk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '../shared/http/api-request';
import { type LoginRedirectState, paths } from '../shared/routing/paths';
import { fakeApi } from '../testing/fake-api';
import { fakeJwt, sampleUser, signedInState } from '../testing/fake-session';
import { renderApp } from '../testing/render-with-providers';
import type { ScreenHandle } from './layouts/screen-title';
import { appRoutes } from './routes';

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

/** Path → title of every screen route (an index route takes its parent's path). */
function screenTitles(routes: RouteObject[], parentPath = '', titles = new Map<string, string>()) {
  for (const route of routes) {
    const path = route.index ? parentPath : (route.path ?? parentPath);
    const handle = route.handle as ScreenHandle | undefined;
    if (handle?.title) titles.set(path, handle.title);
    if (route.children) screenTitles(route.children, path, titles);
  }
  return titles;
}

describe('routing (docs/product-spec.md §2)', () => {
  it('shows the not-found screen for an unknown path, with a way to sign in', async () => {
    renderApp('/nope');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/nope')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page not found · SkyDesk');
  });

  it('offers the dashboard from the not-found screen when signed in', async () => {
    renderApp('/dashboard/no-such-screen', { preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('sends a visitor without a session from the dashboard to "/", remembering where they were going', async () => {
    const { router } = renderApp('/dashboard/users?page=2');
    expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toEqual({
      from: '/dashboard/users?page=2',
    } satisfies LoginRedirectState);
  });

  it('shows the home screen inside the dashboard layout for a signed-in user', async () => {
    renderApp(paths.dashboard.home, { preloadedState: signedInState() });

    // Issue 15: the home is built (its own tests cover its blocks); no screen is "coming soon" any more.
    expect(await screen.findByRole('region', { name: 'Credits' })).toBeInTheDocument();
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();

    // The layout around it: navigation, the header's title, the bell, the user menu.
    const navigation = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(navigation).getByRole('link', { name: 'Flight bookings' })).toBeInTheDocument();
    expect(within(navigation).getByRole('link', { name: 'Statement' })).toHaveAttribute(
      'href',
      paths.dashboard.statement,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Notifications/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Account menu for ${sampleUser.name}` })).toHaveTextContent(
      'Demo Travels',
    );
    expect(document.title).toBe('Home · SkyDesk');
  });

  it('shows public screens inside the auth layout', async () => {
    renderApp(paths.registration);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Register your agency' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'SkyDesk home' }),
    ).toBeInTheDocument();
  });

  it('has a screen, titled as its route, at every path of paths.ts', async () => {
    const everyPath: string[] = Object.values(paths).flatMap((value) =>
      typeof value === 'string' ? [value] : Object.values(value),
    );
    // docs/product-spec.md §2: 7 public screens, the dashboard home, its 23 screens, price summary and e-ticket;
    // issue 12's statement; issue 13's accept-invitation; issue 15's analytics; issue 31's seats and bags steps;
    // issue 33's pricing, quotes (list, new, one, the client's page) and invoices (list, one).
    expect(everyPath).toHaveLength(45);
    const titles = screenTitles(appRoutes);
    for (const path of everyPath) expect(titles.get(path), `route title of ${path}`).toBeDefined();
  });

  it('shows every dashboard screen, titled as its route, to a signed-in user of an approved agency', async () => {
    fakeApi({});
    const { router } = renderApp(paths.dashboard.home, { preloadedState: signedInState() });
    const titles = screenTitles(appRoutes);
    // Built screens (their own tests cover them); the results need a search, so they open the form.
    const built = new Set<string>([
      paths.dashboard.home,
      paths.dashboard.searchFlights,
      paths.dashboard.flightDetails,
      paths.dashboard.searchHistory,
      paths.dashboard.travelersDetails,
      paths.dashboard.chooseSeats,
      paths.dashboard.extraBags,
      paths.dashboard.priceSummary,
      paths.dashboard.confirmBooking,
      paths.dashboard.eTicket,
      paths.dashboard.flightBookings,
      paths.dashboard.bookingDetails,
      paths.dashboard.bookingHistory,
      paths.dashboard.orderHistory,
      paths.dashboard.transactions,
      paths.dashboard.createTransaction,
      paths.dashboard.statement,
      paths.dashboard.analytics,
      paths.dashboard.notifications,
      paths.dashboard.announcement,
      paths.dashboard.users,
      paths.dashboard.createUser,
      paths.dashboard.roles,
      paths.dashboard.createRole,
      paths.dashboard.settings,
      paths.dashboard.createTicket,
      paths.dashboard.viewTickets,
      paths.dashboard.ticketInfo,
      paths.dashboard.supportChat,
      paths.dashboard.pricing,
      paths.dashboard.quotes,
      paths.dashboard.createQuote,
      paths.dashboard.quoteDetails,
      paths.dashboard.invoices,
      paths.dashboard.invoiceDetails,
    ]);
    for (const path of Object.values(paths.dashboard)) {
      if (path === paths.dashboard.flightResults) continue;
      await act(() => router.navigate(path));
      const title = titles.get(path);
      if (!built.has(path)) {
        const panel = await screen.findByRole('region', { name: title });
        expect(within(panel).getByText('Coming soon')).toBeInTheDocument();
      }
      await waitFor(() => expect(document.title).toBe(`${title} · SkyDesk`));
    }
  });

  it('shows every public screen, titled as its route; the sign-in steps need a sign-in under way', async () => {
    const { router } = renderApp(paths.login);
    const titles = screenTitles(appRoutes);
    const open = [
      paths.login,
      paths.registration,
      paths.verification,
      paths.resetPassword,
      paths.forgetPassword,
      paths.acceptInvitation,
    ];
    for (const path of open) {
      await act(() => router.navigate(path));
      await waitFor(() => expect(document.title).toBe(`${titles.get(path)} · SkyDesk`));
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    }
    for (const path of [paths.verificationLogin, paths.qrCodeScan]) {
      await act(() => router.navigate(path));
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    }
  });
});

describe('the dashboard layout', () => {
  it('logs out from the user menu: state wiped, back to "/"', async () => {
    const { user, store, router } = renderApp(paths.dashboard.home, { preloadedState: signedInState() });
    await user.click(await screen.findByRole('button', { name: `Account menu for ${sampleUser.name}` }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().session.user).toBeNull();
  });

  it('opens the navigation drawer from the menu button and closes it when a link is followed', async () => {
    const { user, router } = renderApp(paths.dashboard.home, { preloadedState: signedInState() });
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));

    const drawer = screen.getByRole('dialog', { name: 'Navigation' });
    await user.click(within(drawer).getByRole('link', { name: 'Roles' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(paths.dashboard.roles);
  });

  it('collapses the sidebar to icons, keeping every link named', async () => {
    const { user } = renderApp(paths.dashboard.home, { preloadedState: signedInState() });
    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'Booking history' })).toBeInTheDocument();
  });
});

describe('the session, app-wide (docs/product-spec.md §4)', () => {
  it('logs out at start with "Session expired" when the token has already expired', async () => {
    const { store, router } = renderApp(paths.dashboard.users, {
      preloadedState: signedInState({ token: fakeJwt({ exp: inSeconds(-60) }) }),
    });
    expect(await screen.findByText(SESSION.alreadyExpired)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().session.user).toBeNull();
  });

  it('ends the session on a 401 from the API: logout, "Session Expired", login page', async () => {
    const listUsers = defineEndpoint({
      method: 'GET',
      path: '/api/user/company-user',
      summary: 'List users',
      access: 'company',
      response: z.unknown(),
    });
    // Only the users list is refused: the screen's and the bell's own calls answer (empty; the
    // home's credits, an object, with nothing in them).
    const noCredits = {
      balance: 0,
      credit_limit: 0,
      available: 0,
      currency: 'USD',
      pending_deposits: 0,
      reserved: 0,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/api/user/company-user')
          ? new Response('{"status":false,"message":"Unauthenticated"}', { status: 401 })
          : new Response(
              JSON.stringify({
                status: true,
                message: 'OK',
                data: String(input).includes('/api/booking-credits') ? noCredits : [],
              }),
              { status: 200 },
            ),
      ),
    );
    const { store, router } = renderApp(paths.dashboard.home, {
      preloadedState: signedInState({ token: fakeJwt({ exp: inSeconds(1800) }) }),
    });
    await screen.findByRole('region', { name: 'Credits' });

    await act(async () => {
      await apiRequest(listUsers).catch(() => {});
    });

    expect(await screen.findByText(SESSION.unauthorized)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().session.user).toBeNull();
    const [, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toMatch(/^Bearer /);
  });
});
