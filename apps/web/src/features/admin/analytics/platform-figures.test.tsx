import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminPaths } from '../../../shared/routing/admin-paths';
import { exportedFile } from '../../../testing/exported-file';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import { sampleAdminKpis } from '../../../testing/kpis';
import { renderConsole } from '../testing/render';

const KPI = 'GET /api/admin/kpi';
// 23:30 UTC on 31 March: the platform counts UTC days, so today is still the 31st.
const NOW = new Date('2026-03-31T23:30:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

const platformApi = (routes: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    [KPI]: ({ query }) =>
      ok(sampleAdminKpis({ from: query.get('fromDate') ?? '', to: query.get('toDate') ?? '' })),
    ...routes,
  });

const asked = (api: ReturnType<typeof fakeApi>) =>
  api.calls(KPI).map((call) => `${call.query.get('fromDate')}..${call.query.get('toDate')}`);

describe('the platform figures (issue 15, console)', () => {
  it('shows the last 30 UTC days: cards, daily chart, top agencies, agencies by status, approval times', async () => {
    const api = platformApi();
    const { user } = renderConsole(adminPaths.kpi);
    expect(await screen.findByRole('heading', { level: 1, name: 'Platform figures' })).toBeInTheDocument();
    const sales = await screen.findByRole('article', { name: 'Gross sales' });
    expect(asked(api)).toEqual(['2026-03-02..2026-03-31']);
    expect(sales).toHaveTextContent('US$182,400.00▲ Up 14 %vs from US$160,000.00');
    // Pending deposits rising is work piling up.
    expect(within(screen.getByRole('article', { name: 'Deposits pending' })).getByText(/50 %/)).toHaveClass(
      'text-rose-700',
    );
    const approvals = screen.getByRole('region', { name: 'Approval times' });
    expect(within(approvals).getByRole('article', { name: 'Time to approve an agency' })).toHaveTextContent(
      '1d 6h▼ Down 24 %vs from 1d 16h',
    );
    expect(within(approvals).getByText(/24 %/)).toHaveClass('text-emerald-700');
    // No deposit decided in the range: said so, not "0 min" as if decided at once.
    expect(within(approvals).getByRole('article', { name: 'Time to approve a deposit' })).toHaveTextContent(
      /^Time to approve a depositNo decisions in these days$/,
    );

    const statuses = screen.getByRole('region', { name: 'Agencies by status' });
    await user.click(within(statuses).getByRole('button', { name: 'Table' }));
    expect(
      within(statuses)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'StatusAgenciesShare',
      'Registered33.0 %',
      'E-mail verified22.0 %',
      'Pending review44.0 %',
      'Approved8888 %',
      'Rejected22.0 %',
      'Suspended11.0 %',
    ]);
    const top = screen.getByRole('region', { name: 'Top agencies' });
    await user.click(within(top).getByRole('button', { name: 'Table' }));
    expect(
      within(top)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      '#AgencyBookingsSales (USD)',
      '1Demo Travels120US$52,000.00',
      '2Horizon Voyages80US$31,000.00',
    ]);
    expect(screen.getByRole('region', { name: 'Daily bookings and sales' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console navigation' });
    expect(within(nav).getByRole('link', { name: 'Platform figures' })).toHaveAttribute(
      'href',
      adminPaths.kpi,
    );
  });

  it('counts presets in UTC days and keeps them in the address', async () => {
    const api = platformApi();
    const { user, router } = renderConsole(adminPaths.kpi);
    await screen.findByRole('article', { name: 'Gross sales' });
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(asked(api).at(-1)).toBe('2026-03-31..2026-03-31'));
    await user.click(screen.getByRole('button', { name: 'Last month' }));
    await waitFor(() => expect(router.state.location.search).toBe('?range=last-month'));
    await waitFor(() => expect(asked(api).at(-1)).toBe('2026-02-01..2026-02-28'));
  });

  it('exports every figure as CSV with the top agencies and the statuses', async () => {
    platformApi();
    const { user } = renderConsole(`${adminPaths.kpi}?range=7d`);
    await screen.findByRole('article', { name: 'Gross sales' });
    const { name, text } = await exportedFile(() =>
      user.click(screen.getByRole('button', { name: 'Export all as CSV' })),
    );
    expect(name).toBe('platform-figures-2026-03-25-to-2026-03-31.csv');
    const lines = text.split('\r\n');
    expect(lines.slice(0, 4)).toEqual([
      'SkyDesk platform figures',
      'From,2026-03-25,To,2026-03-31',
      'Compared with,2026-03-18,To,2026-03-24',
      'Time zone,UTC',
    ]);
    expect(lines).toContain('Gross sales (USD),182400,160000,0.14,money');
    expect(lines).toContain('Time to approve an agency,30.5,40,-0.2375,hours');
    expect(lines).toContain('Time to approve a deposit,,0,,hours');
    expect(lines).toContain('1,Demo Travels,120,52000');
    expect(lines).toContain('Agencies by status (now)');
    expect(lines).toContain('Approved,88,0.88');
  });

  it('says what went wrong and asks again', async () => {
    let failing = true;
    const api = platformApi({
      [KPI]: ({ query }) =>
        failing
          ? fail(503, 'The figures are being recounted')
          : ok(sampleAdminKpis({ from: query.get('fromDate') ?? '', to: query.get('toDate') ?? '' })),
    });
    const { user } = renderConsole(adminPaths.kpi);
    expect(await screen.findByText('The figures are being recounted', { selector: 'p' })).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Gross sales' })).toBeInTheDocument();
    expect(api.calls(KPI)).toHaveLength(2);
  });

  it('shows a skeleton while loading, and an empty period with a way to a longer one', async () => {
    let answer: Promise<Response> = new Promise(() => {});
    platformApi({ [KPI]: () => answer });
    const { user, router } = renderConsole(adminPaths.kpi);
    expect(await screen.findByRole('status', { name: 'Loading the platform figures' })).toBeInTheDocument();
    const quiet = sampleAdminKpis();
    answer = Promise.resolve(
      ok({
        ...quiet,
        kpis: quiet.kpis.map((kpi) => ({
          ...kpi,
          value: 0,
          previous: kpi.previous === null ? null : 0,
          series: [],
          items: [],
        })),
      }),
    );
    await user.click(screen.getByRole('button', { name: '7 days' }));
    expect(await screen.findByRole('heading', { name: 'No activity in these days' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the year to date' }));
    await waitFor(() => expect(router.state.location.search).toBe('?range=ytd'));
  });
});
