import { carrierByCode } from './carriers.js';
import type {
  DuffelOrder,
  OfferAvailableServiceBaggage,
  OrderDocument,
  OrderPassenger,
  OrderService,
  OrderSlice,
  PaymentAnswer,
  PendingOrder,
  WebhookEventType,
} from './duffel-types.js';
import { duffelError } from './errors.js';
import { formatAmount, fromGbp, parseStoredAmount } from './money.js';
import { type Page, paginate } from './pagination.js';
import { distanceKm } from './places.js';
import {
  addServicesBody,
  type CreateOrderBody,
  createOrderBody,
  createPaymentBody,
  type PaymentBody,
  parseData,
  updateOrderBody,
} from './requests.js';
import { sellableOffer } from './shopping.js';
import type { DuffelStore, OfferRecord, PaymentRecord, ServiceRecord } from './store.js';

/**
 * Orders, Payments and services after booking: the money side. An instant order is paid from the
 * balance as it is made and gets its documents at once; a hold order (type 'hold', once 'pay_later')
 * waits for `POST /air/payments` of its exact total before `payment_required_by`
 * (Holding Orders and Paying Later). Amounts must match to the cent, in the order's currency.
 */
export type Notify = (type: WebhookEventType, object: unknown, idempotencyKey: string) => void;
export type BookingContext = { store: DuffelStore; notify: Notify };

type ChosenService = { record: ServiceRecord; quantity: number };

function findOrder(store: DuffelStore, id: string): DuffelOrder {
  const order = store.orders.get(id);
  if (!order) throw duffelError.notFound();
  return order;
}

function chooseServices(
  store: DuffelStore,
  choices: { id: string; quantity: number }[],
  owner: { offerId?: string; orderId?: string },
): ChosenService[] {
  const chosen: ChosenService[] = [];
  const seatsPerPassengerSegment = new Set<string>();
  for (const [i, choice] of choices.entries()) {
    const record = store.services.get(choice.id);
    const belongs =
      record && (owner.offerId ? record.offerId === owner.offerId : record.orderId === owner.orderId);
    if (!record || !belongs) {
      throw duffelError.validation(
        'ancillary_service_not_available',
        `Service ${choice.id} is not available for this ${owner.offerId ? 'offer' : 'order'}.`,
      );
    }
    if (choice.quantity > record.maximumQuantity) {
      throw duffelError.invalidFields([
        { field: `services.${i}.quantity`, message: `must be at most ${record.maximumQuantity}` },
      ]);
    }
    if (record.seat) {
      const taken = store.takenSeats.get(record.seat.flightKey);
      const sameSeatTwice = chosen.some(
        (c) =>
          c.record.seat?.flightKey === record.seat?.flightKey &&
          c.record.seat?.designator === record.seat?.designator,
      );
      if (taken?.has(record.seat.designator) || sameSeatTwice) {
        throw duffelError.validation(
          'ancillary_service_not_available',
          `Seat ${record.seat.designator} is no longer available.`,
        );
      }
      const key = `${record.passengerIds[0]} ${record.segmentIds[0]}`;
      if (seatsPerPassengerSegment.has(key)) {
        throw duffelError.invalidFields([
          { field: `services.${i}.id`, message: 'a passenger has one seat per segment' },
        ]);
      }
      seatsPerPassengerSegment.add(key);
    }
    chosen.push({ record, quantity: choice.quantity });
  }
  return chosen;
}

function orderServicesOf(store: DuffelStore, chosen: ChosenService[]): OrderService[] {
  return chosen.map(({ record, quantity }) => ({
    id: store.ids.next('ser'),
    type: record.kind,
    passenger_ids: record.passengerIds,
    segment_ids: record.segmentIds,
    quantity,
    total_amount: formatAmount(record.amountMinor * quantity),
    total_currency: record.currency,
    metadata: record.metadata,
  }));
}

const servicesTotal = (chosen: ChosenService[]) =>
  chosen.reduce((sum, c) => sum + c.record.amountMinor * c.quantity, 0);

