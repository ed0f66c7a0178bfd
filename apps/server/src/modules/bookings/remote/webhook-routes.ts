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
import type { SupplierSaga } from './saga.js';

/**
 * `POST /api/webhooks/duffel` (docs/api.md; decision 020): Duffel's signed events. The signature
 * covers the body's exact bytes, so this one route reads its body as raw text — in a context of
 * its own, where the app's JSON parser (which would parse it first) is replaced by one that keeps
 * the text. Anything that is not a fresh, correctly signed event answers one 400, whatever was
 * wrong; an event of a booking SkyDesk does not know answers 200 (Duffel would only send it again).
 * The event then settles its booking as the reconciler would: it says what to look up, never what
 * to credit. A settlement that fails is left to the reconciler; the event is still taken.
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
      try {
        await remote.saga.handleEvent(event, 'duffel');
      } catch (error) {
        context.log.warn(
          { err: error, event: event.id, type: event.type },
          'a supplier event could not be settled now; the reconciler will',
        );
      }
      return { message: SUPPLIER_WEBHOOK_MESSAGES.received, data: { received: true as const } };
    });
  });
}
