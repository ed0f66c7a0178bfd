import type { InvoiceRecord } from './repo.js';

/**
 * The invoices list as CSV, as the statement's export is made (RFC 4180, CRLF, a UTF-8 byte order
 * mark, amounts as plain decimals, text from people defused against CSV injection): one row per
 * document, every match of the filters, newest first. Credit notes carry negative amounts.
 */

export const INVOICE_CSV_COLUMNS = [
  'number',
  'kind',
  'against',
  'reason',
  'issued_at',
  'pnr',
  'client',
  'client_email',
  'subtotal',
  'tax_name',
  'tax',
  'total',
  'net',
  'margin',
  'currency',
  'issued_by',
] as const;

const BOM = '\uFEFF';
const CRLF = '\r\n';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell, defused (OWASP CSV injection) and quoted as RFC 4180 asks (the statement's rule). */
function textCell(value: string | null | undefined): string {
  if (!value) return '';
  const defused = FORMULA_START.test(value) ? `'${value}` : value;
  return defused !== value || NEEDS_QUOTES.test(defused) ? `"${defused.replaceAll('"', '""')}"` : defused;
}

/** Minor units as a decimal with two places: digits and one leading minus only. */
function amountCell(minor: number): string {
  const absolute = Math.abs(minor);
  const cents = String(absolute % 100).padStart(2, '0');
  return `${minor < 0 ? '-' : ''}${Math.floor(absolute / 100)}.${cents}`;
}

const row = (cells: string[]) => `${cells.join(',')}${CRLF}`;

function invoiceRow(record: InvoiceRecord): string {
  return row([
    textCell(record.number),
    record.kind,
    textCell(record.against_number),
    record.reason ?? '',
    record.issued_at.toISOString(),
    textCell(record.pnr),
    textCell(record.client.name),
    textCell(record.client.email),
    amountCell(Number(record.subtotal_minor)),
    textCell(record.tax_name),
    amountCell(Number(record.tax_minor)),
    amountCell(Number(record.grand_total_minor)),
    amountCell(Number(record.net_minor)),
    amountCell(Number(record.margin_minor)),
    record.currency.trim(),
    textCell(record.issued_by_name),
  ]);
}

export async function* invoicesCsv(batches: AsyncIterable<InvoiceRecord[]>): AsyncGenerator<string> {
  yield BOM + row([...INVOICE_CSV_COLUMNS]);
  for await (const records of batches) yield records.map(invoiceRow).join('');
}
