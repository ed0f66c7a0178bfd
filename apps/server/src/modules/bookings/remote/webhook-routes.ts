import {
  AppError,
  isWebhookText,
  SUPPLIER_WEBHOOK_MESSAGES,
  supplierWebhookEndpoints,
} from '@skydesk/contract';
import type { FastifyInstance } from 'fastify';
import { createEndpointRegistrar } from '../../../platform/http/endpoint-route.js';
import type { ModuleContext } from '../../../platform/module.js';
import type { RemoteOrders } from '../../../supplier/remote-orders.js';
import { claimSupplierEvent, releaseSupplierEvent } from './repo.js';
import type { SupplierSaga } from './saga.js';

const received = { message: SUPPLIER_WEBHOOK_MESSAGES.received, data: { received: true as const } };

/**
 * `POST /api/webhooks/duffel` (docs/api.md; decision 020): Duffel's signed events. The signature
 * covers the body's exact bytes, so this one route reads its body as raw text — in a context of
 * its own, where the app's JSON parser (which would parse it first) is replaced by one that keeps
 * the text. Anything that is not a fresh, correctly signed event answers one 400, whatever was
 * wrong; an event of a booking SkyDesk does not know answers 200 (Duffel would only send it again).
 *
 * Each event is taken once per id (supplier_events): Duffel delivers at least once, and a repeat is
 * answered as received without doing anything. The event then settles its booking as the reconciler
 * would: it says what to look up, never what to credit. A settlement that fails (the supplier does
 * not answer the look-up) gives the event back and answers 503, so Duffel delivers it again later;
 * a step under way is settled by the reconciler meanwhile in any case.
 */
export async function registerSupplierWebhookRoutes(
  context: ModuleContext,
  app: FastifyInstance,
  remote: { orders: RemoteOrders; saga: SupplierSaga } | null,
) {
  const { guard, validateResponses } = app.skydesk;
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    // The same one answer for a body no supplier would send as for a wrong signature.
    raw.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
      const text = String(body);
      if (isWebhookText(text)) done(null, text);
      else done(new AppError('bad_request', SUPPLIER_WEBHOOK_MESSAGES.refused), undefined);
    });
    const route = createEndpointRegistrar(raw, {
      guard,
      validateResponses,
      tag: 'bookings',
      db: context.store.db,
      clock: context.clock,
    });
    route(supplierWebhookEndpoints.duffel, async ({ request, body }) => {
      const signature = request.headers['x-duffel-signature'];
      const event = remote?.orders.readEvent?.(
        body ?? '',
        typeof signature === 'string' ? signature : undefined,
        context.clock.now(),
      );
      if (!remote || !event) throw new AppError('bad_request', SUPPLIER_WEBHOOK_MESSAGES.refused);
      const first = await claimSupplierEvent(context.store.db, {
        supplier: 'duffel',
        eventId: event.id,
        type: event.name,
        bookingId: event.bookingId,
        at: context.clock.now(),
      });
      if (!first) return received;
      try {
        await remote.saga.handleEvent(event, 'duffel');
      } catch (error) {
        await releaseSupplierEvent(context.store.db, 'duffel', event.id);
        context.log.warn(
          { err: error, event: event.id, type: event.name },
          'a supplier event could not be settled now; the supplier delivers it again (and the reconciler settles a step under way)',
        );
        throw new AppError('unavailable', SUPPLIER_WEBHOOK_MESSAGES.notNow, { retryAfter: 60 });
      }
      return received;
    });
  });
}
