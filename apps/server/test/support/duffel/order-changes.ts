import { z } from 'zod';
import { CARRIERS } from './carriers.js';
import type { DuffelOrder, OfferSlice, OrderDocument, OrderSlice, Place } from './duffel-types.js';
import { duffelError } from './errors.js';
import { formatAmount, parseStoredAmount } from './money.js';
import { type GeneratedOffer, generateOffers, type Search } from './offer-generation.js';
import type { BookingContext } from './orders.js';
import { type Page, paginate } from './pagination.js';
import { instantOfLocal, placeForSearch } from './places.js';
import { parseData } from './requests.js';
import { flightKey } from './seat-maps.js';
import type { DuffelStore } from './store.js';

/**
 * Order changes (issue 32): Duffel's voluntary change flow after booking, in the reference's four
 * steps — Order Change Requests › Create (`slices: { remove: [{ slice_id }], add: [{ origin,
 * destination, departure_date, cabin_class }] }`) answers the airline's order change offers; Order
 * Changes › Create (`selected_order_change_offer`) makes a pending change; Order Changes › Confirm
 * takes a `balance` payment of exactly `change_total_amount` only when it is positive, and returns
 * the residual (a negative `change_total_amount`) to `refund_to`. The order keeps its id and
 * booking reference: its removed slices are replaced by the added ones and every passenger's
 * e-ticket is reissued under a new number.
 *
 * The amounts (all in the order's currency) are made up the way the airline prices a change:
 * `new_total_amount` is the fare of the trip as it would be bought today (the kept slices at their
 * share of the fare paid, the new ones at today's price in the same brand); the fare difference is
 * the new slices' price less the removed slices' share; `penalty_total_amount` is the order's
 * `change_before_departure` penalty (once per change); `change_total_amount` is their sum.
 * Seats on removed flights are dropped (the new flights have other seats); bags move with their slice.
 *
 * Names are the reference's (`penalty_total_amount`, `penalty_total_currency`); the official client's
 * 4.x types still call the offer's `penalty_amount`, which is not what the API sends.
 */

export type ChangeOfferSlice = Omit<OrderSlice, 'conditions'> & { conditions?: OrderSlice['conditions'] };

export type OrderChangeOfferAnswer = {
  id: string;
  order_change_id: string | null;
  slices: { add: ChangeOfferSlice[]; remove: ChangeOfferSlice[] };
  change_total_amount: string;
  change_total_currency: string;
  penalty_total_amount: string;
  penalty_total_currency: string;
  new_total_amount: string;
  new_total_currency: string;
  refund_to: 'original_form_of_payment' | null;
  expires_at: string;
  created_at: string;
  updated_at: string;
  live_mode: boolean;
};

export type OrderChangeRequestAnswer = {
  id: string;
  order_id: string;
  slices: {
    remove: { slice_id: string }[];
    add: { origin: Place; destination: Place; departure_date: string; cabin_class: string | null }[];
  };
  order_change_offers: OrderChangeOfferAnswer[];
  created_at: string;
  updated_at: string;
  live_mode: boolean;
};

export type OrderChangeAnswer = {
  id: string;
  order_id: string;
  slices: { add: ChangeOfferSlice[]; remove: ChangeOfferSlice[] };
  change_total_amount: string;
  change_total_currency: string;
  penalty_total_amount: string;
  penalty_total_currency: string;
  new_total_amount: string;
  new_total_currency: string;
  refund_to: 'original_form_of_payment' | null;
  expires_at: string;
  confirmed_at: string | null;
  created_at: string;
  live_mode: boolean;
};

/** What the server keeps beside an offer: the request it answered and the new slices in full. */
export type OrderChangeOfferRecord = {
  answer: OrderChangeOfferAnswer;
  requestId: string;
  orderId: string;
  removedSliceIds: string[];
  added: OfferSlice[];
};

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be an ISO 8601 date (YYYY-MM-DD)');
const iata = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter IATA code');

