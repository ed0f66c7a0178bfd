import type { KpiPoint } from '@skydesk/contract';
import type { Measure } from './measure';

/** One line of a daily chart, apart from the chart: the plot it loads lazily reads it without importing it back. */
export type DailySeries = {
  key: string;
  label: string;
  measure: Measure;
  color: string;
  /** One point per day, oldest first (the contract's `Kpi.series`). */
  points: KpiPoint[];
};
