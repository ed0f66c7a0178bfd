import type { PassengerType } from '@skydesk/contract';
import {
  type CreateRemoteOrder,
  type RemoteBag,
  type RemoteCancellation,
  type RemoteOrder,
  type RemoteOrderAnswer,
  type RemoteOrderEvent,
  type RemoteOrders,
  SupplierCallError,
  type SupplierMoney,
} from '../remote-orders.js';
import type { DuffelHttp } from './http.js';
import { BOOKING_METADATA_KEY, readDuffelEvent } from './webhooks.js';

/**
 * Duffel's orders as the order saga asks for them (supplier/remote-orders.ts;
 * docs/decisions/020-supplier-order-saga.md). Each function is one call (pay: one call and a read),
 * so the booking service can record the step before it and settle it after:
 *
 * - an order carries the portal's booking id in its metadata (`skydesk_booking_id`), so an order
 *   whose answer was lost is found again by listing orders (Duffel's list has no metadata filter:
 *   it is paged through, narrowed by a passenger's name where one is given);
 * - a hold order (`type: 'hold'`; the official client still says `pay_later`, which Duffel reads as
 *   the same) is made without payment, an instant one with exactly one `balance` payment of the
 *   offer's total in its currency — with its services (seats, bags: `services: [{ id, quantity }]`)
 *   counted in, as the offer's price already counts them (remote-orders.ts `withServices`);
 * - `202 Accepted` is an order Duffel confirms later (by webhook): `{ status: 'pending' }`.
 *
 * Failures are the HTTP client's SupplierCallErrors (http.ts): this file never retries a write.
 */

export { BOOKING_METADATA_KEY };

/** Pages of 200 orders read at most when looking for a booking's orders (10,000 orders). */
const MAX_ORDER_PAGES = 50;
const PAGE_SIZE = 200;

/** What this file reads of Duffel's order (Orders › schema), as the API answers it. */
type DuffelOrderAnswer = {
  id: string;
  booking_reference: string;
  created_at: string;
  cancelled_at: string | null;
  total_amount: string;
  total_currency: string;
  metadata: Record<string, string> | null;
  passengers: { id: string }[];
  documents: { type: string; unique_identifier: string; passenger_ids: string[] }[] | null;
  services?: {
    id: string;
    type: string;
    passenger_ids: string[];
    segment_ids: string[];
    quantity: number;
  }[];
  slices?: { id: string; segments: { id: string }[] }[];
  payment_status: {
    awaiting_payment: boolean;
    payment_required_by: string | null;
    price_guarantee_expires_at: string | null;
  };
};

type DuffelPendingOrder = { id: string; status?: string };

type DuffelCancellationAnswer = {
  id: string;
  order_id: string;
  refund_amount: string | null;
  refund_currency: string | null;
  expires_at: string | null;
  confirmed_at: string | null;
};

/** Duffel's titles: a boy ('MSTR' in a passport's terms) is 'mr' there. */
const TITLE: Record<string, string> = { MR: 'mr', MRS: 'mrs', MS: 'ms', MISS: 'miss', MSTR: 'mr' };

const DUFFEL_TYPE: Record<PassengerType, string> = {
  adult: 'adult',
  child: 'child',
  infant: 'infant_without_seat',
};

const at = (value: string | null | undefined): Date | null => (value ? new Date(value) : null);

/** The earlier of two instants, either possibly unknown. */
function earliest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a.getTime() <= b.getTime() ? a : b;
}

export function toRemoteOrder(order: DuffelOrderAnswer): RemoteOrder {
  const state = order.cancelled_at ? 'cancelled' : order.payment_status.awaiting_payment ? 'held' : 'paid';
  const position = new Map(order.passengers.map((passenger, index) => [passenger.id, index]));
  const tickets = (order.documents ?? [])
    .filter((document) => document.type === 'electronic_ticket')
    .flatMap((document) => {
      const passengerId = document.passenger_ids[0];
      const index = passengerId === undefined ? undefined : position.get(passengerId);
      return passengerId === undefined || index === undefined
        ? []
        : [{ passengerIndex: index, passengerId, number: document.unique_identifier }];
    });
  const emds = (order.documents ?? [])
    .filter((document) => document.type === 'electronic_miscellaneous_document_associated')
    .flatMap((document) => {
      const passengerId = document.passenger_ids[0];
      return passengerId === undefined ? [] : [{ passengerId, number: document.unique_identifier }];
    });
  return {
    id: order.id,
    bookingId: order.metadata?.[BOOKING_METADATA_KEY] ?? null,
    reference: order.booking_reference,
    state,
    total: { amount: order.total_amount, currency: order.total_currency },
    payBy:
      state === 'held'
        ? earliest(
            at(order.payment_status.payment_required_by),
            at(order.payment_status.price_guarantee_expires_at),
          )
        : null,
    tickets,
    ...(emds.length > 0 ? { emds } : {}),
    ...(order.services
      ? {
          services: order.services.map((service) => ({
            id: service.id,
            type: service.type,
            passengerIds: service.passenger_ids,
            segmentIds: service.segment_ids,
            quantity: service.quantity,
          })),
        }
      : {}),
    ...(order.slices
      ? {
          segmentIds: order.slices.flatMap((slice) => slice.segments.map((segment) => segment.id)),
          slices: order.slices.map((slice) => ({
            id: slice.id,
            segmentIds: slice.segments.map((segment) => segment.id),
          })),
        }
      : {}),
    createdAt: new Date(order.created_at),
  };
}