const createChangeRequestBody = z.object({
  order_id: z.string().min(1),
  slices: z.object({
    remove: z.array(z.object({ slice_id: z.string().min(1) })).min(1),
    add: z
      .array(
        z.object({
          origin: iata,
          destination: iata,
          departure_date: isoDate,
          cabin_class: z.enum(['first', 'business', 'premium_economy', 'economy']).nullable().optional(),
        }),
      )
      .min(1),
  }),
  private_fares: z.unknown().optional(),
});

const createChangeBody = z.object({ selected_order_change_offer: z.string().min(1) });

const confirmChangeBody = z.object({
  payment: z
    .object({
      type: z.enum(['balance', 'arc_bsp_cash']),
      amount: z.string().regex(/^\d+(\.\d{1,2})?$/, 'must be a decimal amount such as "30.20"'),
      currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code'),
    })
    .optional(),
});

function findOrder(store: DuffelStore, id: string): DuffelOrder {
  const order = store.orders.get(id);
  if (!order) throw duffelError.notFound();
  return order;
}

const firstDepartureOf = (slice: {
  segments: { departing_at: string; origin: { time_zone?: string | null } }[];
}) => instantOfLocal(slice.segments[0]!.departing_at, slice.segments[0]!.origin.time_zone ?? 'UTC');

/** What the order's services cost (they are not part of the fare a change reprices). */
const servicesMinor = (order: DuffelOrder) =>
  order.services.reduce((sum, service) => sum + parseStoredAmount(service.total_amount), 0);

function asChangeSlice(slice: OfferSlice | OrderSlice): ChangeOfferSlice {
  return {
    id: slice.id,
    origin: slice.origin,
    origin_type: slice.origin_type,
    destination: slice.destination,
    destination_type: slice.destination_type,
    duration: slice.duration,
    fare_brand_name: slice.fare_brand_name,
    segments: slice.segments.map((segment) => ({
      ...structuredClone(segment),
      passengers: segment.passengers.map((passenger) => ({
        passenger_id: passenger.passenger_id,
        cabin_class: passenger.cabin_class,
        cabin_class_marketing_name: passenger.cabin_class_marketing_name,
        baggages: passenger.baggages,
      })),
    })) as OrderSlice['segments'],
  };
}

