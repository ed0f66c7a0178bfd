import { formatDayWithYear } from '../../shared/format/date-time';
import { formatCount } from '../../shared/format/number';
import { type KpiRange, previousRange, rangeDays } from './kpi-range';

/** "Sun 1 Mar 2026" or, for a range, "Sun 1 Mar 2026 – Mon 30 Mar 2026". */
export const formatKpiRange = ({ from, to }: KpiRange): string =>
  from === to ? formatDayWithYear(from) : `${formatDayWithYear(from)} – ${formatDayWithYear(to)}`;

type KpiPeriodProps = {
  range: KpiRange;
  /** Whose days: "Asia/Dubai" (the agency's zone) or "UTC". */
  timeZone: string;
};

/**
 * Which days the figures cover and what they are compared with, in words: the cards' arrows are
 * read against the period of equal length just before.
 */
export function KpiPeriod({ range, timeZone }: KpiPeriodProps) {
  const days = rangeDays(range);
  return (
    <p className="text-slate-600 text-sm">
      <span className="font-medium text-slate-900">{formatKpiRange(range)}</span>
      <span className="text-slate-500">
        {' '}
        · {formatCount(days)} {days === 1 ? 'day' : 'days'}
      </span>
      <span className="block text-slate-500 text-xs sm:inline sm:text-sm">
        <span className="hidden sm:inline"> · </span>compared with {formatKpiRange(previousRange(range))} ·
        days in {timeZone.replace(/_/g, ' ')}
      </span>
    </p>
  );
}