/** Orders › List available services (after booking): bags, as Duffel's reference publishes them. */
type DuffelOrderService = {
  id: string;
  type: string;
  total_amount: string;
  total_currency: string;
  maximum_quantity: number;
  passenger_ids: string[];
  segment_ids: string[];
  metadata?: { type?: string; maximum_weight_kg?: number | null } | null;
};

/** An extra checked bag that states its weight (the portal names one for every bag); others left out. */
function toRemoteBag(service: DuffelOrderService): RemoteBag[] {
  const weight = service.metadata?.maximum_weight_kg;
  if (service.type !== 'baggage' || service.metadata?.type !== 'checked') return [];
  if (typeof weight !== 'number' || weight < 1 || service.maximum_quantity < 1) return [];
  return [
    {
      id: service.id,
      passengerIds: service.passenger_ids,
      segmentIds: service.segment_ids,
      maximumQuantity: service.maximum_quantity,
      price: { amount: service.total_amount, currency: service.total_currency },
      weightKg: Math.round(weight),
    },
  ];
}

function toRemoteCancellation(quote: DuffelCancellationAnswer, currency?: string): RemoteCancellation {
  return {
    id: quote.id,
    orderId: quote.order_id,
    refund: { amount: quote.refund_amount ?? '0.00', currency: quote.refund_currency ?? currency ?? '' },
    expiresAt: at(quote.expires_at),
    confirmedAt: at(quote.confirmed_at),
  };
}

/**
 * The order's passengers as Duffel takes them: each by the offer's passenger id, in the offer's
 * order (adults, children, infants), and each infant (who has no seat) named by one adult.
 */
function orderPassengers(input: CreateRemoteOrder) {
  const { offer } = input;
  if (input.passengers.length !== offer.passengers.length) {
    throw new Error(
      `The order names ${input.passengers.length} passengers, the offer ${offer.passengers.length}`,
    );
  }
  const adults = offer.passengers.flatMap((p, index) => (p.type === 'adult' ? [index] : []));
  const infants = offer.passengers.flatMap((p) => (p.type === 'infant' ? [p.id] : []));
  return input.passengers.map((passenger, index) => {
    const remote = offer.passengers[index]!;
    const carried = remote.type === 'adult' ? infants[adults.indexOf(index)] : undefined;
    return {
      id: remote.id,
      type: DUFFEL_TYPE[remote.type],
      title: TITLE[passenger.title] ?? 'mr',
      gender: passenger.gender.toLowerCase() === 'f' ? 'f' : 'm',
      given_name: passenger.firstName,
      family_name: passenger.lastName,
      born_on: passenger.dateOfBirth,
      email: passenger.email,
      phone_number: passenger.phone,
      ...(carried ? { infant_passenger_id: carried } : {}),
    };
  });
}

export type DuffelOrdersOptions = {
  http: DuffelHttp;
  /** DUFFEL_WEBHOOK_SECRET: without one, no webhook is taken. */
  webhookSecret?: string | undefined;
  /** How old a webhook's signature may be (default 300 s, as Duffel's own libraries check). */
  webhookToleranceSeconds?: number;
  /** Each call's deadline (the HTTP client's defaults otherwise: reads 15 s, writes 30 s). */
  deadlines?: { readMs?: number; writeMs?: number };
};

