/// <reference types="@duffel/api" />
// The official client declares its types as ambient modules inside one file (dist/typings.d.ts),
// which TypeScript only reads once something references the package: the line above does, so
// '@duffel/api/types' resolves in every file of this folder that imports from here.
import type { Offer, Order, OrderCancellation, Payment, PaymentType } from '@duffel/api/types';

export type {
  Aircraft,
  Airline,
  AirlineInitiatedChange,
  Airport,
  CabinClass,
  City,
  FlightsCondition,
  FlightsConditions,
  Offer,
  OfferAvailableServiceBaggage,
  OfferPassenger,
  OfferRequest,
  OfferRequestPassenger,
  OfferRequestSlice,
  OfferSlice,
  OfferSliceConditions,
  OfferSliceSegment,
  OfferSliceSegmentPassenger,
  OfferSliceSegmentPassengerBaggage,
  Order,
  OrderCancellation,
  OrderDocument,
  OrderPassenger,
  OrderService,
  OrderSlice,
  OrderSliceSegment,
  PassengerType,
  Payment,
  Place,
  SeatMap,
  SeatMapCabin,
  SeatMapCabinRow,
  SeatMapCabinRowSectionAvailableService,
  SeatMapCabinRowSectionElement,
  SeatMapCabinRowSectionElementSeat,
} from '@duffel/api/types';

/** An offer as lists and offer requests show it: `available_services` only comes with a single offer. */
export type ListedOffer = Omit<Offer, 'available_services'>;

/**
 * A payment as the API answers it (Payments › Create a payment): the client's `Payment` type leaves
 * out the fields the reference lists besides (`order_id`, `status`, `live_mode`).
 */
export type PaymentAnswer = Payment & {
  order_id: string;
  status: 'succeeded' | 'failed' | 'pending' | 'cancelled';
  live_mode: boolean;
  type: PaymentType;
};

/**
 * What the server answers 202 with when an order is accepted but not confirmed. The reference does
 * not publish that body; its `order.creation_failed` example carries the idempotency key
 * base64("failed-por_…"), so a pending order has a `por_` id. Only these fields are promised here.
 */
export type PendingOrder = {
  id: string;
  status: 'pending' | 'failed';
  selected_offers: string[];
  metadata: Record<string, string>;
  total_amount: string | null;
  total_currency: string | null;
  created_at: string;
  live_mode: boolean;
};

/** An order cancellation whose `confirmed_at` is null until it is confirmed (the client types it as a string). */
export type OrderCancellationAnswer = Omit<OrderCancellation, 'confirmed_at'> & {
  confirmed_at: string | null;
};

/** Webhooks (v2): the envelope of every event Duffel sends to a webhook's URL. */
export type WebhookEvent<T = unknown> = {
  id: string;
  api_version: 'v2';
  type: WebhookEventType;
  data: { object: T };
  live_mode: boolean;
  idempotency_key: string;
  created_at: string;
  identity_organisation_id: string;
};

export type WebhookEventType =
  | 'order.created'
  | 'order.creation_failed'
  | 'order.updated'
  | 'order.airline_initiated_change_detected'
  | 'payment.created'
  | 'order_cancellation.created'
  | 'order_cancellation.confirmed'
  | 'ping.triggered';

/**
 * An order as this server answers it. Two fields differ from the client's `Order` where the
 * reference says they may be null: `payment_status`'s limits once paid, and `cancellation`'s
 * `confirmed_at` (a confirmed cancellation has it, so no difference on the wire once cancelled).
 */
export type DuffelOrder = Omit<Order, 'cancellation' | 'payment_status'> & {
  cancellation: OrderCancellationAnswer | null;
  payment_status: {
    awaiting_payment: boolean;
    payment_required_by: string | null;
    price_guarantee_expires_at: string | null;
    paid_at: string | null;
  };
};