/** Checks a payment of `expectedMinor`; a wrong amount after a price rise is the airline's price_changed. */
function checkPayment(
  payment: PaymentBody,
  currency: string,
  expectedMinor: number,
  beforeRiseMinor?: number,
): void {
  if (payment.type !== 'balance') {
    throw duffelError.validation(
      'unavailable_feature',
      'Only payments from the Duffel balance are available in test mode.',
    );
  }
  const paid = parseStoredAmount(payment.amount);
  if (payment.currency === currency && paid === expectedMinor) return;
  if (payment.currency === currency && beforeRiseMinor !== undefined && paid === beforeRiseMinor) {
    throw duffelError.priceChanged();
  }
  throw duffelError.validation(
    'invalid_payment_amount',
    `The payment must be ${formatAmount(expectedMinor)} ${currency}, the total of the order and its services.`,
  );
}

/** E-tickets per passenger and an EMD per paid service, numbered with the carrier's prefix. */
function issueDocuments(
  store: DuffelStore,
  order: DuffelOrder,
  services: OrderService[],
  withTickets: boolean,
): OrderDocument[] {
  const prefix = carrierByCode(order.owner.iata_code)?.documentPrefix ?? '999';
  const tickets: OrderDocument[] = withTickets
    ? order.passengers.map((passenger) => ({
        type: 'electronic_ticket',
        unique_identifier: store.ids.documentNumber(prefix),
        passenger_ids: [passenger.id],
      }))
    : [];
  const emds: OrderDocument[] = services
    .filter((service) => parseStoredAmount(service.total_amount) > 0)
    .flatMap((service) =>
      service.passenger_ids.map((passengerId) => ({
        type: 'electronic_miscellaneous_document_associated' as const,
        unique_identifier: store.ids.documentNumber(prefix),
        passenger_ids: [passengerId],
      })),
    );
  return [...tickets, ...emds];
}

function availableActions(order: DuffelOrder): DuffelOrder['available_actions'] {
  if (order.cancelled_at) return [];
  const canChange =
    !order.payment_status.awaiting_payment && order.conditions.change_before_departure?.allowed;
  return canChange ? ['cancel', 'change', 'update'] : ['cancel', 'update'];
}

function orderSlices(record: OfferRecord, services: OrderService[]): OrderSlice[] {
  return record.offer.slices.map((slice) => ({
    id: slice.id,
    origin: slice.origin,
    origin_type: slice.origin_type,
    destination: slice.destination,
    destination_type: slice.destination_type,
    duration: slice.duration,
    fare_brand_name: slice.fare_brand_name,
    conditions: { change_before_departure: slice.conditions.change_before_departure },
    segments: slice.segments.map((segment) => ({
      id: segment.id,
      aircraft: segment.aircraft,
      origin: segment.origin,
      destination: segment.destination,
      origin_terminal: segment.origin_terminal ?? '',
      destination_terminal: segment.destination_terminal ?? '',
      departing_at: segment.departing_at,
      arriving_at: segment.arriving_at,
      duration: segment.duration ?? '',
      distance: segment.distance ?? '',
      marketing_carrier: segment.marketing_carrier,
      marketing_carrier_flight_number: segment.marketing_carrier_flight_number,
      operating_carrier: segment.operating_carrier,
      operating_carrier_flight_number: segment.operating_carrier_flight_number,
      stops: segment.stops,
      passengers: segment.passengers.map((passenger) => {
        const seat = services.find(
          (s) =>
            s.type === 'seat' &&
            s.segment_ids.includes(segment.id) &&
            s.passenger_ids.includes(passenger.passenger_id),
        );
        return {
          passenger_id: passenger.passenger_id,
          cabin_class: passenger.cabin_class,
          cabin_class_marketing_name: passenger.cabin_class_marketing_name,
          baggages: passenger.baggages,
          ...(seat?.metadata && 'designator' in seat.metadata ? { seat: seat.metadata } : {}),
        };
      }),
    })),
  }));
}

