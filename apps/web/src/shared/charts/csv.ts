import { saveAs } from '../files/save-file';

export type CsvCell = string | number | null;

/**
 * A text cell a spreadsheet would run as a formula (=, +, -, @, a tab or a return first) is
 * prefixed with an apostrophe (OWASP "CSV injection"): route, airline and staff names come from
 * users. Numbers are written as numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as RFC 4180 CSV: comma-separated, quoted where needed, CRLF line ends. */
export const toCsv = (rows: CsvCell[][]): string =>
  rows.map((row) => row.map(csvCell).join(',')).join('\r\n');

/**
 * Hands CSV text to the browser as a download. A byte-order mark first: Excel otherwise reads
 * UTF-8 as the machine's code page and mangles "São Paulo" and "−".
 */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  saveAs(URL.createObjectURL(blob), fileName);
}

/** A file name from words: "Top routes", "2026-03-01" → "top-routes-2026-03-01.csv". */
export const csvFileName = (...parts: string[]): string =>
  `${parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.csv`;
