import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { exportedFile } from '../../testing/exported-file';
import { addDays } from '../format/date-time';
import { CHART_COLORS } from './chart-colors';
import { tableCsv } from './chart-table';
import { toCsv } from './csv';
import { drawnPoints, weeklyPoints, weekOf } from './daily-buckets';
import { DailyChart, type DailySeries, dailyTable } from './daily-chart';
import { COUNT, money } from './measure';
import { RankingChart } from './ranking-chart';
import { ShareChart } from './share-chart';

const spend: DailySeries = {
  key: 'spend',
  label: 'Spend',
  measure: money('USD'),
  color: CHART_COLORS.indigo,
  points: [
    { date: '2026-03-01', value: 1200.5 },
    { date: '2026-03-02', value: 0 },
    { date: '2026-03-03', value: 830 },
  ],
};
const tickets: DailySeries = {
  key: 'tickets',
  label: 'Tickets',
  measure: COUNT,
  color: CHART_COLORS.amber,
  points: [
    { date: '2026-03-01', value: 3 },
    { date: '2026-03-02', value: 0 },
    { date: '2026-03-03', value: 2 },
  ],
};

describe('the daily chart', () => {
  it('is an image named by its title and described, with a table of the same numbers', async () => {
    const user = userEvent.setup();
    render(
      <DailyChart
        title="Daily spend and tickets"
        description="Per day, 1 – 3 Mar 2026"
        series={[spend, tickets]}
        emptyHint="Issue a ticket"
      />,
    );
    const card = screen.getByRole('region', { name: 'Daily spend and tickets' });
    expect(card).toHaveAccessibleDescription(/^Per day, 1 – 3 Mar 2026/);
    const picture = within(card).getByRole('img', { name: 'Daily spend and tickets' });
    expect(picture).toHaveAccessibleDescription(
      'Per day, 1 – 3 Mar 2026 Spend: US$2,030.50 in all, most on Sun 1 Mar 2026 (US$1,200.50). Tickets: 5 in all, most on Sun 1 Mar 2026 (3).',
    );
    // recharts arrives on demand and draws its SVG.
    await waitFor(() => expect(picture.querySelector('svg')).not.toBeNull());

    const toggle = within(card).getByRole('button', { name: 'Table' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const table = within(card).getByRole('table', { name: 'Daily spend and tickets' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'DateSpend (USD)Tickets',
      'Sun 1 Mar 2026US$1,200.503',
      'Mon 2 Mar 2026US$0.000',
      'Tue 3 Mar 2026US$830.002',
    ]);
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(within(card).getByRole('img')).toBeInTheDocument();
  });

  it('exports the days as CSV: ISO dates and plain numbers', async () => {
    const user = userEvent.setup();
    render(
      <DailyChart
        title="Daily spend and tickets"
        description="Per day"
        series={[spend, tickets]}
        fileNameParts={['2026-03-01', 'to', '2026-03-03']}
        emptyHint="Issue a ticket"
      />,
    );
    const { name, text } = await exportedFile(() =>
      user.click(screen.getByRole('button', { name: 'Export CSV: Daily spend and tickets' })),
    );
    expect(name).toBe('daily-spend-and-tickets-2026-03-01-to-2026-03-03.csv');
    expect(text).toBe(
      'Date,Spend (USD),Tickets\r\n2026-03-01,1200.5,3\r\n2026-03-02,0,0\r\n2026-03-03,830,2',
    );
  });

  it('says what to do when every day is zero, and offers no empty export', () => {
    const zero = (series: DailySeries) => ({
      ...series,
      points: series.points.map((point) => ({ ...point, value: 0 })),
    });
    render(
      <DailyChart
        title="Daily spend and tickets"
        description="Per day"
        series={[zero(spend), zero(tickets)]}
        emptyHint="Tickets you issue show here day by day."
      />,
    );
    const card = screen.getByRole('region', { name: 'Daily spend and tickets' });
    expect(within(card).getByText('Nothing on these days')).toBeInTheDocument();
    expect(within(card).getByText('Tickets you issue show here day by day.')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('fills a day one series lacks with zero', () => {
    const table = dailyTable([spend, { ...tickets, points: tickets.points.slice(0, 1) }]);
    expect(table.rows.at(-1)).toEqual({ date: '2026-03-03', spend: 830, tickets: 0 });
  });
});

describe('the ranking chart', () => {
  const routes = [
    { key: 'DXB-LHR', label: 'DXB–LHR', value: 14, amount: 9800 },
    { key: 'DXB-BOM', label: 'DXB–BOM', value: 9, amount: 3150.25 },
  ];

  it('ranks the items in its table with their bookings and spend', async () => {
    const user = userEvent.setup();
    render(
      <RankingChart
        title="Top routes"
        description="By bookings"
        items={routes}
        itemLabel="Route"
        valueLabel="Bookings"
        amount={{ label: 'Spend', currency: 'USD' }}
        emptyHint="Book a flight"
      />,
    );
    const card = screen.getByRole('region', { name: 'Top routes' });
    expect(within(card).getByRole('img', { name: 'Top routes' })).toHaveAccessibleDescription(
      'By bookings First DXB–LHR with 14 bookings, of 2 shown.',
    );
    await user.click(within(card).getByRole('button', { name: 'Table' }));
    const rows = within(card)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['#RouteBookingsSpend (USD)', '1DXB–LHR14US$9,800.00', '2DXB–BOM9US$3,150.25']);
  });

  it('exports them, and says what to do when there are none', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <RankingChart
        title="Top routes"
        description="By bookings"
        items={routes}
        itemLabel="Route"
        valueLabel="Bookings"
        amount={{ label: 'Spend', currency: 'USD' }}
        emptyHint="Book a flight"
      />,
    );
    const { text } = await exportedFile(() => user.click(screen.getByRole('button', { name: /Export CSV/ })));
    expect(text).toBe('#,Route,Bookings,Spend (USD)\r\n1,DXB–LHR,14,9800\r\n2,DXB–BOM,9,3150.25');

    rerender(
      <RankingChart
        title="Top routes"
        description="By bookings"
        items={[]}
        itemLabel="Route"
        valueLabel="Bookings"
        emptyHint="Routes you book rank here."
      />,
    );
    expect(screen.getByText('No routes yet')).toBeInTheDocument();
    expect(screen.getByText('Routes you book rank here.')).toBeInTheDocument();
  });
});

describe('the share chart', () => {
  it('shows each part with its share, in its legend and its table', async () => {
    const user = userEvent.setup();
    render(
      <ShareChart
        title="Booking outcomes"
        description="What became of the bookings made"
        items={[
          { key: 'ticketed', label: 'Ticketed', value: 30 },
          { key: 'cancelled', label: 'Cancelled', value: 6 },
          { key: 'expired', label: 'Expired', value: 4 },
          { key: 'voided', label: 'Voided', value: 0 },
        ]}
        itemLabel="Outcome"
        valueLabel="Bookings"
        measure={COUNT}
        emptyHint="Book a flight"
      />,
    );
    const card = screen.getByRole('region', { name: 'Booking outcomes' });
    expect(within(card).getByRole('img')).toHaveAccessibleDescription(
      'What became of the bookings made Ticketed 30 (75 %), Cancelled 6 (15 %), Expired 4 (10 %).',
    );
    await user.click(within(card).getByRole('button', { name: 'Table' }));
    expect(
      within(card)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['OutcomeBookingsShare', 'Ticketed3075 %', 'Cancelled615 %', 'Expired410 %', 'Voided00 %']);
  });
});

describe('CSV', () => {
  it('quotes commas and quotes, and defuses what a spreadsheet would run', () => {
    expect(
      toCsv([
        ['Route', 'Bookings'],
        ['=HYPERLINK("x")', 2],
        ['Paris, CDG', -3],
        ['+1', null],
      ]),
    ).toBe('Route,Bookings\r\n"\'=HYPERLINK(""x"")",2\r\n"Paris, CDG",-3\r\n\'+1,');
  });

  it('writes shares as fractions', () => {
    expect(
      tableCsv({
        columns: [
          { key: 'label', label: 'Status', kind: 'text' },
          { key: 'share', label: 'Share', kind: 'share' },
        ],
        rows: [{ label: 'Approved', share: 2 / 3 }],
      }),
    ).toBe('Status,Share\r\nApproved,0.6667');
  });
});

describe('a long range drawn by week', () => {
  it('sums the days of each week, dated by the first day of the range in it', () => {
    // Thursday 1 January 2026 to Sunday 11 January: a part week, then a whole one.
    const days = Array.from({ length: 11 }, (_, i) => ({
      date: `2026-01-${String(i + 1).padStart(2, '0')}`,
      value: i + 1,
    }));
    expect(weekOf('2026-01-01')).toBe('2025-12-29');
    expect(weekOf('2026-01-05')).toBe('2026-01-05');
    expect(weeklyPoints(days)).toEqual([
      { date: '2026-01-01', value: 1 + 2 + 3 + 4 },
      { date: '2026-01-05', value: 5 + 6 + 7 + 8 + 9 + 10 + 11 },
    ]);
  });

  it('draws days up to three months, weeks past that', () => {
    const days = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ date: addDays('2026-01-01', i), value: 1 }));
    expect(drawnPoints(days(92))).toMatchObject({ weekly: false });
    const year = drawnPoints(days(365));
    expect(year.weekly).toBe(true);
    expect(year.points).toHaveLength(53);
    expect(year.points.reduce((sum, point) => sum + point.value, 0)).toBe(365);
  });
});
