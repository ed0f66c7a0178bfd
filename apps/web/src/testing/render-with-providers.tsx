import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { persistStore } from 'redux-persist';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/routes';
import { makeStore, type RootState } from '../app/store';
import { persistorsLive, stopPersistors, trackPersistor } from './live-persistors';

/** The state a test's store starts from, for helpers that may not import app/ (decision 010). */
export type PreloadedState = Partial<RootState>;

type RenderOptions = {
  /** The state the store starts from (it is then read back from storage like at a real start). */
  preloadedState?: PreloadedState;
  /** Where the app starts. */
  route?: string;
  /** History before `route`, e.g. to test going back. */
  history?: string[];
  /** The routes to render; by default `ui` is rendered on every path. */
  routes?: RouteObject[];
};

/**
 * Renders inside the real providers — store, persistence, HTTP wiring, session timer, toasts,
 * tooltips — and a memory router, so hooks and screens behave as in the app.
 */
export function renderWithProviders(
  ui: ReactNode,
  { preloadedState, route = '/', history = [], routes }: RenderOptions = {},
) {
  if (preloadedState && persistorsLive()) {
    // The store would read back the earlier render's saved session (never a token) over the
    // preloaded one, or not, as the timing goes: the screen came up signed out now and then.
    throw new Error('This test rendered the app already: `await startOver(view)` before rendering it anew');
  }
  const store = makeStore(preloadedState);
  const persistor = trackPersistor(persistStore(store));
  const router = createMemoryRouter(routes ?? [{ path: '*', element: ui }], {
    initialEntries: [...history, route],
    initialIndex: history.length,
  });
  const user = userEvent.setup(vi.isFakeTimers() ? { advanceTimers: vi.advanceTimersByTime } : {});
  const view = render(<AppProviders store={store} persistor={persistor} router={router} />);
  return { ...view, store, persistor, router, user };
}

/** The whole app at a path. */
export function renderApp(route: string, options: Omit<RenderOptions, 'route' | 'routes'> = {}) {
  return renderWithProviders(null, { ...options, route, routes: appRoutes });
}

/**
 * Between two renders of one test that each start from their own state: the first is unmounted,
 * its store stops saving and what it saved is forgotten, as between two tests.
 */
export async function startOver(view: { unmount: () => void }): Promise<void> {
  view.unmount();
  await stopPersistors();
  localStorage.clear();
}