export function createDuffelOrders(options: DuffelOrdersOptions): RemoteOrders {
  const deadlines = options.deadlines ?? {};
  // Every call within its deadline: a write's is the saga's unknown outcome when it passes.
  const http: DuffelHttp = {
    request: (call) => {
      const deadlineMs = call.method === 'GET' ? deadlines.readMs : deadlines.writeMs;
      return options.http.request(deadlineMs === undefined ? call : { deadlineMs, ...call });
    },
  };

  async function createOrder(
    type: 'hold' | 'instant',
    input: CreateRemoteOrder,
    payment?: SupplierMoney,
  ): Promise<RemoteOrderAnswer> {
    const services = input.offer.services?.items ?? [];
    // Duffel takes no services with a hold order (withServices makes such an offer instant-only):
    // a hold asked with them is a mistake here, never sent.
    if (type === 'hold' && services.length > 0) {
      throw new Error('A hold order cannot carry services at Duffel; order it instantly');
    }
    const answer = await http.request<DuffelOrderAnswer | DuffelPendingOrder>({
      method: 'POST',
      path: '/air/orders',
      data: {
        type,
        selected_offers: [input.offer.offerId],
        passengers: orderPassengers(input),
        // Issue 31: seats and bags, paid with the order (its payment is the offer's price with them).
        ...(services.length > 0 ? { services: services.map(({ id, quantity }) => ({ id, quantity })) } : {}),
        ...(payment
          ? { payments: [{ type: 'balance', amount: payment.amount, currency: payment.currency }] }
          : {}),
        metadata: { [BOOKING_METADATA_KEY]: input.bookingId },
      },
    });
    if (answer.status === 202) return { status: 'pending', pendingId: answer.data.id };
    return { status: 'created', order: toRemoteOrder(answer.data as DuffelOrderAnswer) };
  }

  const get = async (orderId: string): Promise<RemoteOrder> =>
    toRemoteOrder(
      (
        await http.request<DuffelOrderAnswer>({
          method: 'GET',
          path: `/air/orders/${encodeURIComponent(orderId)}`,
        })
      ).data,
    );

  return {
    createHold: (input) => createOrder('hold', input),

    createInstant: ({ payment, ...input }) => createOrder('instant', input, payment),

    async pay(orderId, payment) {
      await http.request({
        method: 'POST',
        path: '/air/payments',
        data: {
          order_id: orderId,
          payment: { type: 'balance', amount: payment.amount, currency: payment.currency },
        },
      });
      // The documents come with the order. The payment is made: a read that fails now leaves the
      // outcome unknown to the caller, which settles it by reading the order later.
      try {
        return await get(orderId);
      } catch {
        throw new SupplierCallError(
          'unknown_outcome',
          'The airline took the payment; SkyDesk is reading the tickets it issued.',
          { supplier: 'duffel', code: 'paid_order_unread' },
        );
      }
    },

    get,

    async findByBooking(bookingId, since, hint) {
      const found: RemoteOrder[] = [];
      let after: string | undefined;
      for (let page = 0; page < MAX_ORDER_PAGES; page++) {
        const answer = await http.request<DuffelOrderAnswer[]>({
          method: 'GET',
          path: '/air/orders',
          params: {
            limit: PAGE_SIZE,
            after,
            ...(hint?.passengerName ? { 'passenger_name[]': [hint.passengerName] } : {}),
          },
        });
        for (const order of answer.data) {
          if (order.metadata?.[BOOKING_METADATA_KEY] !== bookingId) continue;
          // A clock apart by a minute must not hide the order.
          if (Date.parse(order.created_at) < since.getTime() - 60_000) continue;
          found.push(toRemoteOrder(order));
        }
        after = answer.meta?.after ?? undefined;
        if (!after) break;
      }
      return found.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    async bagsOnSale(orderId) {
      const [order, services] = await Promise.all([
        get(orderId),
        http.request<DuffelOrderService[]>({
          method: 'GET',
          path: `/air/orders/${encodeURIComponent(orderId)}/available_services`,
        }),
      ]);
      return { order, bags: services.data.flatMap(toRemoteBag) };
    },

    async addServices(orderId, items, payment) {
      const answer = await http.request<DuffelOrderAnswer>({
        method: 'POST',
        path: `/air/orders/${encodeURIComponent(orderId)}/services`,
        data: {
          add_services: items.map(({ id, quantity }) => ({ id, quantity })),
          payment: { type: 'balance', amount: payment.amount, currency: payment.currency },
        },
      });
      return toRemoteOrder(answer.data);
    },

    async quoteCancellation(orderId) {
      const answer = await http.request<DuffelCancellationAnswer>({
        method: 'POST',
        path: '/air/order_cancellations',
        data: { order_id: orderId },
      });
      return toRemoteCancellation(answer.data);
    },

    async confirmCancellation(cancellationId) {
      const answer = await http.request<DuffelCancellationAnswer>({
        method: 'POST',
        path: `/air/order_cancellations/${encodeURIComponent(cancellationId)}/actions/confirm`,
      });
      return toRemoteCancellation(answer.data);
    },

    async getCancellation(cancellationId) {
      const answer = await http.request<DuffelCancellationAnswer>({
        method: 'GET',
        path: `/air/order_cancellations/${encodeURIComponent(cancellationId)}`,
      });
      return toRemoteCancellation(answer.data);
    },

    readEvent(rawBody, signature, now): RemoteOrderEvent | null {
      if (!options.webhookSecret) return null;
      return readDuffelEvent(rawBody, signature, {
        secret: options.webhookSecret,
        now,
        toleranceSeconds: options.webhookToleranceSeconds ?? 300,
      });
    },
  };
}
