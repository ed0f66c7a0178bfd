import { PERMISSIONS } from '@skydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { exportedFile } from '../../../testing/exported-file';
import { fail, ok } from '../../../testing/fake-api';
import { signedInState } from '../../../testing/fake-session';
import { emptyKpis } from '../../../testing/kpis';
import { renderApp } from '../../../testing/render-with-providers';
import { analyticsApi, KPI_CALL, PROFILE_CALL, profileIn } from '../testing/analytics';

// 22:30 UTC on 14 March: in Dubai (UTC+4) it is already 02:30 on the 15th.
const NOW = new Date('2026-03-14T22:30:00Z');

beforeEach(() => {
  // Only the clock: RTK Query's and testing-library's timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

const open = (route: string = paths.dashboard.analytics, permissions = [...PERMISSIONS]) =>
  renderApp(route, { preloadedState: signedInState({ permissions }) });

const asked = (api: ReturnType<typeof analyticsApi>) =>
  api.calls(KPI_CALL).map((call) => `${call.query.get('fromDate')}..${call.query.get('toDate')}`);

describe('the analytics screen (issue 15)', () => {
  it('counts the last 30 of the agency’s own days: Dubai is on the 15th while UTC is on the 14th', async () => {
    const api = analyticsApi({ timeZone: 'Asia/Dubai' });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(document.title).toBe('Analytics · SkyDesk');
    await screen.findByRole('article', { name: 'Spend' });
    expect(asked(api)).toEqual(['2026-02-14..2026-03-15']);
    expect(api.calls(PROFILE_CALL)).toHaveLength(1);
    expect(screen.getByText('Sat 14 Feb 2026 – Sun 15 Mar 2026').closest('p')).toHaveTextContent(
      'compared with Thu 15 Jan 2026 – Fri 13 Feb 2026 · days in Asia/Dubai',
    );
    // In the sidebar, current.
    const navigation = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).getByRole('link', { name: 'Analytics' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('asks New York’s 14th at the same instant', async () => {
    const api = analyticsApi({ timeZone: 'America/New_York' });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Today' }));
    await waitFor(() => expect(asked(api).at(-1)).toBe('2026-03-14..2026-03-14'));
  });

  it('shows each figure against the period before: ▲/▼ with the percentage, or no earlier data', async () => {
    analyticsApi();
    open();
    const spend = await screen.findByRole('article', { name: 'Spend' });
    expect(spend).toHaveTextContent('US$9,620.50');
    expect(spend).toHaveTextContent('US$9,620.50▲ Up 20 %vs from US$8,000.00');
    // Read out in words, not arrows.
    expect(within(spend).getByText('Up')).toHaveClass('sr-only');
    expect(screen.getByRole('article', { name: 'Bookings' })).toHaveTextContent('▼ Down 20 %vs from 25');
    expect(screen.getByRole('article', { name: 'Tickets' })).toHaveTextContent('No change');
    expect(screen.getByRole('article', { name: 'Refunds' })).toHaveTextContent('US$310.00No earlier data');
    expect(screen.getByRole('article', { name: 'Look-to-book' })).toHaveTextContent(
      '12.0▲ Up 50 %vs from 8.0',
    );
    // A rise in cancellations is bad news, a fall in voids good news.
    expect(within(screen.getByRole('article', { name: 'Cancellations' })).getByText(/200 %/)).toHaveClass(
      'text-rose-700',
    );
    expect(within(screen.getByRole('article', { name: 'Voids' })).getByText(/100 %/)).toHaveClass(
      'text-emerald-700',
    );
  });

  it('keeps the preset in the address and asks its days', async () => {
    const api = analyticsApi();
    const { user, router } = open();
    await screen.findByRole('article', { name: 'Spend' });
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');

    const cases: [string, string, string][] = [
      ['7 days', '?range=7d', '2026-03-09..2026-03-15'],
      ['This month', '?range=this-month', '2026-03-01..2026-03-15'],
      ['Last month', '?range=last-month', '2026-02-01..2026-02-28'],
      ['Year to date', '?range=ytd', '2026-01-01..2026-03-15'],
      ['Today', '?range=today', '2026-03-15..2026-03-15'],
    ];
    for (const [label, search, days] of cases) {
      await user.click(screen.getByRole('button', { name: label }));
      await waitFor(() => expect(router.state.location.search).toBe(search));
      await waitFor(() => expect(asked(api).at(-1)).toBe(days));
      expect(screen.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
    }
  });

  it('opens on a preset or chosen days from the address', async () => {
    const api = analyticsApi();
    open(`${paths.dashboard.analytics}?from=2025-12-01&to=2025-12-31`);
    await screen.findByRole('article', { name: 'Spend' });
    expect(asked(api)).toEqual(['2025-12-01..2025-12-31']);
    expect(screen.getByRole('button', { name: 'Custom' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('From')).toHaveValue('2025-12-01');
  });

  it('asks chosen days, refusing an end before the start', async () => {
    const api = analyticsApi();
    const { user, router } = open();
    await screen.findByRole('article', { name: 'Spend' });
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    // The form starts from the days shown.
    expect(from).toHaveValue('2026-02-14');
    expect(to).toHaveAttribute('max', '2026-03-15');
    await user.clear(from);
    await user.type(from, '2026-03-10');
    await user.clear(to);
    await user.type(to, '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(to).toHaveAccessibleDescription('The end is before the start');
    expect(asked(api)).toHaveLength(1);

    await user.clear(to);
    await user.type(to, '2026-03-12');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-03-10&to=2026-03-12'));
    await waitFor(() => expect(asked(api).at(-1)).toBe('2026-03-10..2026-03-12'));
  });

  it('draws the charts with a table view of their numbers', async () => {
    analyticsApi();
    const { user } = open(`${paths.dashboard.analytics}?range=7d`);
    const routes = await screen.findByRole('region', { name: 'Top routes' });
    await user.click(within(routes).getByRole('button', { name: 'Table' }));
    expect(
      within(routes)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['#RouteBookingsSpend (USD)', '1DXB–LHR8US$5,200.00', '2DXB–BOM5US$1,400.50']);
    const daily = screen.getByRole('region', { name: 'Daily spend and tickets' });
    await user.click(within(daily).getByRole('button', { name: 'Table' }));
    const days = within(daily).getAllByRole('row');
    expect(days).toHaveLength(8);
    expect(days[1]).toHaveTextContent('Mon 9 Mar 2026US$2,400.004');
    expect(screen.getByRole('region', { name: 'Top airlines' })).toBeInTheDocument();
    const outcomes = screen.getByRole('region', { name: 'Booking outcomes' });
    expect(within(outcomes).getByRole('img', { name: 'Booking outcomes' })).toHaveAccessibleDescription(
      /Ticketed 16 \(80 %\), Cancelled 3 \(15 %\), On hold 1 \(5.0 %\)/,
    );
    const staff = screen.getByRole('region', { name: 'Staff' });
    expect(
      within(staff)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Staff memberBookingsSpend (USD)', 'Amina Rahman12US$6,100.00', 'Karim Saleh8US$3,520.50']);
  });

  it('exports every figure of the range as one CSV', async () => {
    analyticsApi();
    const { user } = open(`${paths.dashboard.analytics}?range=7d`);
    await screen.findByRole('article', { name: 'Spend' });
    const { name, text } = await exportedFile(() =>
      user.click(screen.getByRole('button', { name: 'Export all as CSV' })),
    );
    expect(name).toBe('analytics-2026-03-09-to-2026-03-15.csv');
    const lines = text.split('\r\n');
    expect(lines.slice(0, 7)).toEqual([
      'SkyDesk analytics',
      'From,2026-03-09,To,2026-03-15',
      'Compared with,2026-03-02,To,2026-03-08',
      'Time zone,Asia/Dubai',
      '',
      'Figure,Value,Previous period,Change,Unit',
      'Searches,240,200,0.2,count',
    ]);
    expect(lines).toContain('Spend (USD),9620.5,8000,0.2026,money');
    expect(lines).toContain('Refunds (USD),310,0,,money');
    expect(lines).toContain('Date,Searches,Bookings,Tickets,Spend (USD),Refunds (USD),Cancellations,Voids');
    expect(lines).toContain('2026-03-09,30,5,4,2400,0,0,0');
    expect(lines).toContain('Top airlines');
    expect(lines).toContain('1,Emirates (EK),11,7000');
    expect(lines).toContain('Outcome,Outcomes,Share');
    expect(lines).toContain('Ticketed,16,0.8');
    expect(lines).toContain('Karim Saleh,8,3520.5');
  });

  it('says what to do when nothing happened, and offers a longer period', async () => {
    const api = analyticsApi({ kpis: (from, to) => emptyKpis({ from, to }) });
    const { user, router } = open();
    expect(await screen.findByRole('heading', { name: 'No activity in these days' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Search flights' })).toHaveAttribute(
      'href',
      paths.dashboard.searchFlights,
    );
    await user.click(screen.getByRole('button', { name: 'Show the year to date' }));
    await waitFor(() => expect(router.state.location.search).toBe('?range=ytd'));
    await waitFor(() => expect(asked(api).at(-1)).toBe('2026-01-01..2026-03-15'));
  });

  it('shows a skeleton while the figures load', async () => {
    analyticsApi({ routes: { [KPI_CALL]: () => new Promise<Response>(() => {}) } });
    open();
    expect(await screen.findByRole('status', { name: 'Loading the figures' })).toBeInTheDocument();
  });

  it('says the figures failed (docs/product-spec.md §8 fallback) and asks again on retry', async () => {
    let failing = true;
    const api = analyticsApi({
      routes: {
        [KPI_CALL]: ({ query }) =>
          failing
            ? new Response('upstream down', { status: 502 })
            : ok(emptyKpis({ from: query.get('fromDate') ?? '', to: query.get('toDate') ?? '' })),
      },
    });
    const { user } = open();
    const alert = await screen.findByText('Failed to fetch analytics.', { selector: 'p.font-semibold' });
    failing = false;
    await user.click(within(alert.parentElement as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No activity in these days' })).toBeInTheDocument();
    expect(api.calls(KPI_CALL)).toHaveLength(2);
  });

  it('says when the agency’s time zone cannot be read, and asks again', async () => {
    let failing = true;
    analyticsApi({
      routes: {
        [PROFILE_CALL]: () => (failing ? fail(500, 'Server error') : ok(profileIn('UTC'))),
      },
    });
    const { user } = open();
    expect(
      await screen.findByText("Your agency's time zone could not be read, so its days are unknown"),
    ).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Spend' })).toBeInTheDocument();
  });

  it('shows the 403 screen when the server refuses the figures', async () => {
    analyticsApi({ routes: { [KPI_CALL]: () => fail(403, 'Forbidden') } });
    open();
    const refusal = await screen.findByRole('region', { name: "You don't have access to this page" });
    expect(within(refusal).getByText('See analytics')).toBeInTheDocument();
  });

  it('shows the 403 screen, and no link, to a role without analytics.view', async () => {
    const api = analyticsApi();
    open(
      paths.dashboard.analytics,
      PERMISSIONS.filter((permission) => permission !== 'analytics.view'),
    );
    expect(
      await screen.findByRole('region', { name: "You don't have access to this page" }),
    ).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).queryByRole('link', { name: 'Analytics' })).not.toBeInTheDocument();
    expect(api.calls(KPI_CALL)).toHaveLength(0);
  });
});
