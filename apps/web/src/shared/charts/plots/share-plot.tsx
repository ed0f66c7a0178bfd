import { clsx } from 'clsx';
import { Cell, Pie, PieChart, Tooltip } from 'recharts';
import { formatShare } from '../../format/number';
import { formatMeasure, type Measure } from '../measure';
import type { ShareSlice } from '../share-slices';
import { useElementWidth } from './use-element-width';

type SharePlotProps = { slices: ShareSlice[]; total: number; valueLabel: string; measure: Measure };

const SIZE = 200;
/** The donut and a legend of ~13 rem side by side need this much; narrower, the legend goes under. */
const SIDE_BY_SIDE = 420;

/**
 * The donut with the total in its hole, and the legend as a list — a slice's name, count and share
 * in words, stacked under the donut when the card is narrow rather than squeezed beside it.
 */
export default function SharePlot({ slices, total, valueLabel, measure }: SharePlotProps) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const stacked = width > 0 && width < SIDE_BY_SIDE;
  const drawn = slices.filter((slice) => slice.value > 0);
  return (
    <div ref={ref} className={clsx('flex items-center gap-5', stacked ? 'flex-col' : 'flex-row')}>
      <div className="relative shrink-0" style={{ width: SIZE, height: SIZE }}>
        <PieChart width={SIZE} height={SIZE} accessibilityLayer={false}>
          <Pie
            data={drawn}
            dataKey="value"
            nameKey="label"
            innerRadius={62}
            outerRadius={96}
            paddingAngle={drawn.length > 1 ? 1.5 : 0}
            // A lone slice is a whole ring: a white edge would draw a seam across it.
            stroke={drawn.length > 1 ? '#fff' : 'none'}
            isAnimationActive={false}
          >
            {drawn.map((slice) => (
              <Cell key={slice.key} fill={slice.color} />
            ))}
          </Pie>
          <Tooltip
            contentStyle={{ borderRadius: 8, borderColor: '#e2e8f0', fontSize: 13 }}
            formatter={(value, name) => [
              `${formatMeasure(Number(value), measure)} (${formatShare(Number(value) / total)})`,
              String(name),
            ]}
          />
        </PieChart>
        <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center">
          <span className="font-semibold text-slate-900 text-xl tabular-nums">
            {formatMeasure(total, measure)}
          </span>
          <span className="text-slate-500 text-xs">{valueLabel.toLowerCase()}</span>
        </div>
      </div>
      <ul className={clsx('grid min-w-0 gap-1.5 text-sm', stacked ? 'w-full' : 'flex-1')}>
        {slices.map((slice) => (
          <li key={slice.key} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-3 shrink-0 rounded-sm"
              style={{ background: slice.color }}
            />
            <span className="min-w-0 flex-1 truncate text-slate-700">{slice.label}</span>
            <span className="font-medium text-slate-900 tabular-nums">
              {formatMeasure(slice.value, measure)}
            </span>
            <span className="w-14 text-right text-slate-500 tabular-nums">{formatShare(slice.share)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