/** Order Change Requests › Create: the airline's offers for the slices asked for, in the order's brand. */
export function createOrderChangeRequest(ctx: BookingContext, data: unknown): OrderChangeRequestAnswer {
  const { store } = ctx;
  const body = parseData(createChangeRequestBody, data);
  const order = findOrder(store, body.order_id);
  if (order.cancelled_at)
    throw duffelError.invalidState('already_cancelled', 'The order has been cancelled.');
  if (order.payment_status.awaiting_payment) {
    throw duffelError.invalidState('order_awaiting_payment', 'Pay for the order before changing it.');
  }
  const now = store.now();
  const today = now.toISOString().slice(0, 10);
  const removed = body.slices.remove.map(({ slice_id }, i) => {
    const slice = order.slices.find((s) => s.id === slice_id);
    if (!slice) {
      throw duffelError.invalidFields([
        { field: `slices.remove.${i}.slice_id`, message: 'must be a slice of the order' },
      ]);
    }
    return slice;
  });
  for (const slice of removed) {
    if (!slice.conditions?.change_before_departure?.allowed) {
      throw duffelError.validation('change_not_allowed', 'The fare of this slice does not allow changes.');
    }
    if (firstDepartureOf(slice).getTime() <= now.getTime()) {
      throw duffelError.invalidState('flight_departed', 'A flight of this slice has departed.');
    }
  }
  const past = body.slices.add.findIndex((slice) => slice.departure_date < today);
  if (past >= 0) {
    throw duffelError.invalidFields([
      { field: `slices.add.${past}.departure_date`, message: 'must not be in the past' },
    ]);
  }
  const cabinClass =
    body.slices.add[0]!.cabin_class ?? order.slices[0]!.segments[0]!.passengers[0]?.cabin_class ?? 'economy';
  const search: Search = {
    slices: body.slices.add.map((slice) => {
      const origin = placeForSearch(slice.origin);
      const destination = placeForSearch(slice.destination);
      return {
        origin: origin.place,
        from: origin.airport,
        destination: destination.place,
        to: destination.airport,
        date: slice.departure_date,
      };
    }),
    // The order's own passenger ids: the change offer's segments name them.
    passengers: order.passengers.map((passenger) => ({ id: passenger.id, type: passenger.type, age: null })),
    cabinClass,
    maxConnections: 1,
  };
  // The same airline in the same brand: a change keeps the fare's conditions.
  const brand = removed[0]!.fare_brand_name;
  const carrier = CARRIERS.find((c) => c.airline.iata_code === order.owner.iata_code);
  const generated: GeneratedOffer[] = generateOffers(search, {
    seed: store.seed,
    now,
    currency: order.total_currency,
    ids: store.ids,
    offerLifetimeMs: store.config.changeOfferLifetimeMs,
    holdLifetimeMs: store.config.holdLifetimeMs,
  }).filter((g) => g.carrier === carrier && g.brand.name === brand);

  const fareMinor = parseStoredAmount(order.total_amount) - servicesMinor(order);
  const removedMinor = Math.round((fareMinor * removed.length) / order.slices.length);
  const penaltyRule = order.conditions.change_before_departure;
  const penaltyMinor = penaltyRule?.penalty_amount ? parseStoredAmount(penaltyRule.penalty_amount) : 0;
  const requestId = store.ids.next('ocr');
  const offers = generated.map((g): OrderChangeOfferAnswer => {
    const addedMinor = parseStoredAmount(g.offer.total_amount);
    const changeMinor = addedMinor - removedMinor + penaltyMinor;
    const expiresAt = Math.min(
      now.getTime() + store.config.changeOfferLifetimeMs,
      g.firstDepartureAt.getTime(),
    );
    const answer: OrderChangeOfferAnswer = {
      id: store.ids.next('oco'),
      order_change_id: null,
      slices: { add: g.offer.slices.map(asChangeSlice), remove: removed.map(asChangeSlice) },
      change_total_amount: formatAmount(changeMinor),
      change_total_currency: order.total_currency,
      penalty_total_amount: formatAmount(penaltyMinor),
      penalty_total_currency: order.total_currency,
      new_total_amount: formatAmount(fareMinor - removedMinor + addedMinor),
      new_total_currency: order.total_currency,
      refund_to: changeMinor < 0 ? 'original_form_of_payment' : null,
      expires_at: new Date(expiresAt).toISOString(),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      live_mode: false,
    };
    store.orderChangeOffers.set(answer.id, {
      answer,
      requestId,
      orderId: order.id,
      removedSliceIds: removed.map((slice) => slice.id),
      added: g.offer.slices,
    });
    return answer;
  });
  const request: OrderChangeRequestAnswer = {
    id: requestId,
    order_id: order.id,
    slices: {
      remove: body.slices.remove,
      add: search.slices.map((slice, i) => ({
        origin: slice.origin,
        destination: slice.destination,
        departure_date: slice.date,
        cabin_class: body.slices.add[i]!.cabin_class ?? null,
      })),
    },
    order_change_offers: offers,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    live_mode: false,
  };
  store.orderChangeRequests.set(request.id, { ...request, order_change_offers: [] });
  return structuredClone(request);
}

export function getOrderChangeRequest(store: DuffelStore, id: string): OrderChangeRequestAnswer {
  const request = store.orderChangeRequests.get(id);
  if (!request) throw duffelError.notFound();
  const offers = [...store.orderChangeOffers.values()]
    .filter((record) => record.requestId === id)
    .map((record) => record.answer);
  return structuredClone({ ...request, order_change_offers: offers });
}

/** Order Change Offers › List (`order_change_request_id`), paginated. */
export function listOrderChangeOffers(
  store: DuffelStore,
  query: URLSearchParams,
): Page<OrderChangeOfferAnswer> {
  const requestId = query.get('order_change_request_id');
  const offers = [...store.orderChangeOffers.values()]
    .filter((record) => requestId === null || record.requestId === requestId)
    .map((record) => record.answer);
  return structuredClone(paginate(offers, query));
}