function checkPassengers(record: OfferRecord, body: CreateOrderBody): void {
  const offered = new Map(record.offer.passengers.map((p) => [p.id, p]));
  const given = body.passengers.map((p) => p.id);
  if (
    given.length !== offered.size ||
    new Set(given).size !== given.length ||
    given.some((id) => !offered.has(id))
  ) {
    throw duffelError.invalidFields([
      { field: 'passengers', message: "must name each of the offer's passengers once, by its id" },
    ]);
  }
  // Each infant without a seat travels on one adult's lap: that adult names it.
  const carried = new Map<string, number>();
  for (const passenger of body.passengers) {
    const infantId = passenger.infant_passenger_id;
    if (!infantId) continue;
    if (
      offered.get(passenger.id)?.type !== 'adult' ||
      offered.get(infantId)?.type !== 'infant_without_seat'
    ) {
      throw duffelError.invalidFields([
        { field: 'passengers.infant_passenger_id', message: 'an adult names an infant without a seat' },
      ]);
    }
    carried.set(infantId, (carried.get(infantId) ?? 0) + 1);
  }
  for (const passenger of record.offer.passengers) {
    if (passenger.type === 'infant_without_seat' && carried.get(passenger.id) !== 1) {
      throw duffelError.invalidFields([
        { field: 'passengers', message: `infant ${passenger.id} must be named by exactly one adult` },
      ]);
    }
  }
}

function paymentRecord(
  store: DuffelStore,
  orderId: string,
  payment: PaymentBody,
  purpose: PaymentRecord['purpose'],
): PaymentRecord {
  return {
    id: store.ids.next('pay'),
    order_id: orderId,
    type: payment.type,
    amount: formatAmount(parseStoredAmount(payment.amount)),
    currency: payment.currency,
    status: 'succeeded',
    live_mode: false,
    created_at: store.now().toISOString(),
    purpose,
  };
}

/** Validates an order request fully, so a failure switched on "after" sees only valid orders made. */
export function prepareOrder(ctx: BookingContext, data: unknown) {
  const { store } = ctx;
  const body = parseData(createOrderBody, data);
  const record = sellableOffer(store, body.selected_offers[0]!);
  const hold = body.type !== 'instant';
  if (hold && record.offer.payment_requirements.requires_instant_payment) {
    throw duffelError.validation(
      'invalid_order_type',
      'This offer requires instant payment: it cannot be held.',
    );
  }
  if (hold && body.payments?.length) {
    throw duffelError.invalidFields([
      { field: 'payments', message: 'a hold order is created without payment' },
    ]);
  }
  if (!hold && body.payments?.length !== 1) {
    throw duffelError.invalidFields([
      { field: 'payments', message: 'an instant order needs exactly one payment' },
    ]);
  }
  checkPassengers(record, body);
  const chosen = chooseServices(store, body.services ?? [], { offerId: record.offer.id });
  const extrasMinor = servicesTotal(chosen);
  const totalMinor = parseStoredAmount(record.offer.total_amount) + extrasMinor;
  if (!hold) {
    const rose = record.originalTotalMinor !== parseStoredAmount(record.offer.total_amount);
    checkPayment(
      body.payments![0]!,
      record.offer.total_currency,
      totalMinor,
      rose ? record.originalTotalMinor + extrasMinor : undefined,
    );
  }
  return { body, record, chosen, hold, totalMinor, extrasMinor };
}

/** Orders › Create an order. */
export function createOrder(ctx: BookingContext, data: unknown): DuffelOrder {
  const { store } = ctx;
  const { body, record, chosen, hold, totalMinor, extrasMinor } = prepareOrder(ctx, data);
  const now = store.now().toISOString();
  const services = orderServicesOf(store, chosen);
  const offer = record.offer;
  const passengers: OrderPassenger[] = body.passengers.map((passenger) => ({
    id: passenger.id,
    type: offer.passengers.find((p) => p.id === passenger.id)!.type ?? 'adult',
    title: passenger.title,
    gender: passenger.gender,
    given_name: passenger.given_name,
    family_name: passenger.family_name,
    born_on: passenger.born_on,
    email: passenger.email,
    phone_number: passenger.phone_number,
    infant_passenger_id: passenger.infant_passenger_id ?? null,
    loyalty_programme_accounts: [],
  }));
  const order: DuffelOrder = {
    id: store.ids.next('ord'),
    live_mode: false,
    created_at: now,
    synced_at: now,
    content: 'managed',
    booking_reference: store.ids.bookingReference(),
    owner: offer.owner,
    slices: orderSlices(record, services),
    passengers,
    services,
    conditions: offer.conditions,
    base_amount: formatAmount(parseStoredAmount(offer.base_amount) + extrasMinor),
    base_currency: offer.base_currency,
    tax_amount: offer.tax_amount ?? '0.00',
    tax_currency: offer.tax_currency ?? offer.total_currency,
    total_amount: formatAmount(totalMinor),
    total_currency: offer.total_currency,
    payment_status: hold
      ? {
          awaiting_payment: true,
          payment_required_by: offer.payment_requirements.payment_required_by,
          price_guarantee_expires_at: offer.payment_requirements.price_guarantee_expires_at,
          paid_at: null,
        }
      : {
          awaiting_payment: false,
          payment_required_by: null,
          price_guarantee_expires_at: null,
          paid_at: now,
        },
    documents: [],
    metadata: body.metadata ?? {},
    airline_initiated_changes: [],
    available_actions: [],
    cancelled_at: null,
    cancellation: null,
  };
  if (!hold) order.documents = issueDocuments(store, order, services, true);
  order.available_actions = availableActions(order);
  store.orders.set(order.id, order);
  record.orderId = order.id;
  for (const { record: service } of chosen) {
    if (!service.seat) continue;
    const taken = store.takenSeats.get(service.seat.flightKey) ?? new Set<string>();
    taken.add(service.seat.designator);
    store.takenSeats.set(service.seat.flightKey, taken);
  }
  if (!hold) store.payments.push(paymentRecord(store, order.id, body.payments![0]!, 'instant_order'));
  ctx.notify('order.created', order, order.id);
  return order;
}

