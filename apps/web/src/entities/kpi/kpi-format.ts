/**
 * How a figure moved from the period before: up or down by a percentage of the previous value, or
 * nothing to compare with (no earlier data: a percentage of zero means nothing).
 */
export type KpiChange =
  | { direction: 'up' | 'down'; percent: number }
  | { direction: 'flat' }
  | { direction: 'none' };

export function kpiChange(value: number, previous: number | null): KpiChange {
  if (previous === null || previous === 0) return { direction: 'none' };
  if (value === previous) return { direction: 'flat' };
  const percent = (Math.abs(value - previous) / Math.abs(previous)) * 100;
  return { direction: value > previous ? 'up' : 'down', percent };
}

/** 12.345 → "12 %", 4.56 → "4.6 %", 0.04 → "<0.1 %": big moves whole, small ones to a tenth. */
export function formatPercent(percent: number): string {
  if (percent < 0.1) return '<0.1 %';
  return `${percent < 10 ? percent.toFixed(1) : Math.round(percent).toLocaleString('en-GB')} %`;
}

/**
 * Figures where a rise is bad news (refunds, cancellations, voids, waiting times): their arrows
 * read red going up. Ratios like look-to-book are neither: their arrows stay neutral.
 */
const LOWER_IS_BETTER = new Set([
  'refunds',
  'cancellations',
  'voids',
  'deposits_pending',
  'agency_approval_hours',
  'deposit_approval_hours',
]);
const NEUTRAL = new Set(['look_to_book']);

export type ChangeTone = 'good' | 'bad' | 'neutral';

/** Whether a move of this figure is good news, bad news or neither. */
export function changeTone(key: string, change: KpiChange): ChangeTone {
  if (change.direction !== 'up' && change.direction !== 'down') return 'neutral';
  if (NEUTRAL.has(key)) return 'neutral';
  const rising = change.direction === 'up';
  return rising !== LOWER_IS_BETTER.has(key) ? 'good' : 'bad';
}
