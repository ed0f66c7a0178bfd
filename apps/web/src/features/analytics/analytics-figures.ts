import type { Kpi, KpiKey } from '@skydesk/contract';
import { CHART_COLORS } from '../../shared/charts/chart-colors';
import type { ChartTable } from '../../shared/charts/chart-table';
import type { DailySeries } from '../../shared/charts/daily-chart';
import { COUNT } from '../../shared/charts/measure';
import { rankingTable } from '../../shared/charts/ranking-chart';
import { shareTable } from '../../shared/charts/share-chart';

/** The agency's figures by key; a figure the server did not send is simply not shown. */
export type KpisByKey = Partial<Record<KpiKey, Kpi>>;

export const byKey = (kpis: Kpi[]): KpisByKey => Object.fromEntries(kpis.map((kpi) => [kpi.key, kpi]));

/** The cards, in the order an agent reads them: money and tickets, then demand, then what undid sales. */
export const CARD_KEYS: KpiKey[] = [
  'spend',
  'tickets',
  'bookings',
  'average_ticket_value',
  'searches',
  'look_to_book',
  'refunds',
  'cancellations',
  'voids',
];

/**
 * Issue 33: what the agency earned — what its clients paid, what it paid, the difference and that
 * as a share of sales — from its client invoices and credit notes (a refunded or exchanged booking
 * counts once, with its net effect).
 */
export const EARNINGS_KEYS: KpiKey[] = ['sales', 'net_cost', 'margin', 'margin_percent'];

/** What a card's figure counts, where its name alone leaves it open. */
export const CARD_HINTS: Partial<Record<KpiKey, string>> = {
  bookings: 'Made in these days',
  // Beside the outcomes' "Ticketed" (bookings): a booking of three travellers issues three tickets.
  tickets: 'One per passenger',
  look_to_book: 'Searches per booking',
  average_ticket_value: 'Spend per ticket',
  sales: 'What your clients paid',
  net_cost: 'What you paid for it',
  margin: 'Sales less net cost',
  margin_percent: 'Margin as a share of sales',
};

/**
 * What the outcomes count, so they are not read as the bookings card (issue 30: 60 bookings beside
 * 67 outcomes): events in the range, whenever the booking was made — a booking made before the
 * range and ticketed in it counts, and one ticketed then voided or refunded counts under both.
 */
export const OUTCOMES_DESCRIPTION =
  'What happened in these days, to bookings made in them or before (one ticketed, then refunded, counts twice), and the holds made in them still open';

/**
 * Nothing happened in the range nor the period before: the screen says what to do instead. A
 * breakdown may still list its lines at zero (every outcome, every staff member).
 */
export const isQuiet = (kpis: Kpi[]): boolean =>
  kpis.every(
    (kpi) => kpi.value === 0 && !kpi.previous && kpi.items.every((item) => item.value === 0 && !item.amount),
  );

/** The daily chart's two lines: spend and tickets. */
export function dailySeries(kpis: KpisByKey): DailySeries[] {
  const lines: DailySeries[] = [];
  if (kpis.spend)
    lines.push({
      key: 'spend',
      label: kpis.spend.label,
      measure: kpis.spend,
      color: CHART_COLORS.indigo,
      points: kpis.spend.series,
    });
  if (kpis.tickets)
    lines.push({
      key: 'tickets',
      label: kpis.tickets.label,
      measure: kpis.tickets,
      color: CHART_COLORS.amber,
      points: kpis.tickets.series,
    });
  return lines;
}

/** The money a breakdown's lines carry, when the figure has a currency. */
export const spendOf = (kpi: Kpi | undefined) =>
  kpi?.currency ? { label: 'Spend', currency: kpi.currency } : null;

/** The breakdowns as tables: what their charts show, and what the CSV of every figure holds. */
export function breakdownTables(kpis: KpisByKey): { title: string; table: ChartTable }[] {
  const sections: { title: string; table: ChartTable }[] = [];
  if (kpis.top_routes)
    sections.push({
      title: 'Top routes',
      table: rankingTable(kpis.top_routes.items, {
        itemLabel: 'Route',
        valueLabel: 'Bookings',
        amount: spendOf(kpis.top_routes),
      }),
    });
  if (kpis.top_airlines)
    sections.push({
      title: 'Top airlines',
      table: rankingTable(kpis.top_airlines.items, {
        itemLabel: 'Airline',
        valueLabel: 'Bookings',
        amount: spendOf(kpis.top_airlines),
      }),
    });
  if (kpis.outcomes)
    sections.push({
      title: 'Booking outcomes',
      table: shareTable(kpis.outcomes.items, {
        itemLabel: 'Outcome',
        valueLabel: 'Outcomes',
        measure: COUNT,
      }),
    });
  if (kpis.staff) sections.push({ title: 'Staff', table: staffTable(kpis.staff) });
  return sections;
}

/** A line per staff member: who booked how much. */
export function staffTable(staff: Kpi): ChartTable {
  return {
    columns: [
      { key: 'label', label: 'Staff member', kind: 'text' },
      { key: 'value', label: 'Bookings', kind: 'measure', measure: COUNT },
      ...(staff.currency
        ? [
            {
              key: 'amount',
              label: 'Spend',
              kind: 'measure' as const,
              measure: { unit: 'money' as const, currency: staff.currency },
            },
          ]
        : []),
      // Issue 33: what each member's sales earned the agency.
      ...(staff.currency && staff.items.some((item) => item.margin != null)
        ? [
            {
              key: 'margin',
              label: 'Margin',
              kind: 'measure' as const,
              measure: { unit: 'money' as const, currency: staff.currency },
            },
          ]
        : []),
    ],
    rows: staff.items.map((item) => ({
      label: item.label,
      value: item.value,
      amount: item.amount,
      margin: item.margin ?? null,
    })),
  };
}
