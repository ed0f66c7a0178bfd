import { Readable } from 'node:stream';
import { invoiceEndpoints } from '@skydesk/contract';
import { REPLY_SENT } from '../../platform/http/endpoint-route.js';
import type { ModuleContext } from '../../platform/module.js';
import { invoicesCsv } from './csv.js';
import { createInvoiceService } from './service.js';

/** docs/api.md#invoices: the agency's own documents (its company is the caller's, never a parameter). */
export function registerInvoiceRoutes({ route, store, clock, platform }: ModuleContext) {
  const invoices = createInvoiceService({
    db: store.db,
    clock,
    mailer: platform.mailer,
    rateLimiter: platform.rateLimiter,
  });

  route(invoiceEndpoints.list, async ({ principal, query, reply }) => {
    if (query.format === 'json') return { message: 'Invoices', data: await invoices.list(principal, query) };
    const batches = await invoices.batches(principal, query);
    reply
      .header(
        'content-disposition',
        `attachment; filename="invoices-${clock.now().toISOString().slice(0, 10)}.csv"`,
      )
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .type('text/csv; charset=utf-8')
      .send(Readable.from(invoicesCsv(batches), { highWaterMark: 2 }));
    return REPLY_SENT;
  });

  route(invoiceEndpoints.one, async ({ principal, params }) => ({
    message: 'Invoice',
    data: await invoices.one(principal, params.id),
  }));

  route(invoiceEndpoints.pdf, async ({ principal, params, reply }) => {
    const { invoice, pdf } = await invoices.pdf(principal, params.id);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
    return REPLY_SENT;
  });

  route(invoiceEndpoints.send, async ({ principal, params, body }) => {
    const { sentTo, invoice } = await invoices.send(principal, params.id, body.to);
    return { message: `${invoice.number} e-mailed to ${sentTo}`, data: {} };
  });
}
