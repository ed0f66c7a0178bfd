import { z } from 'zod';
import { CalendarDate } from './calendar-date.js';
import { defineEndpoint } from './endpoint.js';
import { MAX_PAGE, Money } from './envelope.js';
import { Text } from './text.js';

/**
 * Issue 33: the agency's paperwork to its client. At issue, an invoice in the agency's own
 * numbering (`<prefix><year>-<6-digit sequence>`, one gapless sequence a year for invoices, credit
 * notes and supplementary invoices alike, even with many issues at once on two server processes).
 * An invoice is never edited once issued: a void, refund or exchange produces a credit note or a
 * supplementary invoice against the original.
 */

export const INVOICE_KINDS = ['invoice', 'credit_note', 'supplementary'] as const;
export const InvoiceKind = z.enum(INVOICE_KINDS);
export type InvoiceKind = z.infer<typeof InvoiceKind>;

/** What a line bills: a passenger's fare, a seat or bag, a service fee, or the tax on earnings. */
export const INVOICE_LINE_KINDS = ['fare', 'service', 'fee', 'tax'] as const;
export const InvoiceLineKind = z.enum(INVOICE_LINE_KINDS);
export type InvoiceLineKind = z.infer<typeof InvoiceLineKind>;

export const InvoiceLine = z.object({
  kind: InvoiceLineKind,
  /** "Fare — SMITH/JOHN MR (adult)", "Seat 14C LHR–JFK", "Booking fee", "VAT 20 % on earnings". */
  description: z.string(),
  quantity: z.number().int(),
  unit_amount: Money,
  /** quantity × unit_amount; negative on a credit note. */
  amount: Money,
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const InvoiceParty = z.object({
  name: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  tax_id: z.string().nullable(),
});
export type InvoiceParty = z.infer<typeof InvoiceParty>;

export const Invoice = z.object({
  id: z.uuid(),
  number: z.string(),
  kind: InvoiceKind,
  /** The invoice a credit note or supplementary invoice is against; null for an invoice. */
  against: z.object({ id: z.uuid(), number: z.string() }).nullable(),
  booking: z.object({ id: z.uuid(), pnr: z.string() }),
  /** Why a credit note or supplementary invoice was made: `void`, `refund`, `change`; null for an invoice. */
  reason: z.enum(['void', 'refund', 'change']).nullable(),
  issued_at: z.string(),
  agency: InvoiceParty.extend({ phone: z.string(), iata_number: z.string().nullable() }),
  client: InvoiceParty,
  lines: z.array(InvoiceLine),
  /** Before the tax line. */
  subtotal: Money,
  tax: z.object({ name: z.string(), rate: z.number(), base: Money, amount: Money }).nullable(),
  total: Money,
  /** What the agency paid for what this document bills (not printed); its margin is total − net − tax. */
  net: Money,
  margin: Money,
  issued_by: z.object({ id: z.uuid(), name: z.string() }),
});
export type Invoice = z.infer<typeof Invoice>;

export const InvoiceListQuery = z
  .strictObject({
    kind: InvoiceKind.optional(),
    /** Issue days, inclusive, in the agency's time zone. */
    from: CalendarDate().optional(),
    to: CalendarDate().optional(),
    /** A number, PNR or client name, or part of one. */
    q: Text({ max: 60 }).optional(),
    page: z.coerce.number().int().min(0).max(MAX_PAGE).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    /** `csv`: every match (no paging) as `text/csv`. */
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The end date is before the start date',
    path: ['to'],
  });
export type InvoiceListQuery = z.input<typeof InvoiceListQuery>;

export const InvoicePage = z.object({
  items: z.array(Invoice.omit({ lines: true, agency: true })),
  total: z.number().int(),
  totalPages: z.number().int(),
  /** Sums over every match: billed (credit notes negative), net and margin. */
  totals: z.object({ billed: Money, net: Money, margin: Money }),
});
export type InvoicePage = z.infer<typeof InvoicePage>;

export const SendInvoiceBody = z.strictObject({
  /** The client's address on the invoice when absent. */
  to: z.email('Enter a valid email').max(254).optional(),
});
export type SendInvoiceBody = z.input<typeof SendInvoiceBody>;

const IdParams = z.strictObject({ id: z.uuid() });

export const invoiceEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/invoices',
    summary: "The agency's invoices and credit notes, newest first, filtered and paged (format=csv exports)",
    access: 'company',
    permission: 'payments.view',
    query: InvoiceListQuery,
    response: InvoicePage,
  }),
  one: defineEndpoint({
    method: 'GET',
    path: '/api/invoices/{id}',
    summary: 'One invoice or credit note with its lines',
    access: 'company',
    permission: 'payments.view',
    params: IdParams,
    response: Invoice,
  }),
  /** A PDF, not a JSON envelope (apiBlob in the SPA). */
  pdf: defineEndpoint({
    method: 'GET',
    path: '/api/invoices/{id}.pdf',
    summary: 'The invoice or credit note as a PDF',
    access: 'company',
    permission: 'payments.view',
    params: IdParams,
    response: z.unknown(),
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/invoices/{id}/send',
    summary: 'E-mails the invoice or credit note, PDF attached',
    access: 'company',
    permission: 'payments.view',
    params: IdParams,
    body: SendInvoiceBody,
    response: z.object({}),
  }),
};
