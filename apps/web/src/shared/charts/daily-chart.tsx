import type { KpiPoint } from '@skydesk/contract';
import { ChartLine } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { formatDayWithYear } from '../format/date-time';
import { ChartCard, PlotSkeleton } from './chart-card';
import type { ChartTable } from './chart-table';
import type { DailySeries } from './daily-series';
import { formatMeasure } from './measure';

// recharts is loaded with the first chart drawn, never with the start-up bundle.
const DailyPlot = lazy(() => import('./plots/daily-plot'));

export type { DailySeries };

type DailyChartProps = {
  title: string;
  /** What is drawn and over which days; read with the chart. */
  description: string;
  series: DailySeries[];
  fileNameParts?: string[];
  /** What to do when every day is zero. */
  emptyHint: string;
};

/** The days of all series, oldest first, each once. */
const daysOf = (series: DailySeries[]): string[] =>
  [...new Set(series.flatMap((line) => line.points.map((point) => point.date)))].sort();

/** A row per day and a column per series: the chart's table and CSV. */
export function dailyTable(series: DailySeries[]): ChartTable {
  const byDay = series.map((line) => new Map(line.points.map((point) => [point.date, point.value])));
  return {
    columns: [
      { key: 'date', label: 'Date', kind: 'day' },
      ...series.map((line) => ({
        key: line.key,
        label: line.label,
        kind: 'measure' as const,
        measure: line.measure,
      })),
    ],
    rows: daysOf(series).map((date) => ({
      date,
      ...Object.fromEntries(series.map((line, i) => [line.key, byDay[i]?.get(date) ?? 0])),
    })),
  };
}

/** A sentence a screen reader hears for the picture: each series' total and its busiest day. */
export function dailySummary(series: DailySeries[]): string {
  return series
    .map((line) => {
      const total = line.points.reduce((sum, point) => sum + point.value, 0);
      const busiest = line.points.reduce<KpiPoint | null>(
        (best, point) => (point.value > (best?.value ?? 0) ? point : best),
        null,
      );
      const peak = busiest
        ? `, most on ${formatDayWithYear(busiest.date)} (${formatMeasure(busiest.value, line.measure)})`
        : '';
      return `${line.label}: ${formatMeasure(total, line.measure)} in all${peak}.`;
    })
    .join(' ');
}

/**
 * Figures per day (issue 15: daily spend and tickets; the console's bookings and sales): a small
 * chart per series, the table of days, the CSV.
 */
export function DailyChart({ title, description, series, fileNameParts, emptyHint }: DailyChartProps) {
  const empty = series.every((line) => line.points.every((point) => point.value === 0));
  return (
    <ChartCard
      title={title}
      description={description}
      summary={empty ? undefined : dailySummary(series)}
      table={dailyTable(series)}
      fileNameParts={fileNameParts}
      scrollTable
      empty={empty ? { icon: ChartLine, title: 'Nothing on these days', hint: emptyHint } : null}
      plot={
        <Suspense fallback={<PlotSkeleton height={204} />}>
          <DailyPlot series={series} />
        </Suspense>
      }
    />
  );
}
