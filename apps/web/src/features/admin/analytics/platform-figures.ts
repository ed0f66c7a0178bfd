import type { AdminKpi, AdminKpiKey, AdminKpis } from '@skydesk/contract';
import { CHART_COLORS } from '../../../shared/charts/chart-colors';
import type { ChartTable } from '../../../shared/charts/chart-table';
import type { DailySeries } from '../../../shared/charts/daily-chart';
import { COUNT } from '../../../shared/charts/measure';
import { rankingTable } from '../../../shared/charts/ranking-chart';
import { type ShareItem, shareTable } from '../../../shared/charts/share-chart';
import { COMPANY_STATUS } from '../admin-labels';

export type PlatformKpis = Partial<Record<AdminKpiKey, AdminKpi>>;

export const platformByKey = (kpis: AdminKpi[]): PlatformKpis =>
  Object.fromEntries(kpis.map((kpi) => [kpi.key, kpi]));

/** The cards: the platform's sales first, then its agencies and their money coming in. */
export const PLATFORM_CARD_KEYS: AdminKpiKey[] = [
  'bookings',
  'tickets',
  'gross_sales',
  'refunds',
  'registrations',
  'deposits_approved',
  'deposits_pending',
  // Issue 33: what the platform's rules added to suppliers' prices.
  'platform_margin',
];

/** How long operators take to decide, averaged over the decisions taken in the range. */
export const APPROVAL_KEYS: AdminKpiKey[] = ['agency_approval_hours', 'deposit_approval_hours'];

/** How many decisions an approval time averages (its one line); 0 reads "none", not "at once". */
export const decisionsOf = (kpi: AdminKpi) => kpi.items.find((item) => item.key === 'decisions')?.value;

/** Agencies by their review state now (every state, zeros too), named as the queue names them. */
export const agencyStatusItems = (figures: AdminKpis): ShareItem[] =>
  figures.agencies_by_status.map(({ status, count }) => ({
    key: status,
    label: COMPANY_STATUS[status].label,
    value: count,
  }));

/** The daily chart's two lines: bookings and gross sales. */
export function platformDailySeries(kpis: PlatformKpis): DailySeries[] {
  const lines: DailySeries[] = [];
  if (kpis.bookings)
    lines.push({
      key: 'bookings',
      label: kpis.bookings.label,
      measure: kpis.bookings,
      color: CHART_COLORS.indigo,
      points: kpis.bookings.series,
    });
  if (kpis.gross_sales)
    lines.push({
      key: 'gross_sales',
      label: kpis.gross_sales.label,
      measure: kpis.gross_sales,
      color: CHART_COLORS.emerald,
      points: kpis.gross_sales.series,
    });
  return lines;
}

export const salesOf = (kpi: AdminKpi | undefined) =>
  kpi?.currency ? { label: 'Sales', currency: kpi.currency } : null;

/** The breakdowns as the CSV of every figure holds them: the same tables as their charts. */
export function platformSections(figures: AdminKpis): { title: string; table: ChartTable }[] {
  const kpis = platformByKey(figures.kpis);
  return [
    ...(kpis.top_agencies
      ? [
          {
            title: 'Top agencies',
            table: rankingTable(kpis.top_agencies.items, {
              itemLabel: 'Agency',
              valueLabel: 'Bookings',
              amount: salesOf(kpis.top_agencies),
            }),
          },
        ]
      : []),
    ...(kpis.platform_margin
      ? [
          {
            title: 'Platform margin by supplier',
            table: platformMarginTable(kpis.platform_margin, 'Supplier'),
          },
        ]
      : []),
    ...(kpis.platform_margin_by_agency
      ? [
          {
            title: 'Platform margin by agency',
            table: platformMarginTable(kpis.platform_margin_by_agency, 'Agency'),
          },
        ]
      : []),
    {
      title: 'Agencies by status (now)',
      table: shareTable(agencyStatusItems(figures), {
        itemLabel: 'Status',
        valueLabel: 'Agencies',
        measure: COUNT,
      }),
    },
  ];
}

/**
 * Issue 33: the platform's margin line by line — by supplier (`platform_margin`'s items) or by
 * agency (`platform_margin_by_agency`'s) — with the bookings it came from.
 */
export function platformMarginTable(kpi: AdminKpi, itemLabel: string): ChartTable {
  const measure = { unit: 'money' as const, currency: kpi.currency ?? 'USD' };
  return {
    columns: [
      { key: 'label', label: itemLabel, kind: 'text' },
      { key: 'value', label: 'Bookings', kind: 'measure', measure: COUNT },
      { key: 'margin', label: 'Platform margin', kind: 'measure', measure },
    ],
    rows: kpi.items.map((item) => ({ label: item.label, value: item.value, margin: item.margin ?? 0 })),
  };
}

/** Nothing at all happened on the platform in the range nor the period before. */
export const isPlatformQuiet = (figures: AdminKpis): boolean =>
  figures.kpis.every(
    (kpi) => kpi.value === 0 && !kpi.previous && kpi.items.every((item) => item.value === 0 && !item.amount),
  );
