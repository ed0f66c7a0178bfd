import type { DuffelOrder, OrderCancellationAnswer } from './duffel-types.js';
import { duffelError } from './errors.js';
import { formatAmount, parseStoredAmount } from './money.js';
import type { BookingContext } from './orders.js';
import { type Page, paginate } from './pagination.js';
import { instantOfLocal } from './places.js';
import { createCancellationBody, parseData } from './requests.js';
import { flightKey } from './seat-maps.js';
import type { DuffelStore } from './store.js';

/**
 * Order Cancellations: a quote first (`refund_amount`, `refund_to`, `expires_at`, `confirmed_at`
 * null), then `…/actions/confirm` cancels the order. A hold awaiting payment refunds 0.00 to
 * 'awaiting_payment' (as the reference says); a paid order refunds its total less the fare's
 * refund penalty (seats are not refunded), or nothing when the fare is not refundable.
 */

function firstDeparture(order: DuffelOrder): Date {
  const segment = order.slices[0]!.segments[0]!;
  return instantOfLocal(segment.departing_at, segment.origin.time_zone);
}

function refundOf(order: DuffelOrder): { amount: number; to: OrderCancellationAnswer['refund_to'] } {
  if (order.payment_status.awaiting_payment) return { amount: 0, to: 'awaiting_payment' };
  const rule = order.conditions.refund_before_departure;
  if (!rule?.allowed) return { amount: 0, to: 'balance' };
  const seats = order.services
    .filter((service) => service.type === 'seat')
    .reduce((sum, service) => sum + parseStoredAmount(service.total_amount), 0);
  const penalty = rule.penalty_amount ? parseStoredAmount(rule.penalty_amount) : 0;
  return { amount: Math.max(0, parseStoredAmount(order.total_amount) - seats - penalty), to: 'balance' };
}

export function quoteCancellation(ctx: BookingContext, data: unknown): OrderCancellationAnswer {
  const { store } = ctx;
  const { order_id } = parseData(createCancellationBody, data);
  const order = store.orders.get(order_id);
  if (!order) throw duffelError.notFound();
  if (order.cancelled_at)
    throw duffelError.invalidState('already_cancelled', 'The provided order has already been cancelled.');
  const now = store.now();
  if (now.getTime() >= firstDeparture(order).getTime()) {
    throw duffelError.invalidState('flight_departed', 'The first flight of the order has departed.');
  }
  const refund = refundOf(order);
  const quote: OrderCancellationAnswer = {
    id: store.ids.next('ore'),
    order_id,
    refund_amount: formatAmount(refund.amount),
    refund_currency: order.total_currency,
    refund_to: refund.to,
    expires_at: new Date(now.getTime() + store.config.cancellationQuoteLifetimeMs).toISOString(),
    confirmed_at: null,
    created_at: now.toISOString(),
    live_mode: false,
    airline_credits: [],
  };
  store.cancellations.set(quote.id, quote);
  ctx.notify('order_cancellation.created', quote, quote.id);
  return quote;
}

export function getCancellation(store: DuffelStore, id: string): OrderCancellationAnswer {
  const quote = store.cancellations.get(id);
  if (!quote) throw duffelError.notFound();
  return quote;
}

export function listCancellations(store: DuffelStore, query: URLSearchParams): Page<OrderCancellationAnswer> {
  const orderId = query.get('order_id');
  const quotes = [...store.cancellations.values()].filter(
    (quote) => orderId === null || quote.order_id === orderId,
  );
  return paginate(quotes, query);
}

export function confirmCancellation(ctx: BookingContext, id: string): OrderCancellationAnswer {
  const { store } = ctx;
  const quote = getCancellation(store, id);
  const order = store.orders.get(quote.order_id)!;
  if (quote.confirmed_at)
    throw duffelError.invalidState('already_confirmed', 'This cancellation has already been confirmed.');
  if (order.cancelled_at)
    throw duffelError.invalidState('already_cancelled', 'The provided order has already been cancelled.');
  const now = store.now();
  if (now.getTime() > Date.parse(quote.expires_at)) {
    throw duffelError.invalidState(
      'cancellation_expired',
      'This cancellation quote has expired; create a new one.',
    );
  }
  quote.confirmed_at = now.toISOString();
  order.cancelled_at = quote.confirmed_at;
  order.cancellation = quote;
  order.available_actions = [];
  order.synced_at = quote.confirmed_at;
  // The seats go back on sale.
  for (const service of order.services) {
    if (service.type !== 'seat' || !service.metadata || !('designator' in service.metadata)) continue;
    const segment = order.slices
      .flatMap((slice) => slice.segments)
      .find((s) => service.segment_ids.includes(s.id));
    if (!segment) continue;
    store.takenSeats.get(flightKey(segment))?.delete(service.metadata.designator);
  }
  if (parseStoredAmount(quote.refund_amount ?? '0') > 0) {
    store.refunds.push({
      order_id: order.id,
      cancellation_id: quote.id,
      amount: quote.refund_amount ?? '0.00',
      currency: quote.refund_currency ?? order.total_currency,
      at: quote.confirmed_at,
    });
  }
  ctx.notify('order_cancellation.confirmed', quote, `${quote.id}-confirmed`);
  return quote;
}
