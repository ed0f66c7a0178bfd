import type { PassengerType, ServiceRequest } from '@skydesk/contract';

/**
 * What the portal asks of a supplier that keeps its own orders (Duffel). Each call is one step of
 * the order saga (docs/decisions/020-supplier-order-saga.md): the booking service records the step
 * before the call and settles it after, and every call can be repeated safely or looked up after a
 * lost answer — orders carry the portal's booking id, so `findByBooking` finds one whose answer never came.
 */
export type RemoteOrders = {
  /** An order held without payment (only when the offer allows it: `instantPaymentOnly` false). */
  createHold(input: CreateRemoteOrder): Promise<RemoteOrderAnswer>;
  /** An order paid at once from the platform's balance at the supplier, for exactly `payment`. */
  createInstant(input: CreateRemoteOrder & { payment: SupplierMoney }): Promise<RemoteOrderAnswer>;
  /** Pays a held order, for exactly its amount; a paid order refuses a second payment. */
  pay(orderId: string, payment: SupplierMoney): Promise<RemoteOrder>;
  get(orderId: string): Promise<RemoteOrder>;
  /**
   * Every order the supplier holds for this booking id (normally one; more after a lost answer),
   * made since `since`. Suppliers list orders without a metadata filter: `passengerName` (a
   * passenger's family name) narrows the pages read where the supplier filters by it.
   */
  findByBooking(bookingId: string, since: Date, hint?: { passengerName?: string }): Promise<RemoteOrder[]>;
  /** What cancelling would return, valid until `expiresAt`; nothing is cancelled yet. */
  quoteCancellation(orderId: string): Promise<RemoteCancellation>;
  /** Cancels the order as quoted; refused once the quote expired. */
  confirmCancellation(cancellationId: string): Promise<RemoteCancellation>;
  getCancellation(cancellationId: string): Promise<RemoteCancellation>;
  /**
   * Issue 31: the order as it is now and the extra checked bags on sale for it after booking
   * (Duffel: `GET /air/orders/{id}` and `GET /air/orders/{id}/available_services`). Without it, a
   * remote booking adds nothing after issue.
   */
  bagsOnSale?(orderId: string): Promise<{ order: RemoteOrder; bags: RemoteBag[] }>;
  /**
   * Issue 31: adds services to a paid order, paid at once from the platform's balance for exactly
   * `payment` (Duffel: `POST /air/orders/{id}/services`); answers the order with them and their
   * EMDs. One call, never repeated blind: a lost answer is looked up with `get` (the order's
   * services say whether it took them).
   */
  addServices?(
    orderId: string,
    items: readonly { id: string; quantity: number }[],
    payment: SupplierMoney,
  ): Promise<RemoteOrder>;
  /**
   * A webhook the supplier sent, checked (its signature, its age) and read; null for anything
   * else — the caller answers every null alike. An event only names what to look up: settlement
   * reads the order from the supplier itself.
   */
  readEvent?(rawBody: string, signature: string | undefined, now: Date): RemoteOrderEvent | null;
};

/** What a supplier's webhook is about (docs/decisions/020-supplier-order-saga.md). */
export type RemoteOrderEvent = {
  /** The supplier's event id: each is taken once. */
  id: string;
  /** The supplier's name of its type ('order.updated'), as it is kept. */
  name: string;
  type:
    | 'order_created'
    | 'order_updated'
    | 'order_creation_failed'
    | 'payment_created'
    | 'cancellation_confirmed'
    | 'airline_change'
    | 'other';
  /** The portal's booking id, from the order's metadata, when the event carries it. */
  bookingId: string | null;
  /** The supplier's order id, when the event names one. */
  orderId: string | null;
  /** An airline-initiated change's id (`airline_change`). */
  changeId: string | null;
};

export type SupplierCode = 'sandbox' | 'duffel';

/**
 * An extra checked bag a supplier sells for a paid order (issue 31): for its passengers, on its
 * flights (a bag over several flights is bought once for all of them), each of `weightKg`, at most
 * `maximumQuantity` in one purchase, for `price` each.
 */
export type RemoteBag = {
  id: string;
  passengerIds: string[];
  segmentIds: string[];
  maximumQuantity: number;
  price: SupplierMoney;
  weightKg: number;
};

/** An amount as the supplier states it (a decimal string in its currency, as paid). */
export type SupplierMoney = { amount: string; currency: string };

/**
 * A remote offer as the portal priced it. `netMinor + markupMinor` is what the agency pays
 * (the offer's total), in the platform currency; `price` is what the supplier is paid.
 */
export type RemoteOffer = {
  /** The supplier's own offer id ('off_…'). */
  offerId: string;
  /** The supplier's passenger ids, in the order adults, then children, then infants. */
  passengers: { id: string; type: PassengerType }[];
  /**
   * The supplier's segment ids, every flight in order across legs (issue 31: seat maps and
   * services name their flights by them). Absent on offers stored before.
   */
  segmentIds?: string[];
  price: SupplierMoney;
  /** Platform currency units per supplier currency unit used to convert `price` (1 when the same). */
  rate: number;
  netMinor: number;
  markupMinor: number;
  /** The supplier will not hold it: it is ordered and paid at once when the agent issues. */
  instantPaymentOnly: boolean;
  /** The earliest of the supplier's payment deadline and price guarantee, when it holds. */
  holdUntil: Date | null;
  /**
   * Issue 31: seats and bags ordered with it, already counted in `price` and `netMinor` (so the
   * order is paid for both, exactly). Absent: the fare alone.
   */
  services?: RemoteOfferServices;
};

