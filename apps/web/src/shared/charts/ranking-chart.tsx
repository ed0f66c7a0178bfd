import type { KpiItem } from '@skydesk/contract';
import { ChartBar } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { ChartCard, PlotSkeleton } from './chart-card';
import type { ChartTable } from './chart-table';
import { COUNT, formatMeasure, type Measure, money } from './measure';
import { rankingHeight } from './ranking-height';

const RankingPlot = lazy(() => import('./plots/ranking-plot'));

type RankingChartProps = {
  title: string;
  description: string;
  /** Largest first (the contract's breakdown `items`, at most 10). */
  items: KpiItem[];
  /** What an item is: "Route", "Airline", "Agency". */
  itemLabel: string;
  /** What the bars measure: "Bookings". */
  valueLabel: string;
  /** The items' money, when they have any ("Spend" in the agency's currency). */
  amount?: { label: string; currency: string } | null;
  fileNameParts?: string[];
  emptyHint: string;
};

/** A row per item, ranked: the chart's table and CSV. */
export function rankingTable(
  items: KpiItem[],
  { itemLabel, valueLabel, amount }: Pick<RankingChartProps, 'itemLabel' | 'valueLabel' | 'amount'>,
): ChartTable {
  return {
    columns: [
      { key: 'rank', label: '#', kind: 'text' },
      { key: 'label', label: itemLabel, kind: 'text' },
      { key: 'value', label: valueLabel, kind: 'measure', measure: COUNT },
      ...(amount
        ? [{ key: 'amount', label: amount.label, kind: 'measure' as const, measure: money(amount.currency) }]
        : []),
      // Issue 33: each line's margin, where the figure has one (routes, airlines).
      ...(amount && items.some((item) => item.margin != null)
        ? [{ key: 'margin', label: 'Margin', kind: 'measure' as const, measure: money(amount.currency) }]
        : []),
    ],
    rows: items.map((item, index) => ({
      rank: String(index + 1),
      label: item.label,
      value: item.value,
      amount: item.amount,
      margin: item.margin ?? null,
    })),
  };
}

/**
 * A top-N list as horizontal bars (issue 15: top routes, top airlines; the console's top
 * agencies): the names stay readable on a phone, where vertical bars would tilt them.
 */
export function RankingChart({
  title,
  description,
  items,
  itemLabel,
  valueLabel,
  amount,
  fileNameParts,
  emptyHint,
}: RankingChartProps) {
  const measure: Measure = COUNT;
  const first = items[0];
  const summary = first
    ? `First ${first.label} with ${formatMeasure(first.value, measure)} ${valueLabel.toLowerCase()}, of ${items.length} shown.`
    : undefined;
  return (
    <ChartCard
      title={title}
      description={description}
      summary={summary}
      table={rankingTable(items, { itemLabel, valueLabel, amount })}
      fileNameParts={fileNameParts}
      empty={
        items.length === 0
          ? { icon: ChartBar, title: `No ${itemLabel.toLowerCase()}s yet`, hint: emptyHint }
          : null
      }
      plot={
        <Suspense fallback={<PlotSkeleton height={rankingHeight(items.length)} />}>
          <RankingPlot items={items} valueLabel={valueLabel} amount={amount ?? null} />
        </Suspense>
      }
    />
  );
}
