import { ChartPie } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { formatShare } from '../format/number';
import { ChartCard, PlotSkeleton } from './chart-card';
import type { ChartTable } from './chart-table';
import { formatMeasure, type Measure } from './measure';
import { type ShareItem, shareSlices } from './share-slices';

const SharePlot = lazy(() => import('./plots/share-plot'));

export type { ShareItem };

type ShareChartProps = {
  title: string;
  description: string;
  items: ShareItem[];
  /** What an item is: "Outcome", "Status". */
  itemLabel: string;
  /** What is counted: "Bookings", "Agencies". */
  valueLabel: string;
  measure: Measure;
  fileNameParts?: string[];
  emptyHint: string;
};

export function shareTable(
  items: ShareItem[],
  { itemLabel, valueLabel, measure }: Pick<ShareChartProps, 'itemLabel' | 'valueLabel' | 'measure'>,
): ChartTable {
  return {
    columns: [
      { key: 'label', label: itemLabel, kind: 'text' },
      { key: 'value', label: valueLabel, kind: 'measure', measure },
      { key: 'share', label: 'Share', kind: 'share' },
    ],
    rows: shareSlices(items).map(({ label, value, share }) => ({ label, value, share })),
  };
}

/**
 * Parts of a whole as a donut with its legend beside it, or under it on a phone (issue 15: booking
 * outcomes; the console's agencies by status).
 */
export function ShareChart({
  title,
  description,
  items,
  itemLabel,
  valueLabel,
  measure,
  fileNameParts,
  emptyHint,
}: ShareChartProps) {
  const slices = shareSlices(items);
  const total = items.reduce((sum, item) => sum + item.value, 0);
  const summary = slices
    .filter((slice) => slice.value > 0)
    .map((slice) => `${slice.label} ${formatMeasure(slice.value, measure)} (${formatShare(slice.share)})`)
    .join(', ');
  return (
    <ChartCard
      title={title}
      description={description}
      summary={total > 0 ? `${summary}.` : undefined}
      table={shareTable(items, { itemLabel, valueLabel, measure })}
      fileNameParts={fileNameParts}
      empty={
        total === 0 ? { icon: ChartPie, title: `No ${valueLabel.toLowerCase()} yet`, hint: emptyHint } : null
      }
      plot={
        <Suspense fallback={<PlotSkeleton height={200} />}>
          <SharePlot slices={slices} total={total} valueLabel={valueLabel} measure={measure} />
        </Suspense>
      }
    />
  );
}
