import {
  AppError,
  type Invoice,
  type InvoicePage,
  type invoiceEndpoints,
  type ParsedQueryOf,
} from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../platform/http/principal.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { RateLimiter, RateRule } from '../../platform/security/rate-limit.js';
import { loadPricingSettings } from '../pricing/index.js';
import { invoiceMail } from './mail.js';
import { renderInvoicePdf } from './pdf.js';
import { presentInvoice, presentInvoiceSummary } from './presenter.js';
import {
  agencyZoneOf,
  countInvoices,
  findInvoice,
  type InvoiceFilter,
  invoiceBatches,
  invoicePage,
  linesOf,
  userNameOf,
} from './repo.js';

/**
 * The agency's client documents (docs/api.md#invoices): listed with filters and totals, one with
 * its lines, its PDF, and an e-mail to the client with the PDF attached. Read-only: documents are
 * issued by the events they bill (issue.ts), never here. Another agency's document reads as missing.
 */

export type InvoiceListQuery = ParsedQueryOf<typeof invoiceEndpoints.list>;

const notFound = () => new AppError('not_found', 'Invoice not found');

/** As the e-ticket's mail: a document to a few addresses, not a mail cannon (429 past these). */
export const INVOICE_MAIL_RULES = {
  perInvoice: { bucket: 'invoice-mail:invoice', limit: 10, windowSeconds: 3600 },
  perCompany: { bucket: 'invoice-mail:company', limit: 100, windowSeconds: 3600 },
} as const satisfies Record<string, RateRule>;

export function createInvoiceService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  rateLimiter: RateLimiter;
}) {
  const { db, clock } = deps;

  async function filterOf(principal: CompanyPrincipal, query: InvoiceListQuery): Promise<InvoiceFilter> {
    return {
      companyId: principal.companyId,
      timeZone: await agencyZoneOf(db, principal.companyId),
      kind: query.kind,
      from: query.from,
      to: query.to,
      q: query.q || undefined,
    };
  }

  async function one(principal: CompanyPrincipal, id: string): Promise<Invoice> {
    const record = await findInvoice(db, principal.companyId, id);
    if (!record) throw notFound();
    return presentInvoice(record, await linesOf(db, [record.id]));
  }

  async function pdf(principal: CompanyPrincipal, id: string) {
    const invoice = await one(principal, id);
    const settings = await loadPricingSettings(db, principal.companyId);
    return {
      invoice,
      pdf: await renderInvoicePdf({
        invoice,
        logo: settings.logo,
        generatedAt: clock.now(),
        timeZone: await agencyZoneOf(db, principal.companyId),
      }),
    };
  }

  return {
    async list(principal: CompanyPrincipal, query: InvoiceListQuery): Promise<InvoicePage> {
      const filter = await filterOf(principal, query);
      const [counted, records, settings] = await Promise.all([
        countInvoices(db, filter),
        invoicePage(db, filter, query.page, query.limit),
        loadPricingSettings(db, principal.companyId),
      ]);
      const currency = records[0]?.currency.trim() ?? settings.currency;
      const money = (minor: number) => ({ Amount: minor / 100, CurrencyCode: currency });
      return {
        items: records.map(presentInvoiceSummary),
        total: counted.count,
        totalPages: Math.ceil(counted.count / query.limit),
        totals: {
          billed: money(counted.billedMinor),
          net: money(counted.netMinor),
          margin: money(counted.marginMinor),
        },
      };
    },

    /** Every match, a batch at a time, for the CSV export. */
    async batches(principal: CompanyPrincipal, query: InvoiceListQuery) {
      return invoiceBatches(db, await filterOf(principal, query));
    },

    one,
    pdf,

    /** E-mails the document to `to`, or to the client's address on it (422 when it has none). */
    async send(
      principal: CompanyPrincipal,
      id: string,
      to: string | undefined,
    ): Promise<{ sentTo: string; invoice: Invoice }> {
      const { invoice, pdf: file } = await pdf(principal, id);
      const address = to ?? invoice.client.email;
      if (!address) {
        const problem = 'This client has no e-mail address: enter one';
        throw new AppError('validation', problem, { fieldErrors: { to: [problem] } });
      }
      await deps.rateLimiter.consume(INVOICE_MAIL_RULES.perInvoice, invoice.id);
      await deps.rateLimiter.consume(INVOICE_MAIL_RULES.perCompany, principal.companyId);
      const sender = await userNameOf(db, principal.userId);
      await deps.mailer.send(
        invoiceMail({ to: address, invoice, sender: sender ?? 'a colleague', pdf: file }),
      );
      return { sentTo: address, invoice };
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
