import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { hasForbiddenCharacters } from './text.js';

/**
 * Events a remote supplier sends the portal (issue 29, docs/decisions/020-supplier-order-saga.md).
 * Duffel signs each: `X-Duffel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"
 * with DUFFEL_WEBHOOK_SECRET>`. The body is read as the raw text the signature covers; anything
 * that is not a fresh, correctly signed event answers the same 400, whatever was wrong with it. An
 * event only makes the server look the booking's order up at the supplier and settle it there, as
 * the reconciler would: no event moves credits by what it says.
 */
export const SupplierWebhookAnswer = z.object({ received: z.literal(true) });
export type SupplierWebhookAnswer = z.infer<typeof SupplierWebhookAnswer>;

const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * Whether an event's raw text is one the portal may read: JSON as Duffel writes it escapes every
 * control character, so one found raw (or a bidirectional control, or a lone surrogate) means it
 * is not a supplier's event. Line breaks and tabs may sit between JSON's tokens.
 */
export const isWebhookText = (text: string): boolean =>
  !hasForbiddenCharacters(text, true) && !BIDI_CONTROLS.test(text);

export const SUPPLIER_WEBHOOK_MESSAGES = {
  received: 'Event received',
  refused: 'This is not a signed event of the supplier',
} as const;

export const supplierWebhookEndpoints = {
  duffel: defineEndpoint({
    method: 'POST',
    path: '/api/webhooks/duffel',
    summary:
      "Duffel's order events (order.created, order.updated, order.creation_failed, order_cancellation.confirmed, order.airline_initiated_change_detected), signed in X-Duffel-Signature; any other request answers one 400",
    access: 'public',
    // The raw text of the event as Duffel sent it: the signature covers its exact bytes.
    body: z.string().max(1_000_000).refine(isWebhookText, 'Not an event').optional(),
    response: SupplierWebhookAnswer,
  }),
};
