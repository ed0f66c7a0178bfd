import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDayMonth, formatDayWithYear } from '../../format/date-time';
import { drawnPoints } from '../daily-buckets';
import type { DailySeries } from '../daily-series';
import { formatMeasure, formatMeasureAxis } from '../measure';
import { FALLBACK_CHART_WIDTH, NARROW_CHART, useElementWidth } from './use-element-width';

const HEIGHT = 180;
const AXIS_TEXT = { fontSize: 12, fill: '#64748b' };

/**
 * Ticks spread evenly from the first day to the last: about one per 90 px, at most 4 on a phone,
 * so the day labels never overlap.
 */
export function dayTicks(days: string[], width: number): string[] {
  const most = Math.max(2, Math.min(width < NARROW_CHART ? 4 : 8, Math.floor(width / 90)));
  if (days.length <= most) return days;
  const step = (days.length - 1) / (most - 1);
  return Array.from({ length: most }, (_, i) => days[Math.round(i * step)] as string);
}

/** One small chart per series (issue 15: spend and tickets), each on its own axis: no dual-axis puzzle. */
export default function DailyPlot({ series }: { series: DailySeries[] }) {
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      {series.map((line) => (
        <SeriesPlot key={line.key} series={line} />
      ))}
    </div>
  );
}

function SeriesPlot({ series }: { series: DailySeries }) {
  const [ref, measured] = useElementWidth<HTMLDivElement>();
  const width = measured || FALLBACK_CHART_WIDTH;
  const total = series.points.reduce((sum, point) => sum + point.value, 0);
  const { points, weekly } = drawnPoints(series.points);
  const days = points.map((point) => point.date);
  const narrow = width < NARROW_CHART;
  // The value axis as wide as its longest label ("US$12.5k"), so no label is cut at its left.
  const peak = points.reduce((most, point) => Math.max(most, point.value), 0);
  const axisWidth = Math.max(32, formatMeasureAxis(peak, series.measure).length * 7 + 12);
  return (
    <div ref={ref} className="min-w-0">
      <p className="mb-1 flex items-baseline justify-between gap-2 text-sm">
        <span className="flex items-center gap-2 font-medium text-slate-700">
          <span aria-hidden="true" className="size-2.5 rounded-full" style={{ background: series.color }} />
          {series.label}
          {weekly && <span className="font-normal text-slate-500">· per week</span>}
        </span>
        <span className="text-slate-500 tabular-nums">{formatMeasure(total, series.measure)} in all</span>
      </p>
      <AreaChart
        width={width}
        height={HEIGHT}
        data={points}
        // Room on the right for the last day's label, centred on the last point.
        margin={{ top: 8, right: 20, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis
          dataKey="date"
          ticks={dayTicks(days, width)}
          tickFormatter={(day: string) => formatDayMonth(day)}
          tick={AXIS_TEXT}
          tickLine={false}
          axisLine={{ stroke: '#cbd5e1' }}
          interval={0}
        />
        <YAxis
          width={axisWidth}
          tickCount={narrow ? 3 : 5}
          allowDecimals={series.measure.unit !== 'count'}
          tickFormatter={(value: number) => formatMeasureAxis(value, series.measure)}
          tick={AXIS_TEXT}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip
          formatter={(value) => [formatMeasure(Number(value), series.measure), series.label]}
          labelFormatter={(day) => `${weekly ? 'Week from ' : ''}${formatDayWithYear(String(day))}`}
          contentStyle={{ borderRadius: 8, borderColor: '#e2e8f0', fontSize: 13 }}
        />
        <Area
          type="monotone"
          dataKey="value"
          name={series.label}
          stroke={series.color}
          strokeWidth={2}
          fill={series.color}
          fillOpacity={0.12}
          // One day has no line to draw: its point is.
          dot={points.length <= 2 ? { r: 3, fill: series.color } : false}
          isAnimationActive={false}
        />
      </AreaChart>
    </div>
  );
}