/**
 * What a 202 answer carries: the order request was accepted, its outcome comes later by webhook
 * (Webhooks › order.creation_failed). Nothing is booked or paid; the offer stays sellable.
 */
export function acceptPendingOrder(ctx: BookingContext, data: unknown): PendingOrder {
  const { store } = ctx;
  const { body, record, totalMinor } = prepareOrder(ctx, data);
  const pending: PendingOrder = {
    id: store.ids.next('por'),
    status: 'pending',
    selected_offers: body.selected_offers,
    metadata: body.metadata ?? {},
    total_amount: formatAmount(totalMinor),
    total_currency: record.offer.total_currency,
    created_at: store.now().toISOString(),
    live_mode: false,
  };
  store.pendingOrders.set(pending.id, pending);
  return pending;
}

export function failPendingOrder(ctx: BookingContext, pendingId: string): void {
  const pending = ctx.store.pendingOrders.get(pendingId);
  if (pending?.status !== 'pending') return;
  pending.status = 'failed';
  ctx.notify('order.creation_failed', pending, Buffer.from(`failed-${pending.id}`).toString('base64'));
}

export function getOrder(store: DuffelStore, id: string): DuffelOrder {
  return findOrder(store, id);
}

/** Orders › List orders: filters the reference lists (no metadata filter), in creation order. */
export function listOrders(store: DuffelStore, query: URLSearchParams): Page<DuffelOrder> {
  let orders = [...store.orders.values()];
  const awaiting = query.get('awaiting_payment');
  if (awaiting !== null)
    orders = orders.filter((o) => o.payment_status.awaiting_payment === (awaiting === 'true'));
  const reference = query.get('booking_reference');
  if (reference !== null) orders = orders.filter((o) => o.booking_reference === reference);
  const names = query.getAll('passenger_name[]').map((name) => name.toLowerCase());
  if (names.length > 0) {
    orders = orders.filter((o) =>
      o.passengers.some((p) =>
        names.some((n) => `${p.given_name} ${p.family_name}`.toLowerCase().includes(n)),
      ),
    );
  }
  return paginate(orders, query);
}

/** Orders › Update a single order: only its metadata. */
export function updateOrder(store: DuffelStore, id: string, data: unknown): DuffelOrder {
  const order = findOrder(store, id);
  // The official client (4.30.0) sends { options: { metadata } }; the reference says { metadata }.
  const payload =
    data && typeof data === 'object' && 'options' in data ? (data as { options: unknown }).options : data;
  order.metadata = parseData(updateOrderBody, payload).metadata;
  return order;
}

