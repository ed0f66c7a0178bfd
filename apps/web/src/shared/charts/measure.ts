import type { KpiUnit } from '@skydesk/contract';
import { formatCredits } from '../format/credits';
import { formatCompactMoney } from '../format/money';
import { formatCompactCount, formatCount, formatHours, formatRatio } from '../format/number';

/** What a number on a chart is: its unit (the contract's KPI units) and, for money, its currency. */
export type Measure = { unit: KpiUnit; currency: string | null };

export const COUNT: Measure = { unit: 'count', currency: null };
export const money = (currency: string): Measure => ({ unit: 'money', currency });

/** A value as a person reads it: "1,204", "US$12,345.00", "12.3", "5.3 h", "12.5 %". */
export function formatMeasure(value: number, { unit, currency }: Measure): string {
  switch (unit) {
    case 'money':
      return formatCredits(value, currency ?? 'USD');
    case 'ratio':
      return formatRatio(value);
    case 'hours':
      return formatHours(value);
    case 'count':
      return formatCount(value);
    case 'percent':
      return `${formatRatio(value)} %`;
  }
}

/** The same, short enough for an axis: "US$12K", "1.2K". The exact figure is in the tooltip and table. */
export function formatMeasureAxis(value: number, { unit, currency }: Measure): string {
  if (unit === 'money') return formatCompactMoney(value, currency ?? 'USD');
  if (unit === 'hours') return `${formatCompactCount(value)} h`;
  if (unit === 'percent') return `${formatCompactCount(value)} %`;
  return formatCompactCount(value);
}

/** A value as a CSV cell: a plain number (spreadsheets add it up), money and ratios to two decimals. */
export const csvValue = (value: number, { unit }: Measure): number =>
  unit === 'count' ? value : Math.round(value * 100) / 100;

/** A column heading with its currency, for tables and CSV: "Spend (USD)". */
export const measuredLabel = (label: string, { unit, currency }: Measure): string =>
  unit === 'money' && currency ? `${label} (${currency})` : label;