/** Services sold with a remote offer: the supplier's ids, what it is paid, what they cost here. */
export type RemoteOfferServices = {
  items: { id: string; quantity: number }[];
  /** What the supplier is paid for them, in its currency (the fare's). */
  price: SupplierMoney;
  /** In platform minor units: the agency pays this for them (no markup). */
  netMinor: number;
};

/**
 * Seats and bags asked for with a remote offer (POST /api/booking's `services`), priced by its
 * supplier: each request's amount in platform minor units, in the requests' order; or why not, with
 * the request field at fault (a 422).
 */
export type RemoteServicesQuote =
  | {
      status: 'quoted';
      services: RemoteOfferServices;
      amountsMinor: number[];
      /** Each bag request's allowance per bag (null for a seat). */
      weightsKg: (number | null)[];
      totalMinor: number;
    }
  | { status: 'invalid'; field: string; message: string };

export type RemoteServices = {
  quote(input: {
    supplier: SupplierCode;
    offer: RemoteOffer;
    services: readonly ServiceRequest[];
  }): Promise<RemoteServicesQuote>;
};

/** Adds two amounts of one currency as the supplier states them ('12.5' + '3.10' → '15.60'). */
function addAmounts(a: SupplierMoney, b: SupplierMoney): SupplierMoney {
  const digits = Math.max(2, ...[a.amount, b.amount].map((x) => x.split('.')[1]?.length ?? 0));
  const minor = (x: string) => Math.round(Number(x) * 10 ** digits);
  const sum = minor(a.amount) + minor(b.amount);
  const text = String(Math.abs(sum)).padStart(digits + 1, '0');
  return {
    amount: `${sum < 0 ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`,
    currency: a.currency,
  };
}

/**
 * A remote offer with services to order with it (issue 31): the supplier is paid for the fare and
 * the services, the net grows by their cost, and it is ordered and paid at once on issue — Duffel
 * holds no order with services. Ordering again after a re-price (the saga's instant order) folds
 * the booking's services into the fresh offer the same way.
 */
export function withServices(offer: RemoteOffer, services: RemoteOfferServices | undefined): RemoteOffer {
  if (!services || services.items.length === 0) return offer;
  if (services.price.currency !== offer.price.currency) {
    throw new Error(`Services priced in ${services.price.currency}, the fare in ${offer.price.currency}`);
  }
  return {
    ...offer,
    price: addAmounts(offer.price, services.price),
    netMinor: offer.netMinor + services.netMinor,
    instantPaymentOnly: true,
    holdUntil: null,
    services,
  };
}

export type CreateRemoteOrder = {
  /** The portal's booking id, kept in the order's metadata (the saga's key). */
  bookingId: string;
  offer: RemoteOffer;
  passengers: {
    title: string;
    firstName: string;
    lastName: string;
    gender: string;
    dateOfBirth: string;
    email: string;
    phone: string;
  }[];
};

/** A create either answered with the order, or was accepted to be confirmed later (HTTP 202). */
export type RemoteOrderAnswer =
  | { status: 'created'; order: RemoteOrder }
  | { status: 'pending'; pendingId: string };

export type RemoteOrder = {
  id: string;
  bookingId: string | null;
  /** The airline's booking reference (PNR). */
  reference: string;
  state: 'held' | 'paid' | 'cancelled';
  total: SupplierMoney;
  /** When a held order must be paid by; null once paid or when unknown. */
  payBy: Date | null;
  /**
   * One e-ticket number per passenger once paid: the supplier's passenger id (RemoteOffer's) and
   * its position among the order's passengers.
   */
  tickets: { passengerIndex: number; passengerId: string; number: string }[];
  /**
   * Issue 31: the EMD of each paid service, by passenger (the supplier's id), in the order the
   * supplier lists them; none before payment.
   */
  emds?: { passengerId: string; number: string }[];
  /**
   * Issue 31: the services the order holds (seats, bags), by the supplier's ids; and its flights'
   * segment ids in order. Absent where the supplier did not say.
   */
  services?: { id: string; type: string; passengerIds: string[]; segmentIds: string[]; quantity: number }[];
  segmentIds?: string[];
  /** Issue 32: the order's slices (legs) by the supplier's ids, each with its segment ids. */
  slices?: { id: string; segmentIds: string[] }[];
  createdAt: Date;
};

export type RemoteCancellation = {
  id: string;
  orderId: string;
  refund: SupplierMoney;
  expiresAt: Date | null;
  confirmedAt: Date | null;
};

/**
 * A supplier call that failed, by what the caller may do about it:
 * - `refused`: the supplier said no (4xx); `message` is in the agent's words;
 * - `gone`: the offer or order is no longer for sale (expired, sold);
 * - `unavailable`: not answered (5xx on a read, rate limited past its retries, circuit open);
 * - `unknown_outcome`: a write whose answer was lost (5xx, timeout, reset): look it up, never repeat it blind.
 */
export class SupplierCallError extends Error {
  constructor(
    readonly kind: 'refused' | 'gone' | 'unavailable' | 'unknown_outcome',
    message: string,
    readonly details: { status?: number; code?: string; supplier?: SupplierCode } = {},
  ) {
    super(message);
    this.name = 'SupplierCallError';
  }
}