export function getOrderChangeOffer(store: DuffelStore, id: string): OrderChangeOfferAnswer {
  const record = store.orderChangeOffers.get(id);
  if (!record) throw duffelError.notFound();
  return structuredClone(record.answer);
}

/** Order Changes › Create: a pending change from one offer, not yet paid nor applied. */
export function createOrderChange(ctx: BookingContext, data: unknown): OrderChangeAnswer {
  const { store } = ctx;
  const body = parseData(createChangeBody, data);
  const record = store.orderChangeOffers.get(body.selected_order_change_offer);
  if (!record) throw duffelError.notFound();
  const order = findOrder(store, record.orderId);
  if (order.cancelled_at)
    throw duffelError.invalidState('already_cancelled', 'The order has been cancelled.');
  const now = store.now();
  if (now.getTime() > Date.parse(record.answer.expires_at)) throw duffelError.offerNoLongerAvailable();
  if (record.answer.order_change_id) {
    throw duffelError.invalidState(
      'order_change_exists',
      'An order change was already created from this offer.',
    );
  }
  const offer = record.answer;
  const change: OrderChangeAnswer = {
    id: store.ids.next('oce'),
    order_id: order.id,
    slices: structuredClone(offer.slices),
    change_total_amount: offer.change_total_amount,
    change_total_currency: offer.change_total_currency,
    penalty_total_amount: offer.penalty_total_amount,
    penalty_total_currency: offer.penalty_total_currency,
    new_total_amount: offer.new_total_amount,
    new_total_currency: offer.new_total_currency,
    refund_to: offer.refund_to,
    expires_at: offer.expires_at,
    confirmed_at: null,
    created_at: now.toISOString(),
    live_mode: false,
  };
  offer.order_change_id = change.id;
  offer.updated_at = now.toISOString();
  store.orderChanges.set(change.id, { answer: change, offerId: offer.id });
  return structuredClone(change);
}

export function getOrderChange(store: DuffelStore, id: string): OrderChangeAnswer {
  const record = store.orderChanges.get(id);
  if (!record) throw duffelError.notFound();
  return structuredClone(record.answer);
}

/** An order slice from an offer slice, keeping the removed slice's conditions (same brand). */
function orderSliceOf(added: OfferSlice, conditions: OrderSlice['conditions']): OrderSlice {
  return { ...(asChangeSlice(added) as OrderSlice), conditions };
}

/**
 * Order Changes › Confirm: pays `change_total_amount` when positive (one `balance` payment of
 * exactly it; none otherwise), applies the change to the order and reissues its e-tickets.
 */
