import type { AdminKpi, AdminKpis, Kpi, KpiItem, KpiKey } from '@skydesk/contract';
import { addDays } from '../shared/format/date-time';

/**
 * KPI answers as the server gives them (issue 15), for the analytics screens' tests: the agency's
 * `Kpi[]` and the platform's `AdminKpis`, over the days asked.
 */

const days = (from: string, to: string): string[] => {
  const list: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) list.push(day);
  return list;
};

/** A series over the days, the given values first and zeros after. */
const series = (from: string, to: string, values: number[]) =>
  days(from, to).map((date, i) => ({ date, value: values[i] ?? 0 }));

type Plain = { value: number; previous: number; values?: number[] };

function plain<Key extends string>(
  key: Key,
  label: string,
  unit: Kpi['unit'],
  { value, previous, values = [] }: Plain,
  range: { from: string; to: string },
  currency: string | null = null,
) {
  return {
    key,
    label,
    value,
    unit,
    currency,
    previous,
    series: series(range.from, range.to, values),
    items: [] as KpiItem[],
  };
}

function breakdown<Key extends string>(key: Key, label: string, items: KpiItem[], currency: string | null) {
  return {
    key,
    label,
    value: items.reduce((sum, item) => sum + item.value, 0),
    unit: 'count' as const,
    currency,
    previous: null,
    series: [],
    items,
  };
}

export const item = (key: string, label: string, value: number, amount: number | null = null): KpiItem => ({
  key,
  label,
  value,
  amount,
});

/** The demo agency's week: 7 days from 9 to 15 March 2026 unless told otherwise. */
export function sampleKpis(
  { from = '2026-03-09', to = '2026-03-15' } = {},
  overrides: Partial<Record<KpiKey, Partial<Kpi>>> = {},
): Kpi[] {
  const range = { from, to };
  const kpis: Kpi[] = [
    plain('searches', 'Searches', 'count', { value: 240, previous: 200, values: [30, 40, 50] }, range),
    plain('bookings', 'Bookings', 'count', { value: 20, previous: 25, values: [5, 6, 9] }, range),
    plain('tickets', 'Tickets', 'count', { value: 16, previous: 16, values: [4, 5, 7] }, range),
    plain(
      'spend',
      'Spend',
      'money',
      { value: 9620.5, previous: 8000, values: [2400, 3000.5, 4220] },
      range,
      'USD',
    ),
    plain('refunds', 'Refunds', 'money', { value: 310, previous: 0 }, range, 'USD'),
    plain('cancellations', 'Cancellations', 'count', { value: 3, previous: 1 }, range),
    plain('voids', 'Voids', 'count', { value: 0, previous: 2 }, range),
    {
      ...plain(
        'average_ticket_value',
        'Average ticket value',
        'money',
        { value: 601.28, previous: 500 },
        range,
        'USD',
      ),
      series: [],
    },
    { ...plain('look_to_book', 'Look-to-book', 'ratio', { value: 12, previous: 8 }, range), series: [] },
    breakdown(
      'top_routes',
      'Top routes',
      [item('DXB-LHR', 'DXB–LHR', 8, 5200), item('DXB-BOM', 'DXB–BOM', 5, 1400.5)],
      'USD',
    ),
    breakdown(
      'top_airlines',
      'Top airlines',
      [item('EK', 'Emirates (EK)', 11, 7000), item('BA', 'British Airways (BA)', 4, 2620.5)],
      'USD',
    ),
    breakdown(
      'staff',
      'Staff',
      [item('u1', 'Amina Rahman', 12, 6100), item('u2', 'Karim Saleh', 8, 3520.5)],
      'USD',
    ),
    breakdown(
      'outcomes',
      'Booking outcomes',
      [item('ticketed', 'Ticketed', 16), item('cancelled', 'Cancelled', 3), item('booked', 'On hold', 1)],
      null,
    ),
  ];
  return kpis.map((kpi) => ({ ...kpi, ...overrides[kpi.key] }) as Kpi);
}

/** A range with nothing in it, nor in the period before. */
export const emptyKpis = (range = { from: '2026-03-09', to: '2026-03-15' }): Kpi[] =>
  sampleKpis(range).map((kpi) => ({
    ...kpi,
    value: 0,
    previous: kpi.previous === null ? null : 0,
    series: kpi.series.map((point) => ({ ...point, value: 0 })),
    // As the server answers: every outcome listed, at zero.
    items: kpi.key === 'outcomes' ? kpi.items.map((line) => ({ ...line, value: 0 })) : [],
  }));

/** The platform's figures over UTC days. */
export function sampleAdminKpis({ from = '2026-03-09', to = '2026-03-15' } = {}): AdminKpis {
  const range = { from, to };
  const kpis: AdminKpi[] = [
    plain('registrations', 'New registrations', 'count', { value: 6, previous: 4, values: [1, 2, 3] }, range),
    plain('bookings', 'Bookings', 'count', { value: 410, previous: 380, values: [60, 70, 80] }, range),
    plain('tickets', 'Tickets', 'count', { value: 350, previous: 300 }, range),
    plain(
      'gross_sales',
      'Gross sales',
      'money',
      { value: 182_400, previous: 160_000, values: [25_000, 30_000, 41_000] },
      range,
      'USD',
    ),
    plain('refunds', 'Refunds', 'money', { value: 5200, previous: 6000 }, range, 'USD'),
    plain(
      'deposits_approved',
      'Deposits approved',
      'money',
      { value: 90_000, previous: 70_000 },
      range,
      'USD',
    ),
    plain('deposits_pending', 'Deposits pending', 'money', { value: 12_000, previous: 8000 }, range, 'USD'),
    {
      ...plain(
        'agency_approval_hours',
        'Time to approve an agency',
        'hours',
        { value: 30.5, previous: 40 },
        range,
      ),
      series: [],
      items: [item('decisions', 'Decisions taken', 4)],
    },
    {
      ...plain(
        'deposit_approval_hours',
        'Time to approve a deposit',
        'hours',
        { value: 0, previous: 0 },
        range,
      ),
      series: [],
      items: [item('decisions', 'Decisions taken', 0)],
    },
    breakdown(
      'top_agencies',
      'Top agencies',
      [item('a1', 'Demo Travels', 120, 52_000), item('a2', 'Horizon Voyages', 80, 31_000)],
      'USD',
    ),
  ];
  return {
    from,
    to,
    currency: 'USD',
    agencies_by_status: [
      { status: 'registered', count: 3 },
      { status: 'email_verified', count: 2 },
      { status: 'pending_review', count: 4 },
      { status: 'approved', count: 88 },
      { status: 'rejected', count: 2 },
      { status: 'suspended', count: 1 },
    ],
    kpis,
  };
}
