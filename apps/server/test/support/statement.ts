import { amountToMinor, type Statement } from '@skydesk/contract';
import { expect } from 'vitest';

/** Reading statements back in tests: the CSV as a spreadsheet would, and every page of a range. */

/** RFC 4180 rows (quoted fields with "" for a quote, CRLF between rows), the BOM dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index]!;
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && body[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

export type CsvStatement = {
  header: string[];
  openingMinor: number;
  closingMinor: number;
  lines: Record<string, string>[];
};

/** A CSV statement as records; amounts checked to be plain two-decimal numbers. */
export function readCsvStatement(text: string): CsvStatement {
  const [header = [], opening = [], ...rest] = parseCsv(text);
  const closing = rest.pop() ?? [];
  const record = (cells: string[]) =>
    Object.fromEntries(header.map((name, index) => [name, cells[index] ?? '']));
  const minor = (value: string | undefined) => {
    expect(value).toMatch(/^-?\d+\.\d{2}$/);
    return amountToMinor(Number(value));
  };
  expect(record(opening).kind).toBe('opening_balance');
  expect(record(closing).kind).toBe('closing_balance');
  return {
    header,
    openingMinor: minor(record(opening).running_balance),
    closingMinor: minor(record(closing).running_balance),
    lines: rest.map((cells) => {
      const line = record(cells);
      minor(line.amount);
      minor(line.running_balance);
      return line;
    }),
  };
}

export const minorOf = (amount: number) => amountToMinor(amount);

/** Checks one answer's arithmetic: opening + its lines' amounts = each running balance in turn. */
export function expectRunningBalances(opening: number, entries: Statement['entries']) {
  let balance = opening;
  for (const entry of entries) {
    balance += minorOf(entry.amount);
    expect(minorOf(entry.running_balance), `line ${entry.line}`).toBe(balance);
  }
  return balance;
}