/** Payments › Create a payment: pays a hold order its exact total, once. */
export function payOrder(ctx: BookingContext, data: unknown): PaymentAnswer {
  const { store } = ctx;
  const body = parseData(createPaymentBody, data);
  const order = findOrder(store, body.order_id);
  if (order.cancelled_at)
    throw duffelError.invalidState('already_cancelled', 'The order has been cancelled.');
  if (!order.payment_status.awaiting_payment)
    throw duffelError.invalidState('already_paid', 'The order has already been paid for.');
  const deadline = order.payment_status.payment_required_by;
  if (deadline && store.now().getTime() > Date.parse(deadline)) {
    throw duffelError.invalidState(
      'hold_expired',
      'The time to pay for this order has passed; its space was released.',
    );
  }
  checkPayment(body.payment, order.total_currency, parseStoredAmount(order.total_amount));
  const payment = paymentRecord(store, order.id, body.payment, 'hold_payment');
  store.payments.push(payment);
  const now = store.now().toISOString();
  order.payment_status = {
    awaiting_payment: false,
    payment_required_by: null,
    price_guarantee_expires_at: null,
    paid_at: now,
  };
  order.documents = issueDocuments(store, order, order.services, true);
  order.available_actions = availableActions(order);
  order.synced_at = now;
  const { purpose: _purpose, ...answer } = payment;
  ctx.notify('payment.created', answer, payment.id);
  return answer;
}

/** Orders › List available services: extra bags after booking, per passenger and slice. */
export function orderAvailableServices(store: DuffelStore, id: string): OfferAvailableServiceBaggage[] {
  const order = findOrder(store, id);
  if (order.cancelled_at || !carrierByCode(order.owner.iata_code)?.sellsServices) return [];
  let records = [...store.services.values()].filter((s) => s.orderId === order.id);
  if (records.length === 0) {
    records = order.slices.flatMap((slice) => {
      const km = slice.segments.reduce((sum, s) => sum + distanceKm(s.origin, s.destination), 0);
      return order.passengers
        .filter((p) => p.type !== 'infant_without_seat')
        .map(
          (passenger): ServiceRecord => ({
            id: store.ids.next('ase'),
            kind: 'baggage',
            offerId: null,
            orderId: order.id,
            passengerIds: [passenger.id],
            segmentIds: slice.segments.map((s) => s.id),
            // Bags bought after booking cost a fifth more than with the order, as airlines price them.
            amountMinor: fromGbp(Math.round((2_500 + km * 2) * 1.2), order.total_currency),
            currency: order.total_currency,
            maximumQuantity: 2,
            metadata: {
              type: 'checked',
              maximum_weight_kg: 23,
              maximum_height_cm: 90,
              maximum_length_cm: 75,
              maximum_depth_cm: 43,
            },
          }),
        );
    });
    for (const record of records) store.services.set(record.id, record);
  }
  return records.map((record) => ({
    id: record.id,
    type: 'baggage',
    passenger_ids: record.passengerIds,
    segment_ids: record.segmentIds,
    maximum_quantity: record.maximumQuantity,
    total_amount: formatAmount(record.amountMinor),
    total_currency: record.currency,
    metadata: record.metadata as OfferAvailableServiceBaggage['metadata'],
  }));
}

/** Orders › Add services to an order: paid at once from the balance, each with an EMD. */
export function addOrderServices(ctx: BookingContext, id: string, data: unknown): DuffelOrder {
  const { store } = ctx;
  const body = parseData(addServicesBody, data);
  const order = findOrder(store, id);
  if (order.cancelled_at)
    throw duffelError.invalidState('already_cancelled', 'The order has been cancelled.');
  if (order.payment_status.awaiting_payment) {
    throw duffelError.invalidState(
      'order_awaiting_payment',
      'Pay for the order before adding services to it.',
    );
  }
  const chosen = chooseServices(store, body.add_services, { orderId: order.id });
  const extrasMinor = servicesTotal(chosen);
  checkPayment(body.payment, order.total_currency, extrasMinor);
  const services = orderServicesOf(store, chosen);
  order.services.push(...services);
  order.base_amount = formatAmount(parseStoredAmount(order.base_amount) + extrasMinor);
  order.total_amount = formatAmount(parseStoredAmount(order.total_amount) + extrasMinor);
  order.documents = [...(order.documents ?? []), ...issueDocuments(store, order, services, false)];
  order.synced_at = store.now().toISOString();
  store.payments.push(paymentRecord(store, order.id, body.payment, 'services'));
  ctx.notify('order.updated', order, `${order.id}-${order.synced_at}`);
  return order;
}