export function confirmOrderChange(ctx: BookingContext, id: string, data: unknown): OrderChangeAnswer {
  const { store } = ctx;
  const record = store.orderChanges.get(id);
  if (!record) throw duffelError.notFound();
  const change = record.answer;
  const body = parseData(confirmChangeBody, data ?? {});
  if (change.confirmed_at)
    throw duffelError.invalidState('already_confirmed', 'This order change was already confirmed.');
  const order = findOrder(store, change.order_id);
  if (order.cancelled_at)
    throw duffelError.invalidState('already_cancelled', 'The order has been cancelled.');
  const now = store.now();
  if (now.getTime() > Date.parse(change.expires_at)) throw duffelError.offerNoLongerAvailable();
  const offer = store.orderChangeOffers.get(record.offerId)!;
  // Every slice replaced must still be on the order (another change may have replaced it).
  if (!offer.removedSliceIds.every((sliceId) => order.slices.some((slice) => slice.id === sliceId))) {
    throw duffelError.offerNoLongerAvailable();
  }
  const changeMinor = Math.round(Number(change.change_total_amount) * 100);
  if (changeMinor > 0) {
    const payment = body.payment;
    if (!payment) {
      throw duffelError.invalidFields([
        { field: 'payment', message: 'is required when change_total_amount is positive' },
      ]);
    }
    if (payment.type !== 'balance') {
      throw duffelError.validation(
        'unavailable_feature',
        'Only payments from the Duffel balance are available in test mode.',
      );
    }
    if (
      payment.currency !== change.change_total_currency ||
      parseStoredAmount(payment.amount) !== changeMinor
    ) {
      throw duffelError.validation(
        'invalid_payment_amount',
        `The payment must be ${change.change_total_amount} ${change.change_total_currency}, the change's total.`,
      );
    }
  } else if (body.payment) {
    throw duffelError.invalidFields([
      { field: 'payment', message: 'is taken only when change_total_amount is positive' },
    ]);
  }

  // Apply: each removed slice is replaced in place by the added one of the same rank.
  const removedSegments = new Set<string>();
  const segmentMap = new Map<string, string[]>();
  offer.removedSliceIds.forEach((sliceId, i) => {
    const index = order.slices.findIndex((slice) => slice.id === sliceId);
    const before = order.slices[index]!;
    const added = offer.added[i];
    for (const segment of before.segments) removedSegments.add(segment.id);
    if (added) {
      for (const segment of before.segments)
        segmentMap.set(
          segment.id,
          added.segments.map((s) => s.id),
        );
      order.slices[index] = orderSliceOf(added, before.conditions);
    } else {
      order.slices.splice(index, 1);
    }
  });
  // Slices added beyond the removed ones (a change that adds a slice) go at the end.
  for (const added of offer.added.slice(offer.removedSliceIds.length)) {
    order.slices.push(orderSliceOf(added, order.slices[0]!.conditions));
  }
  const keptServices = order.services.filter((service) => {
    if (!service.segment_ids.some((segmentId) => removedSegments.has(segmentId))) return true;
    if (service.type === 'seat') {
      const meta = service.metadata as { designator?: string } | undefined;
      const segment = offer.answer.slices.remove
        .flatMap((slice) => slice.segments)
        .find((s) => service.segment_ids.includes(s.id));
      if (segment && meta?.designator) {
        store.takenSeats.get(flightKey(segment))?.delete(meta.designator);
      }
      return false;
    }
    service.segment_ids = [...new Set(service.segment_ids.flatMap((s) => segmentMap.get(s) ?? [s]))];
    return true;
  });
  order.services = keptServices;
  const prefix = order.documents?.find((d) => d.type === 'electronic_ticket')?.unique_identifier.slice(0, 3);
  const reissued: OrderDocument[] = order.passengers.map((passenger) => ({
    type: 'electronic_ticket',
    unique_identifier: store.ids.documentNumber(prefix ?? '999'),
    passenger_ids: [passenger.id],
  }));
  order.documents = [
    ...reissued,
    ...(order.documents ?? []).filter((document) => document.type !== 'electronic_ticket'),
  ];
  const keptServicesMinor = servicesMinor(order);
  const newFareMinor = parseStoredAmount(change.new_total_amount);
  const taxMinor = order.tax_amount ? parseStoredAmount(order.tax_amount) : 0;
  order.total_amount = formatAmount(newFareMinor + keptServicesMinor);
  order.base_amount = formatAmount(Math.max(0, newFareMinor + keptServicesMinor - taxMinor));
  const at = now.toISOString();
  if (changeMinor > 0) {
    store.payments.push({
      id: store.ids.next('pay'),
      order_id: order.id,
      type: 'balance',
      amount: formatAmount(changeMinor),
      currency: change.change_total_currency,
      status: 'succeeded',
      live_mode: false,
      created_at: at,
      purpose: 'order_change',
    });
  } else if (changeMinor < 0) {
    store.refunds.push({
      order_id: order.id,
      cancellation_id: null,
      order_change_id: change.id,
      amount: formatAmount(-changeMinor),
      currency: change.change_total_currency,
      at,
    });
  }
  change.confirmed_at = at;
  order.synced_at = at;
  ctx.notify('order.updated', order, `${order.id}-${order.synced_at}`);
  return structuredClone(change);
}
