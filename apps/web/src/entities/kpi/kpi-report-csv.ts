import type { KpiPoint } from '@skydesk/contract';
import { CHART_COLORS } from '../../shared/charts/chart-colors';
import { type ChartTable, tableCells } from '../../shared/charts/chart-table';
import { type CsvCell, toCsv } from '../../shared/charts/csv';
import { dailyTable } from '../../shared/charts/daily-chart';
import { csvValue, measuredLabel } from '../../shared/charts/measure';
import type { KpiFigure } from './kpi-card';
import { type KpiRange, previousRange } from './kpi-range';

/**
 * A figure with its days, as the contract sends it; `none` when there was nothing to measure (an
 * average of no decisions), its value left blank rather than written as 0.
 */
export type KpiWithSeries = KpiFigure & { series: KpiPoint[]; none?: boolean };

type KpiReport = {
  /** "Demo Travels analytics", "SkyDesk platform figures". */
  title: string;
  range: KpiRange;
  timeZone: string;
  /** Every plain figure (those with a previous period): one line each, with the change. */
  figures: KpiWithSeries[];
  /** Breakdowns, each under its heading, in the same table their charts show. */
  sections: { title: string; table: ChartTable }[];
};

/** The change from the previous period as a fraction (0.25 for +25 %); none without earlier data. */
const changeOf = (value: number, previous: number | null): CsvCell =>
  previous === null || previous === 0 ? null : Math.round(((value - previous) / previous) * 10_000) / 10_000;

/**
 * Every figure of a range in one CSV file (issue 15), in blocks a spreadsheet reads: what the
 * file covers; each figure with the period before and the change; every figure per day; then each
 * breakdown under its heading. Numbers stay numbers, dates ISO.
 */
export function kpiReportCsv({ title, range, timeZone, figures, sections }: KpiReport): string {
  const previous = previousRange(range);
  const daily = figures.filter((figure) => figure.series.length > 0);
  const rows: CsvCell[][] = [
    [title],
    ['From', range.from, 'To', range.to],
    ['Compared with', previous.from, 'To', previous.to],
    ['Time zone', timeZone],
    [],
    ['Figure', 'Value', 'Previous period', 'Change', 'Unit'],
    ...figures.map((figure) => [
      measuredLabel(figure.label, figure),
      figure.none ? null : csvValue(figure.value, figure),
      figure.previous === null ? null : csvValue(figure.previous, figure),
      figure.none ? null : changeOf(figure.value, figure.previous),
      figure.unit,
    ]),
  ];
  if (daily.length > 0) {
    const table = dailyTable(
      daily.map((figure) => ({
        key: figure.key,
        label: figure.label,
        measure: figure,
        color: CHART_COLORS.indigo,
        points: figure.series,
      })),
    );
    rows.push([], ['Per day'], ...tableCells(table));
  }
  for (const section of sections) rows.push([], [section.title], ...tableCells(section.table));
  return toCsv(rows);
}
