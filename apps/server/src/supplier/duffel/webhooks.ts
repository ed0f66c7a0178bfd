import { createHmac, timingSafeEqual } from 'node:crypto';
import { SupplierEvent } from '@skydesk/contract';
import type { RemoteOrderEvent } from '../remote-orders.js';

/**
 * Duffel's webhooks (Webhooks › Receiving webhooks): a POST of `{ id: 'wev_…', type, data: { object
 * }, … }` signed in `X-Duffel-Signature: t=<unix seconds>,v1=<hex>`, where v1 is HMAC-SHA256 with
 * the webhook's secret over `<t>.<raw body>` — the exact bytes received, so the body is read raw.
 * An event is taken only when its signature is right (compared in constant time) and its time is
 * within the tolerance of ours, so a captured event cannot be replayed later; delivery is at least
 * once, so a repeat within the tolerance is possible and the settlement it triggers is idempotent.
 */

/** The metadata key that names the portal's booking in every order (orders.ts writes it). */
export const BOOKING_METADATA_KEY = 'skydesk_booking_id';

const SIGNATURE = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

export function signDuffelBody(rawBody: string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

export function verifyDuffelSignature(
  rawBody: string,
  header: string | undefined,
  options: { secret: string; now: Date; toleranceSeconds: number },
): boolean {
  const match = SIGNATURE.exec(header ?? '');
  if (!match) return false;
  const timestamp = Number(match[1]);
  if (Math.abs(options.now.getTime() / 1000 - timestamp) > options.toleranceSeconds) return false;
  const expected = createHmac('sha256', options.secret).update(`${timestamp}.${rawBody}`).digest();
  const given = Buffer.from(match[2]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const TYPES: Record<string, RemoteOrderEvent['type']> = {
  'order.created': 'order_created',
  'order.updated': 'order_updated',
  'order.creation_failed': 'order_creation_failed',
  'payment.created': 'payment_created',
  'order_cancellation.confirmed': 'cancellation_confirmed',
  'order.airline_initiated_change_detected': 'airline_change',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A checked event, read into what the portal settles by; null when unsigned, stale or unreadable —
 * or when a string it holds is not one the portal keeps or looks up (the contract's SupplierEvent:
 * JSON escapes can spell a NUL or a bidirectional control in a signed body's strings).
 */
export function readDuffelEvent(
  rawBody: string,
  header: string | undefined,
  options: { secret: string; now: Date; toleranceSeconds: number },
): RemoteOrderEvent | null {
  if (!verifyDuffelSignature(rawBody, header, options)) return null;
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (typeof event !== 'object' || event === null) return null;
  const { id, type, data } = event as { id?: unknown; type?: unknown; data?: { object?: unknown } };
  const object = (typeof data?.object === 'object' && data.object !== null ? data.object : {}) as Record<
    string,
    unknown
  >;
  const metadata = (
    typeof object.metadata === 'object' && object.metadata !== null ? object.metadata : {}
  ) as Record<string, unknown>;
  const kind = (typeof type === 'string' ? TYPES[type] : undefined) ?? 'other';
  // An order event's object is the order (its id); a payment's, cancellation's or airline
  // change's names the order it is about.
  const orderId =
    kind === 'order_created' || kind === 'order_updated'
      ? text(object.id)
      : kind === 'order_creation_failed'
        ? null
        : text(object.order_id);
  // Metadata another system wrote is not ours: only a booking id SkyDesk could have written counts.
  const bookingId = text(metadata[BOOKING_METADATA_KEY]);
  const read = SupplierEvent.safeParse({
    id: text(id),
    type,
    booking_id: bookingId && UUID.test(bookingId) ? bookingId.toLowerCase() : null,
    order_id: orderId,
    change_id: kind === 'airline_change' ? text(object.id) : null,
  });
  if (!read.success) return null;
  return {
    id: read.data.id,
    name: read.data.type,
    type: kind,
    bookingId: read.data.booking_id,
    orderId: read.data.order_id,
    changeId: read.data.change_id,
  };
}
