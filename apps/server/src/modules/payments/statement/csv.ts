import type { StatementLine } from './repo.js';
import type { StatementRange } from './service.js';

/**
 * The statement as CSV (RFC 4180: comma-separated, CRLF, fields with a comma, a quote or a line
 * break in double quotes), written a batch of lines at a time. It opens with a UTF-8 byte order
 * mark, so spreadsheets read agency names and notes in any script correctly.
 *
 * Amounts are plain decimals with two places ("-1250.00"), the balance before the range in an
 * opening row and after it in a closing row. Text that came from people (notes, bank references)
 * is defused against CSV injection as OWASP advises: a cell beginning with = + - @, a tab or a
 * carriage return gets a leading apostrophe and is quoted, so no spreadsheet runs it as a formula.
 */

export const STATEMENT_CSV_COLUMNS = [
  'line',
  'date',
  'kind',
  'amount',
  'running_balance',
  'currency',
  'booking_id',
  'pnr',
  'ticket_numbers',
  'transaction_id',
  'reference_no',
  'note',
] as const;

const BOM = '\uFEFF';
const CRLF = '\r\n';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell, defused (OWASP CSV injection) and quoted as RFC 4180 asks. */
export function textCell(value: string | null | undefined): string {
  if (!value) return '';
  const defused = FORMULA_START.test(value) ? `'${value}` : value;
  return defused !== value || NEEDS_QUOTES.test(defused) ? `"${defused.replaceAll('"', '""')}"` : defused;
}

/** Minor units as a decimal with two places: digits and one leading minus only, never a formula. */
export function amountCell(minor: number): string {
  const absolute = Math.abs(minor);
  const cents = String(absolute % 100).padStart(2, '0');
  return `${minor < 0 ? '-' : ''}${Math.floor(absolute / 100)}.${cents}`;
}

const row = (cells: string[]) => `${cells.join(',')}${CRLF}`;

function lineRow(line: StatementLine, currency: string): string {
  return row([
    String(line.seq),
    line.created_at.toISOString(),
    line.kind,
    amountCell(line.amount_minor),
    amountCell(line.balance_after_minor),
    currency,
    line.booking_id ?? '',
    textCell(line.pnr),
    textCell((line.ticket_numbers ?? []).join(' ')),
    line.transaction_id ?? '',
    textCell(line.reference_no),
    textCell(line.note),
  ]);
}

function balanceRow(
  kind: 'opening_balance' | 'closing_balance',
  day: string,
  minor: number,
  currency: string,
) {
  const label = kind === 'opening_balance' ? `Balance before ${day}` : `Balance at the end of ${day}`;
  return row(['', day, kind, '', amountCell(minor), currency, '', '', '', '', '', textCell(label)]);
}

/** The CSV text of a range, one chunk per batch of lines. */
export async function* statementCsv(
  range: StatementRange,
  batches: AsyncIterable<StatementLine[]>,
): AsyncGenerator<string> {
  const { currency } = range.holder;
  yield BOM +
    row([...STATEMENT_CSV_COLUMNS]) +
    balanceRow('opening_balance', range.from, range.openingMinor, currency);
  for await (const lines of batches) {
    yield lines.map((line) => lineRow(line, currency)).join('');
  }
  yield balanceRow('closing_balance', range.to, range.closingMinor, currency);
}
