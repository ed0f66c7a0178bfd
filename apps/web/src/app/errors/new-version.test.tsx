import { NEW_VERSION_SCREEN } from '@skydesk/contract';
import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleUser, signedInState } from '../../testing/fake-session';
import { persistedState } from '../../testing/persisted-state';
import { renderWithProviders } from '../../testing/render-with-providers';
import { lazyScreen } from './lazy-screen';
import {
  NEW_VERSION_RELOAD_KEY,
  RELOAD_GUARD_MS,
  reloadOnceForNewVersion,
  reloadOnPreloadError,
} from './new-version-reload';
import { loadFreshPage, reloadPage } from './page-location';
import { RouteErrorScreen } from './route-error-screen';

vi.mock('./page-location', () => ({ reloadPage: vi.fn(), loadFreshPage: vi.fn() }));

/** A screen whose chunk is gone, as after a new deployment. */
const missingChunk = () =>
  lazyScreen<object, 'UsersPage'>(
    () =>
      Promise.reject(
        new TypeError(
          'Failed to fetch dynamically imported module: http://localhost/assets/users-page-3f2a.js',
        ),
      ),
    'UsersPage',
  );

function routesFor(Screen: ComponentType) {
  return [
    {
      errorElement: <RouteErrorScreen />,
      children: [
        {
          path: '/dashboard/users',
          element: (
            <Suspense fallback={<p>Loading…</p>}>
              <Screen />
            </Suspense>
          ),
        },
        { path: '/', element: <p>Sign in</p> },
      ],
    },
  ] satisfies RouteObject[];
}

beforeEach(() => {
  vi.mocked(reloadPage).mockClear();
  vi.mocked(loadFreshPage).mockClear();
  // React and React Router report the caught error on the console.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('a screen that fails to load after a new deployment (docs/product-spec.md §2)', () => {
  it('reloads the page once and shows the new-version screen', async () => {
    renderWithProviders(null, { route: '/dashboard/users', routes: routesFor(missingChunk()) });

    expect(await screen.findByRole('heading', { name: NEW_VERSION_SCREEN.title })).toBeInTheDocument();
    expect(screen.getByText(NEW_VERSION_SCREEN.body)).toBeInTheDocument();
    expect(screen.getByText(NEW_VERSION_SCREEN.progress)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: NEW_VERSION_SCREEN.reload })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: NEW_VERSION_SCREEN.logout })).toBeInTheDocument();
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('does not reload again when the reloaded page fails the same way, and lets the user reload by hand', async () => {
    const first = renderWithProviders(null, { route: '/dashboard/users', routes: routesFor(missingChunk()) });
    await screen.findByRole('heading', { name: NEW_VERSION_SCREEN.title });
    first.unmount();

    // The reloaded page: a new app, the same sessionStorage, the chunk still missing.
    const { user } = renderWithProviders(null, {
      route: '/dashboard/users',
      routes: routesFor(missingChunk()),
    });
    await screen.findByRole('heading', { name: NEW_VERSION_SCREEN.title });
    expect(reloadPage).toHaveBeenCalledOnce();

    await user.click(screen.getByRole('button', { name: NEW_VERSION_SCREEN.reload }));
    expect(reloadPage).toHaveBeenCalledTimes(2);
  });

  it('"Logout" wipes the session and loads the login page afresh', async () => {
    const { user, store } = renderWithProviders(null, {
      route: '/dashboard/users',
      routes: routesFor(missingChunk()),
      preloadedState: signedInState(),
    });
    await user.click(await screen.findByRole('button', { name: NEW_VERSION_SCREEN.logout }));

    await waitFor(() => expect(loadFreshPage).toHaveBeenCalledWith('/'));
    expect(store.getState().session.user).toBeNull();
    expect(persistedState()).not.toContain(sampleUser.email);
  });

  it('does not reload for an error that is not a missing chunk', async () => {
    const Broken = lazyScreen<object, 'UsersPage'>(
      () => Promise.reject(new Error('Syntax error in module')),
      'UsersPage',
    );
    renderWithProviders(null, { route: '/dashboard/users', routes: routesFor(Broken) });
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong.' })).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe('reloadOnceForNewVersion', () => {
  it('reloads, then refuses within the guard time, then reloads again once it has passed', () => {
    const start = 1_000_000;
    expect(reloadOnceForNewVersion(start)).toBe(true);
    expect(sessionStorage.getItem(NEW_VERSION_RELOAD_KEY)).toBe(String(start));
    expect(reloadOnceForNewVersion(start + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reloadPage).toHaveBeenCalledOnce();

    // A later deployment, long after: reloading is right again.
    expect(reloadOnceForNewVersion(start + RELOAD_GUARD_MS)).toBe(true);
    expect(reloadPage).toHaveBeenCalledTimes(2);
  });

  it('reloads once on Vite’s vite:preloadError event', () => {
    const stop = reloadOnPreloadError();
    window.dispatchEvent(new Event('vite:preloadError'));
    window.dispatchEvent(new Event('vite:preloadError'));
    stop();
    expect(reloadPage).toHaveBeenCalledOnce();
  });
});
