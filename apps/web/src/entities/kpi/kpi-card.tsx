import type { Kpi } from '@skydesk/contract';
import { clsx } from 'clsx';
import { useId } from 'react';
import { formatMeasure } from '../../shared/charts/measure';
import { type ChangeTone, changeTone, formatPercent, kpiChange } from './kpi-format';

/** What a card shows of a figure (an agency's `Kpi` or the platform's `AdminKpi`). */
export type KpiFigure = Pick<Kpi, 'label' | 'value' | 'unit' | 'currency' | 'previous'> & { key: string };

type KpiCardProps = {
  kpi: KpiFigure;
  /** A line under the figure: what it counts ("Tickets issued"). */
  hint?: string;
  /** Said in place of the figure when there is nothing to measure (an average of no decisions). */
  none?: string;
  className?: string;
};

const toneClasses: Record<ChangeTone, string> = {
  good: 'text-emerald-700',
  bad: 'text-rose-700',
  neutral: 'text-slate-700',
};

/**
 * One figure of a range (issue 15): its value, and how it moved from the period of equal length
 * just before — ▲/▼ and the percentage, green when the move is good news for the agency, red when
 * it isn't (a rise in refunds is bad). Used by the analytics screens and the dashboard home.
 */
export function KpiCard({ kpi, hint, none, className }: KpiCardProps) {
  const labelId = useId();
  return (
    <article
      aria-labelledby={labelId}
      className={clsx(
        '@container min-w-0 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4',
        className,
      )}
    >
      {/* A long name wraps rather than being cut ("Average ticket value" on a phone). */}
      <p id={labelId} className="font-medium text-slate-600 text-xs uppercase tracking-wide">
        {kpi.label}
      </p>
      {/* Sized by the card's own width, not the window's: two cards to a row inside a phone's card
          leave 8 rem, where "US$60,301.04" broke over two lines at text-lg. */}
      {none ? (
        <p className="mt-1 text-slate-500 text-sm">{none}</p>
      ) : (
        <>
          <p className="mt-1 break-words font-semibold text-base text-slate-900 tabular-nums @min-[9rem]:text-lg @min-[12rem]:text-2xl">
            {formatMeasure(kpi.value, kpi)}
          </p>
          {kpi.previous !== null && <KpiChangeLine kpi={kpi} previous={kpi.previous} />}
        </>
      )}
      {hint && <p className="mt-0.5 text-slate-500 text-xs">{hint}</p>}
    </article>
  );
}

function KpiChangeLine({ kpi, previous }: { kpi: KpiFigure; previous: number }) {
  const change = kpiChange(kpi.value, previous);
  const before = formatMeasure(previous, kpi);
  if (change.direction === 'none')
    return <p className="mt-1 text-slate-500 text-xs sm:text-sm">No earlier data</p>;
  if (change.direction === 'flat')
    return (
      <p className="mt-1 text-slate-600 text-xs sm:text-sm">
        No change <span className="text-slate-500">on the period before</span>
      </p>
    );
  const tone = changeTone(kpi.key, change);
  const arrow = change.direction === 'up' ? '▲' : '▼';
  const percent = formatPercent(change.percent);
  return (
    <p className="mt-1 flex flex-wrap items-baseline gap-x-1.5 text-xs sm:text-sm">
      <span className={clsx('font-semibold tabular-nums', toneClasses[tone])}>
        <span aria-hidden="true">{arrow} </span>
        <span className="sr-only">{change.direction === 'up' ? 'Up' : 'Down'} </span>
        {percent}
      </span>
      <span className="text-slate-500 tabular-nums">
        <span aria-hidden="true">vs </span>
        <span className="sr-only">from </span>
        {before}
      </span>
    </p>
  );
}

/** Grey cards where figures will be, read out as loading. */
export function KpiCardsSkeleton({
  count,
  label = 'Loading the figures',
  className = 'lg:grid-cols-3',
}: {
  count: number;
  label?: string;
  /** The grid's columns on wider screens, as the cards will have them. */
  className?: string;
}) {
  return (
    <div role="status" aria-label={label} className={clsx('grid grid-cols-2 gap-3', className)}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart
        <div key={i} className="h-24 animate-pulse rounded-2xl bg-slate-200/70 sm:h-28" />
      ))}
    </div>
  );
}
