import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { hasForbiddenCharacters, PRINTABLE_TOKEN, withoutBidiControls } from './text.js';

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

/**
 * Whether an event's raw text is one the portal may read, by the checks every stored string passes
 * (text.ts): JSON as Duffel writes it escapes every control character, so one found raw (or a
 * bidirectional control, or a lone surrogate) means it is not a supplier's event. Line breaks and
 * tabs may sit between JSON's tokens. Refused, never cleaned: the signature covers the exact bytes.
 */
export const isWebhookText = (text: string): boolean =>
  !hasForbiddenCharacters(text, true) && withoutBidiControls(text) === text;

/**
 * An id the supplier made ('wev_…', 'ord_…', 'ore_…', 'aic_…'), as an event carries it: printable
 * ASCII without spaces, as every id the portal reads back. JSON escapes can spell any character
 * (`"\u0000"`), so the text passing isWebhookText says nothing of the strings it holds: each is
 * checked again once parsed, before it is kept or looked up.
 */
const SupplierId = z.string().min(1).max(100).regex(PRINTABLE_TOKEN, 'Not a supplier id');

/**
 * A supplier's event as the portal reads it, once its signature is checked and its JSON parsed
 * (the adapter maps the supplier's own shape onto it; supplier/duffel/webhooks.ts). An event
 * that does not fit is answered as any unsigned one.
 */
export const SupplierEvent = z.strictObject({
  /** The supplier's event id: each is taken once. */
  id: SupplierId,
  /** The supplier's name of its type ('order.updated'). */
  type: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-z_]+(\.[a-z_]+)*$/, 'Not an event type'),
  /** SkyDesk's booking id, from the order's metadata, when the event carries one of ours. */
  booking_id: z.uuid().nullable(),
  /** The supplier's order the event is about, when it names one. */
  order_id: SupplierId.nullable(),
  /** An airline-initiated change's id, for such an event. */
  change_id: SupplierId.nullable(),
});
export type SupplierEvent = z.infer<typeof SupplierEvent>;

export const SUPPLIER_WEBHOOK_MESSAGES = {
  received: 'Event received',
  refused: 'This is not a signed event of the supplier',
  /** 503: the event was checked but could not be settled now; it is taken when sent again. */
  notNow: 'The event could not be settled now: send it again later',
} as const;

export const supplierWebhookEndpoints = {
  duffel: defineEndpoint({
    method: 'POST',
    path: '/api/webhooks/duffel',
    summary:
      "Duffel's order events (order.created, order.updated, order.creation_failed, order_cancellation.confirmed, order.airline_initiated_change_detected), signed in X-Duffel-Signature; any other request answers one 400. Each event id is taken once (a repeat answers 200); 503 when the booking's order cannot be looked up now (the event is taken when delivered again)",
    access: 'public',
    // The raw text of the event as Duffel sent it: the signature covers its exact bytes.
    body: z.string().max(1_000_000).refine(isWebhookText, 'Not an event').optional(),
    response: SupplierWebhookAnswer,
  }),
};
