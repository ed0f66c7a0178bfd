import type { KpiItem } from '@skydesk/contract';
import { Bar, BarChart, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS } from '../chart-colors';
import { COUNT, formatMeasure, money } from '../measure';
import { rankingHeight } from '../ranking-height';
import { FALLBACK_CHART_WIDTH, NARROW_CHART, useElementWidth } from './use-element-width';

type RankingPlotProps = {
  items: KpiItem[];
  valueLabel: string;
  amount: { label: string; currency: string } | null;
};

/** A name cut to what its column holds ("British Airways (BA)" → "British Airw…" on a phone). */
const clip = (text: string, chars: number): string =>
  text.length <= chars ? text : `${text.slice(0, Math.max(1, chars - 1))}…`;

export default function RankingPlot({ items, valueLabel, amount }: RankingPlotProps) {
  const [ref, measured] = useElementWidth<HTMLDivElement>();
  const width = measured || FALLBACK_CHART_WIDTH;
  // The names' column: nearly half a phone's width (airline names are long, a bar's length reads
  // at any size), at most 11 rem beside a desktop's bars.
  const labelWidth =
    width < NARROW_CHART ? Math.round(width * 0.46) : Math.min(176, Math.round(width * 0.36));
  // Cut to one line: recharts would otherwise wrap a long name over two rows of its bar.
  const chars = Math.floor((labelWidth - 12) / 7.5);
  return (
    <div ref={ref} className="min-w-0">
      <BarChart
        layout="vertical"
        width={width}
        height={rankingHeight(items.length)}
        data={items}
        margin={{ top: 4, right: 40, bottom: 4, left: 0 }}
        barCategoryGap={6}
        accessibilityLayer={false}
      >
        {/* The longest bar spans the width: 'auto' would round the end up and leave bars short. */}
        <XAxis type="number" hide allowDecimals={false} domain={[0, 'dataMax']} />
        <YAxis
          type="category"
          dataKey="label"
          width={labelWidth}
          tickFormatter={(label: string) => clip(label, chars)}
          tick={{ fontSize: 12, fill: '#334155' }}
          tickLine={false}
          axisLine={false}
          interval={0}
        />
        <Tooltip
          cursor={{ fill: '#f1f5f9' }}
          contentStyle={{ borderRadius: 8, borderColor: '#e2e8f0', fontSize: 13 }}
          formatter={(value, _name, entry) => {
            const item = entry.payload as KpiItem;
            const moneyText =
              amount && item.amount !== null
                ? ` · ${formatMeasure(item.amount, money(amount.currency))}`
                : '';
            return [`${formatMeasure(Number(value), COUNT)}${moneyText}`, valueLabel];
          }}
        />
        <Bar
          dataKey="value"
          name={valueLabel}
          fill={CHART_COLORS.indigo}
          radius={[0, 4, 4, 0]}
          maxBarSize={22}
          isAnimationActive={false}
        >
          <LabelList
            dataKey="value"
            position="right"
            formatter={(value) => formatMeasure(Number(value), COUNT)}
            style={{ fontSize: 12, fill: '#334155' }}
          />
        </Bar>
      </BarChart>
    </div>
  );
}
