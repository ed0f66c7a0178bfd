import { type Invoice, type InvoicePage, type Money, minorToAmount } from '@skydesk/contract';
import type { StoredInvoiceParty } from '../../platform/db/schema.js';
import type { InvoiceLineRow, InvoiceRecord } from './repo.js';

/** The wire shape of a client document, made in one place (the list, the one, the PDF, the CSV). */

const money = (minor: number | string, currency: string): Money => ({
  Amount: minorToAmount(Number(minor)),
  CurrencyCode: currency,
});

const party = (stored: StoredInvoiceParty) => ({
  name: stored.name,
  email: stored.email ?? null,
  address: stored.address ?? null,
  tax_id: stored.tax_id ?? null,
});

export type InvoiceSummary = InvoicePage['items'][number];

export function presentInvoiceSummary(record: InvoiceRecord): InvoiceSummary {
  const currency = record.currency;
  return {
    id: record.id,
    number: record.number,
    kind: record.kind,
    against:
      record.against_id && record.against_number
        ? { id: record.against_id, number: record.against_number }
        : null,
    booking: { id: record.booking_id, pnr: record.pnr },
    reason: record.reason,
    issued_at: record.issued_at.toISOString(),
    client: party(record.client),
    subtotal: money(record.subtotal_minor, currency),
    tax:
      record.tax_name && record.tax_rate !== null
        ? {
            name: record.tax_name,
            rate: Number(record.tax_rate),
            base: money(record.tax_base_minor, currency),
            amount: money(record.tax_minor, currency),
          }
        : null,
    total: money(record.grand_total_minor, currency),
    net: money(record.net_minor, currency),
    margin: money(record.margin_minor, currency),
    issued_by: { id: record.issued_by, name: record.issued_by_name },
  };
}

export function presentInvoice(record: InvoiceRecord, lines: readonly InvoiceLineRow[]): Invoice {
  const currency = record.currency;
  return {
    ...presentInvoiceSummary(record),
    agency: {
      ...party(record.agency),
      phone: record.agency.phone ?? '',
      iata_number: record.agency.iata_number ?? null,
    },
    lines: lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      quantity: Number(line.quantity),
      unit_amount: money(line.unit_amount_minor, currency),
      amount: money(line.amount_minor, currency),
    })),
  };
}
