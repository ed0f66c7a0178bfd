import { formatDayWithYear } from '../format/date-time';
import { formatShare } from '../format/number';
import { type CsvCell, toCsv } from './csv';
import { csvValue, formatMeasure, type Measure, measuredLabel } from './measure';

/**
 * The numbers behind a chart, as one table: what its "Table" view shows and its "Export CSV"
 * saves, so the picture, the table and the file cannot disagree.
 */
export type ChartColumn =
  | { key: string; label: string; kind: 'text' }
  /** A calendar day 'YYYY-MM-DD': "Sun 1 Mar 2026" in the table, as written in the file. */
  | { key: string; label: string; kind: 'day' }
  /** A part of a whole, 0–1: "12.3 %" in the table, 0.123 in the file. */
  | { key: string; label: string; kind: 'share' }
  | { key: string; label: string; kind: 'measure'; measure: Measure };

export type ChartRow = Record<string, string | number | null>;

export type ChartTable = { columns: ChartColumn[]; rows: ChartRow[] };

/** A column of numbers: they line up on the right, words on the left. */
export const isNumericColumn = (column: ChartColumn): boolean =>
  column.kind === 'measure' || column.kind === 'share';

/** A cell as the table shows it. */
export function formatCell(column: ChartColumn, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (column.kind) {
    case 'text':
      return String(value);
    case 'day':
      return formatDayWithYear(String(value));
    case 'share':
      return formatShare(Number(value));
    case 'measure':
      return formatMeasure(Number(value), column.measure);
  }
}

/** A column's heading, with the currency of a money column: "Spend (USD)". */
export const columnLabel = (column: ChartColumn): string =>
  column.kind === 'measure' ? measuredLabel(column.label, column.measure) : column.label;

function csvOf(column: ChartColumn, value: string | number | null | undefined): CsvCell {
  if (value === null || value === undefined) return null;
  if (column.kind === 'measure') return csvValue(Number(value), column.measure);
  if (column.kind === 'share') return Math.round(Number(value) * 10_000) / 10_000;
  return value;
}

/** The table's rows under its headings, as the file's cells. */
export const tableCells = ({ columns, rows }: ChartTable): CsvCell[][] => [
  columns.map(columnLabel),
  ...rows.map((row) => columns.map((column) => csvOf(column, row[column.key]))),
];

/** The table as CSV text. */
export const tableCsv = (table: ChartTable): string => toCsv(tableCells(table));
