import { PERMISSIONS, type Permission } from '@skydesk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_ACCESS } from '../shared/access/dashboard-access';
import { paths } from '../shared/routing/paths';
import { profileLoaded } from '../shared/session/session-slice';
import { describePermission } from '../shared/ui/forbidden-screen';
import { fakeApi } from '../testing/fake-api';
import { sampleMe, signedInState } from '../testing/fake-session';
import { renderApp } from '../testing/render-with-providers';
import { mainNavigation, settingsNavigation, visibleNavigation } from './layouts/navigation';
import { appRoutes } from './routes';

/*
 * Issue 13, generated from the one table of who may open what (DASHBOARD_ACCESS), not written per
 * route: for every gated dashboard route, a user holding every permission but its own gets the
 * 403 screen naming what is missing, and the sidebar has no link to it; given the permission,
 * the screen opens and the link shows.
 */

const FORBIDDEN = "You don't have access to this page";

const gated = (Object.keys(DASHBOARD_ACCESS) as (keyof typeof DASHBOARD_ACCESS)[])
  .map((screen) => ({ screen, path: paths.dashboard[screen], permission: DASHBOARD_ACCESS[screen] }))
  .filter((entry): entry is typeof entry & { permission: Permission } => entry.permission !== null);

const allBut = (missing: Permission) => PERMISSIONS.filter((permission) => permission !== missing);

const navigationLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main navigation' }))
    .queryAllByRole('link')
    .map((link) => link.getAttribute('href'));

const linkedPaths = new Set(
  [...mainNavigation.flatMap((group) => group.items), settingsNavigation].map((item) => item.to),
);

/** Every path routed under the dashboard layout. */
function dashboardRoutePaths(routes: RouteObject[], found: string[] = []): string[] {
  for (const route of routes) {
    if (route.path?.startsWith(paths.dashboard.home) && route.path !== paths.dashboard.home)
      found.push(route.path);
    if (route.children) dashboardRoutePaths(route.children, found);
  }
  return found;
}

describe('who may open which dashboard screen (issue 13)', () => {
  it('has one entry per dashboard route, and the sidebar reads the same table', () => {
    expect(new Set(dashboardRoutePaths(appRoutes))).toEqual(
      new Set(Object.values(paths.dashboard).filter((path) => path !== paths.dashboard.home)),
    );
    for (const item of [...mainNavigation.flatMap((group) => group.items), settingsNavigation]) {
      const screen = (Object.keys(paths.dashboard) as (keyof typeof paths.dashboard)[]).find(
        (key) => paths.dashboard[key] === item.to,
      );
      expect(screen, item.label).toBeDefined();
      expect(item.permission ?? null, item.label).toBe(DASHBOARD_ACCESS[screen!]);
    }
  });

  it('hides a group whose every link the role lacks', () => {
    const headings = visibleNavigation(['flights.search']).map((group) => group.heading);
    expect(headings).toEqual([undefined, 'Flights', 'Updates']);
    expect(visibleNavigation([...PERMISSIONS])).toHaveLength(mainNavigation.length);
  });

  it('opens the screens everybody may open to a role without any permission, and links only those', async () => {
    fakeApi({});
    renderApp(paths.dashboard.settings, { preloadedState: signedInState({ permissions: [] }) });
    await waitFor(() => expect(navigationLinks()).toContain(paths.dashboard.settings));
    expect(new Set(navigationLinks())).toEqual(
      new Set([
        paths.dashboard.home,
        paths.dashboard.notifications,
        paths.dashboard.announcement,
        paths.dashboard.settings,
      ]),
    );
    expect(screen.queryByRole('heading', { name: FORBIDDEN })).not.toBeInTheDocument();
  });

  it.each(gated)(
    '$path needs $permission: without it the 403 screen and no link; with it the screen',
    async ({ path, permission }) => {
      fakeApi({});
      const { store } = renderApp(path, {
        preloadedState: signedInState({ permissions: allBut(permission) }),
      });

      const refusal = await screen.findByRole('region', { name: FORBIDDEN });
      // What is missing, as the role form names it.
      expect(within(refusal).getByText(describePermission(permission).label)).toBeInTheDocument();
      expect(within(refusal).getByRole('link', { name: 'Back to home' })).toHaveAttribute(
        'href',
        paths.dashboard.home,
      );
      // Inside the dashboard layout.
      expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
      expect(navigationLinks()).not.toContain(path);

      // The role gains it (as after signing in again): the screen opens in place.
      act(() => {
        store.dispatch(profileLoaded({ ...sampleMe(), permissions: [...PERMISSIONS] }));
      });
      await waitFor(() => expect(screen.queryByRole('heading', { name: FORBIDDEN })).not.toBeInTheDocument());
      await waitFor(() =>
        expect(screen.queryByRole('status', { name: 'Loading screen' })).not.toBeInTheDocument(),
      );
      expect(screen.queryByRole('heading', { name: FORBIDDEN })).not.toBeInTheDocument();
      if (linkedPaths.has(path)) expect(navigationLinks()).toContain(path);
    },
  );
});
