import type {
  AirlineInitiatedChange,
  DuffelOrder,
  OfferRequest,
  OrderCancellationAnswer,
  OrderService,
  PaymentAnswer,
  PendingOrder,
  SeatMap,
} from './duffel-types.js';
import { createIdFactory, type IdFactory } from './ids.js';
import { formatAmount, parseStoredAmount } from './money.js';
import type { GeneratedOffer } from './offer-generation.js';
import type { OrderChangeAnswer, OrderChangeOfferRecord, OrderChangeRequestAnswer } from './order-changes.js';

/**
 * Everything one server instance knows, in memory and in creation order. Nothing is module-level:
 * two servers in one test share no state.
 */
export type ServerConfig = {
  /** Currency of every new offer and service (GBP by default, to exercise conversion). */
  currency: string;
  /** How long a new offer can be ordered (Offers › expires_at). */
  offerLifetimeMs: number;
  /** How long a hold keeps its space, ending at the latest 3 hours before the first flight. */
  holdLifetimeMs: number;
  /** How long an order cancellation quote can be confirmed. */
  cancellationQuoteLifetimeMs: number;
  /** How long an order change offer (and a change made from it) can be confirmed. */
  changeOfferLifetimeMs: number;
};

export type OfferRequestRecord = Omit<OfferRequest, 'offers'> & { offerIds: string[] };

export type OfferRecord = GeneratedOffer & {
  requestId: string;
  /** The order made from it: an offer books once, then it is no longer available. */
  orderId: string | null;
  /** The price before any rise a test switched on (to tell price_changed from a wrong amount). */
  originalTotalMinor: number;
  seatMaps: SeatMap[] | null;
};

/** A seat or bag on sale, for an offer (before booking) or an order (after). */
export type ServiceRecord = {
  id: string;
  kind: 'baggage' | 'seat';
  offerId: string | null;
  orderId: string | null;
  passengerIds: string[];
  segmentIds: string[];
  amountMinor: number;
  currency: string;
  maximumQuantity: number;
  metadata: NonNullable<OrderService['metadata']>;
  /** Seats only: the flight and seat, to keep a seat to one passenger. */
  seat?: { flightKey: string; designator: string };
};

export type PaymentRecord = PaymentAnswer & {
  /** What the money paid for: an instant order, a held order, or services added after booking. */
  purpose: 'instant_order' | 'hold_payment' | 'services' | 'order_change';
};

export type RefundRecord = {
  order_id: string;
  /** The confirmed cancellation that refunded; null for an order change's residual. */
  cancellation_id: string | null;
  /** Issue 32: the confirmed order change whose negative change_total_amount came back. */
  order_change_id?: string;
  amount: string;
  currency: string;
  at: string;
};

export type DuffelStore = {
  config: ServerConfig;
  seed: number;
  ids: IdFactory;
  now: () => Date;
  organisationId: string;
  offerRequests: Map<string, OfferRequestRecord>;
  offers: Map<string, OfferRecord>;
  orders: Map<string, DuffelOrder>;
  pendingOrders: Map<string, PendingOrder>;
  payments: PaymentRecord[];
  refunds: RefundRecord[];
  cancellations: Map<string, OrderCancellationAnswer>;
  services: Map<string, ServiceRecord>;
  /** Seats booked per flight ('ZZ123 2026-05-01T07:05:00'), whatever offer they came from. */
  takenSeats: Map<string, Set<string>>;
  airlineInitiatedChanges: Map<string, AirlineInitiatedChange>;
  /** Issue 32: order change requests (their offers are kept apart), offers and changes. */
  orderChangeRequests: Map<string, OrderChangeRequestAnswer>;
  orderChangeOffers: Map<string, OrderChangeOfferRecord>;
  orderChanges: Map<string, { answer: OrderChangeAnswer; offerId: string }>;
};

export function createStore(options: { seed: number; now: () => Date; config: ServerConfig }): DuffelStore {
  const ids = createIdFactory(options.seed);
  return {
    config: options.config,
    seed: options.seed,
    ids,
    now: options.now,
    organisationId: ids.next('org'),
    offerRequests: new Map(),
    offers: new Map(),
    orders: new Map(),
    pendingOrders: new Map(),
    payments: [],
    refunds: [],
    cancellations: new Map(),
    services: new Map(),
    takenSeats: new Map(),
    airlineInitiatedChanges: new Map(),
    orderChangeRequests: new Map(),
    orderChangeOffers: new Map(),
    orderChanges: new Map(),
  };
}

/** What a test reads to assert what was ordered and paid: copies, never the live objects. */
export type DuffelStateView = ReturnType<typeof createStateView>;

export function createStateView(store: DuffelStore) {
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    /** Orders in creation order. */
    orders: (): DuffelOrder[] => copy([...store.orders.values()]),
    order: (id: string): DuffelOrder | undefined => copy(store.orders.get(id)),
    /** Duffel's list has no metadata filter; tests may look orders up by it here. */
    ordersWithMetadata: (key: string, value: string): DuffelOrder[] =>
      copy([...store.orders.values()].filter((order) => order.metadata[key] === value)),
    /** Orders accepted with 202 that never became valid (their `order.creation_failed` went out). */
    pendingOrders: (): PendingOrder[] => copy([...store.pendingOrders.values()]),
    payments: (): PaymentRecord[] => copy(store.payments),
    /** The sum of every payment in a currency, as Duffel would have charged the balance. */
    paidTotal: (currency: string): string =>
      formatAmount(
        store.payments
          .filter((payment) => payment.currency === currency)
          .reduce((sum, payment) => sum + parseStoredAmount(payment.amount), 0),
      ),
    cancellations: (): OrderCancellationAnswer[] => copy([...store.cancellations.values()]),
    refunds: (): RefundRecord[] => copy(store.refunds),
    offerRequestCount: () => store.offerRequests.size,
    offer: (id: string) => copy(store.offers.get(id)?.offer),
    airlineInitiatedChanges: (): AirlineInitiatedChange[] =>
      copy([...store.airlineInitiatedChanges.values()]),
    /** Issue 32: order changes made (pending and confirmed), in creation order. */
    orderChanges: (): OrderChangeAnswer[] => copy([...store.orderChanges.values()].map((r) => r.answer)),
    orderChangeOffer: (id: string) => copy(store.orderChangeOffers.get(id)?.answer),
  };
}
