import { quoteEndpoints } from '@skydesk/contract';
import { REPLY_SENT } from '../../platform/http/endpoint-route.js';
import type { ModuleContext } from '../../platform/module.js';
import type { FlightSupplier } from '../../supplier/port.js';
import { createQuoteService } from './service.js';

/** Client quotes (issue 33): the agency's calls (bookings.create) and the client's public link. */
export function registerQuoteRoutes(
  { route, store, clock, config, platform }: ModuleContext,
  supplier: FlightSupplier,
) {
  const quotes = createQuoteService({
    db: store.db,
    clock,
    supplier,
    secretBox: platform.secretBox,
    mailer: platform.mailer,
    rateLimiter: platform.rateLimiter,
    publicUrl: config.publicUrl,
  });

  route(quoteEndpoints.create, async ({ principal, body }) => {
    const data = await quotes.create(principal, body);
    return { message: `Quote ${data.reference} created`, data };
  });

  route(quoteEndpoints.list, async ({ principal, query }) => ({
    message: 'Quotes',
    data: await quotes.list(principal, query),
  }));

  route(quoteEndpoints.one, async ({ principal, params }) => ({
    message: 'Quote',
    data: await quotes.one(principal, params.id),
  }));

  route(quoteEndpoints.pdf, async ({ principal, params, reply }) => {
    const { reference, pdf } = await quotes.pdf(principal, params.id);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="quote-${reference}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
    return REPLY_SENT;
  });

  route(quoteEndpoints.send, async ({ principal, params, body }) => {
    const data = await quotes.send(principal, params.id, body);
    return { message: `Quote ${data.reference} sent`, data };
  });

  route(quoteEndpoints.withdraw, async ({ principal, params }) => {
    const data = await quotes.withdraw(principal, params.id);
    return { message: `Quote ${data.reference} withdrawn: its link no longer opens`, data };
  });

  route(quoteEndpoints.optionOffer, async ({ principal, params }) => ({
    message: 'Option re-priced',
    data: await quotes.optionOffer(principal, params.id, params.option_id),
  }));

  route(quoteEndpoints.publicQuote, async ({ params, request, reply }) => {
    const data = await quotes.publicQuote(params.token, request.ip);
    // The client's page is theirs alone: no shared cache keeps it after a withdraw.
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return { message: 'Quote', data };
  });

  return quotes;
}
