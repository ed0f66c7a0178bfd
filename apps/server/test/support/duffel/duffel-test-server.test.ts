import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Duffel, DuffelError } from '@duffel/api';
import { afterEach, describe, expect, it } from 'vitest';
import { createDuffelTestServer, type DuffelTestServerOptions } from './duffel-test-server.js';
import type {
  ListedOffer,
  Offer,
  OfferRequest,
  PendingOrder,
  SeatMapCabinRowSectionElementSeat,
  WebhookEvent,
} from './duffel-types.js';
import { verifyWebhookSignature } from './webhooks.js';

/**
 * The server driven by the official client (@duffel/api 4.30.0): what the client sends and parses
 * is Duffel's wire format, so the adapter built on it meets here what it will meet at Duffel.
 */
const TOKEN = 'duffel_test_local';
const open: { close(): Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((thing) => thing.close()));
});

async function start(options: Partial<DuffelTestServerOptions> = {}) {
  const server = await createDuffelTestServer({ token: TOKEN, ...options });
  open.push(server);
  return { server, duffel: new Duffel({ token: TOKEN, basePath: server.url }) };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const slice = (origin: string, destination: string, departure_date: string) => ({
  origin,
  destination,
  departure_date,
  departure_time: null,
  arrival_time: null,
});

async function search(
  duffel: Duffel,
  passengers: ({ type: 'adult' } | { age: number })[] = [{ type: 'adult' }],
  slices = [slice('LHR', 'JFK', inDays(30))],
): Promise<OfferRequest> {
  const answer = await duffel.offerRequests.create({
    slices,
    passengers,
    cabin_class: 'economy',
    return_offers: true,
  });
  return answer.data;
}

function offerBy(request: OfferRequest, carrier: string, brand: string): ListedOffer {
  const offer = request.offers.find(
    (o) => o.owner.iata_code === carrier && o.slices[0]?.fare_brand_name === brand,
  );
  if (!offer) throw new Error(`no ${carrier} ${brand} offer`);
  return offer;
}

/** The order's passengers for an offer's: adults first, the first adult carrying the infant. */
function travellers(offer: Pick<Offer, 'passengers'>) {
  const infant = offer.passengers.find((p) => p.type === 'infant_without_seat');
  return offer.passengers.map((passenger, i) => ({
    id: passenger.id,
    title: 'mr' as const,
    gender: 'm' as const,
    given_name: `Traveller${i}`,
    family_name: 'Example',
    born_on:
      passenger.type === 'adult' ? '1980-02-03' : passenger.type === 'child' ? '2017-04-05' : '2025-06-07',
    email: `traveller${i}@example.com`,
    phone_number: '+442080160509',
    ...(i === 0 && infant ? { infant_passenger_id: infant.id } : {}),
  }));
}

type ClientError = InstanceType<typeof DuffelError>;
type ErrorBody = { errors: { code: string }[] };

async function failureOf(call: Promise<unknown>): Promise<ClientError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DuffelError);
  return error as ClientError;
}

/** A webhook receiver on this machine that keeps raw bodies and headers; it can refuse the first deliveries. */
async function startReceiver(refuseFirst = 0) {
  const received: { body: string; signature: string | undefined }[] = [];
  let refusals = refuseFirst;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (refusals > 0) {
        refusals -= 1;
        response.writeHead(500).end();
        return;
      }
      received.push({
        body: Buffer.concat(chunks).toString(),
        signature: request.headers['x-duffel-signature'] as string | undefined,
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/duffel`,
    received,
    events: () => received.map((r) => JSON.parse(r.body) as WebhookEvent),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  open.push(receiver);
  return receiver;
}

describe('the Duffel test server, through the official client', () => {
  // How fast it starts is a benchmark's (npm run bench:duffel-server, docs/benchmarks.md).
  it('starts on 127.0.0.1', async () => {
    const { server } = await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('searches, holds, pays, documents, quotes a cancellation and confirms it', async () => {
    const { server, duffel } = await start();
    const request = await search(duffel, [{ type: 'adult' }, { age: 7 }, { age: 1 }]);
    expect(request.id).toMatch(/^orq_/);
    expect(request.passengers.map((p) => p.id)).toEqual(request.offers[0]!.passengers.map((p) => p.id));
    const brands = new Set(
      request.offers.filter((o) => o.owner.iata_code === 'ZZ').map((o) => o.slices[0]!.fare_brand_name),
    );
    expect(brands).toEqual(new Set(['Basic', 'Standard', 'Flex']));

    const listed = offerBy(request, 'ZZ', 'Standard');
    expect(listed.payment_requirements.requires_instant_payment).toBe(false);
    expect(listed.conditions.refund_before_departure).toMatchObject({
      allowed: true,
      penalty_currency: 'GBP',
    });
    const segment = listed.slices[0]!.segments[0]!;
    expect(segment.passengers.map((p) => p.baggages)).toEqual([
      [
        { type: 'checked', quantity: 1 },
        { type: 'carry_on', quantity: 1 },
      ],
      [
        { type: 'checked', quantity: 1 },
        { type: 'carry_on', quantity: 1 },
      ],
      [
        { type: 'checked', quantity: 0 },
        { type: 'carry_on', quantity: 0 },
      ],
    ]);
    // Re-pricing before the hold: the same price while nothing changed.
    const { data: offer } = await duffel.offers.get(listed.id, { return_available_services: true });
    expect(offer.total_amount).toBe(listed.total_amount);
    expect(offer.available_services.every((s) => s.type === 'baggage' && s.passenger_ids.length === 1)).toBe(
      true,
    );

    const held = await duffel.orders.create({
      // The reference's name today; the client's type (4.30.0) still knows only the older 'pay_later'.
      type: 'hold' as 'pay_later',
      selected_offers: [offer.id],
      passengers: travellers(offer),
      metadata: { skydesk_booking_id: 'bk_123' },
    });
    expect(held.status).toBe(201);
    expect(held.data.payment_status).toMatchObject({ awaiting_payment: true, paid_at: null });
    expect(held.data.payment_status.payment_required_by).toBe(offer.payment_requirements.payment_required_by);
    expect(held.data.booking_reference).toMatch(/^[A-Z0-9]{6}$/);
    expect(held.data.documents).toEqual([]);
    expect(held.data.total_amount).toBe(offer.total_amount);

    const payment = await duffel.payments.create({
      order_id: held.data.id,
      payment: { type: 'balance', amount: held.data.total_amount, currency: held.data.total_currency },
    });
    expect(payment.status).toBe(201);
    expect(payment.data).toMatchObject({ amount: offer.total_amount, currency: 'GBP', type: 'balance' });

    const { data: paid } = await duffel.orders.get(held.data.id);
    expect(paid.payment_status.awaiting_payment).toBe(false);
    expect(paid.documents).toHaveLength(3);
    for (const document of paid.documents ?? []) {
      expect(document.type).toBe('electronic_ticket');
      expect(document.unique_identifier).toMatch(/^\d{13}$/);
    }
    expect(paid.documents?.flatMap((d) => d.passenger_ids).sort()).toEqual(
      paid.passengers.map((p) => p.id).sort(),
    );
    const again = await failureOf(
      duffel.payments.create({
        order_id: paid.id,
        payment: { type: 'balance', amount: paid.total_amount, currency: 'GBP' },
      }),
    );
    expect(again.errors[0]).toMatchObject({ type: 'invalid_state_error', code: 'already_paid' });

    const { data: quote } = await duffel.orderCancellations.create({ order_id: paid.id });
    expect(quote).toMatchObject({
      order_id: paid.id,
      refund_to: 'balance',
      refund_currency: 'GBP',
      confirmed_at: null,
    });
    const penalty = Number(offer.conditions.refund_before_departure?.penalty_amount);
    expect(Number(quote.refund_amount)).toBeCloseTo(Number(paid.total_amount) - penalty, 2);
    const { data: confirmed } = await duffel.orderCancellations.confirm(quote.id);
    expect(confirmed.confirmed_at).not.toBeNull();
    const { data: cancelled } = await duffel.orders.get(paid.id);
    expect(cancelled.cancelled_at).toBe(confirmed.confirmed_at);
    expect(cancelled.available_actions).toEqual([]);
    const { data: quotes } = await duffel.orderCancellations.list({ order_id: paid.id });
    expect(quotes.map((q) => q.id)).toEqual([quote.id]);

    expect(server.state.orders()).toHaveLength(1);
    expect(server.state.payments().map((p) => [p.order_id, p.amount, p.purpose])).toEqual([
      [paid.id, offer.total_amount, 'hold_payment'],
    ]);
    expect(server.state.refunds()).toEqual([
      expect.objectContaining({ order_id: paid.id, amount: quote.refund_amount }),
    ]);
  });

  it('makes an instant order paid from the balance, refusing a wrong amount without booking', async () => {
    const { server, duffel } = await start();
    const offer = offerBy(await search(duffel), 'Z1', 'Light');
    expect(offer.payment_requirements).toEqual({
      requires_instant_payment: true,
      payment_required_by: null,
      price_guarantee_expires_at: null,
    });
    const order = (amount: string, type: 'instant' | 'hold' = 'instant') =>
      duffel.orders.create({
        type: type === 'hold' ? 'pay_later' : 'instant',
        selected_offers: [offer.id],
        passengers: travellers(offer),
        ...(type === 'instant'
          ? { payments: [{ type: 'balance' as const, amount, currency: offer.total_currency }] }
          : {}),
      });

    const held = await failureOf(order(offer.total_amount, 'hold'));
    expect(held.errors[0]).toMatchObject({ code: 'invalid_order_type' });
    const wrong = await failureOf(order('1.00'));
    expect(wrong.meta.status).toBe(422);
    expect(wrong.errors[0]).toMatchObject({ type: 'validation_error', code: 'invalid_payment_amount' });
    expect(server.state.orders()).toEqual([]);

    const made = await order(offer.total_amount);
    expect(made.data.payment_status).toMatchObject({ awaiting_payment: false, payment_required_by: null });
    expect(made.data.payment_status.paid_at).not.toBeNull();
    expect(made.data.documents?.map((d) => d.type)).toEqual(['electronic_ticket']);
    expect(made.data.documents?.[0]?.unique_identifier).toMatch(/^998\d{10}$/);
    expect(server.state.payments().map((p) => [p.amount, p.currency, p.purpose])).toEqual([
      [offer.total_amount, 'GBP', 'instant_order'],
    ]);
    // An offer books once.
    const twice = await failureOf(order(offer.total_amount));
    expect(twice.errors[0]).toMatchObject({ code: 'offer_no_longer_available' });
  });

  it('refuses to pay a hold after its time limit, and checks searches as the reference does', async () => {
    const { server, duffel } = await start();
    const offer = offerBy(await search(duffel), 'ZZ', 'Basic');
    const { data: held } = await duffel.orders.create({
      type: 'pay_later',
      selected_offers: [offer.id],
      passengers: travellers(offer),
    });
    server.controls.expireHold(held.id);
    const late = await failureOf(
      duffel.payments.create({
        order_id: held.id,
        payment: { type: 'balance', amount: held.total_amount, currency: 'GBP' },
      }),
    );
    expect(late.errors[0]).toMatchObject({ type: 'invalid_state_error', code: 'hold_expired' });
    expect(server.state.payments()).toEqual([]);

    const past = await failureOf(search(duffel, [{ type: 'adult' }], [slice('LHR', 'JFK', '2020-01-01')]));
    expect(past.errors[0]).toMatchObject({
      type: 'validation_error',
      source: { field: 'slices.0.departure_date' },
    });
    const lapInfants = await failureOf(search(duffel, [{ type: 'adult' }, { age: 0 }, { age: 1 }]));
    expect(lapInfants.meta.status).toBe(422);
    const city = await search(duffel, [{ type: 'adult' }], [slice('LON', 'NYC', inDays(40))]);
    expect(city.slices[0]).toMatchObject({ origin_type: 'city', origin: { iata_code: 'LON', type: 'city' } });
    expect(city.offers[0]!.slices[0]!.segments[0]!.origin.iata_code).toBe('LHR');
  });

  it('pages offers and orders with the client’s cursors, and finds an order by its metadata by paging', async () => {
    const { duffel } = await start();
    const request = await search(duffel);
    const paged: string[] = [];
    for await (const page of duffel.offers.listWithGenerator({ offer_request_id: request.id, limit: 4 })) {
      paged.push(page.data.id);
    }
    expect(paged).toEqual(request.offers.map((o) => o.id));
    const first = await duffel.offers.list({ offer_request_id: request.id, limit: 4 });
    expect(first.meta).toMatchObject({ limit: 4, before: null });
    expect(first.meta?.after).toEqual(expect.any(String));
    const byPrice = await duffel.offers.list({
      offer_request_id: request.id,
      sort: 'total_amount',
      limit: 200,
    });
    const prices = byPrice.data.map((o) => Number(o.total_amount));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const zz = request.offers.filter((o) => o.owner.iata_code === 'ZZ');
    for (const [i, offer] of zz.slice(0, 5).entries()) {
      await duffel.orders.create({
        type: 'pay_later',
        selected_offers: [offer.id],
        passengers: travellers(offer),
        metadata: { skydesk_booking_id: `bk_${i}` },
      });
    }
    const found = [];
    for await (const { data } of duffel.orders.listWithGenerator({ awaiting_payment: true })) {
      if (data.metadata.skydesk_booking_id === 'bk_3') found.push(data.id);
    }
    expect(found).toHaveLength(1);
    const small = await duffel.orders.list({ limit: 2 });
    expect(small.data).toHaveLength(2);
    const next = await duffel.orders.list({ limit: 2, after: small.meta?.after ?? '' });
    expect(next.data.map((o) => o.id)).not.toContain(small.data[0]!.id);
  });

  it('refuses callers without the token or Duffel-Version v2, in Duffel’s error shape', async () => {
    const { server } = await start();
    const wrongToken = await failureOf(
      new Duffel({ token: 'duffel_test_other', basePath: server.url }).orders.list(),
    );
    expect(wrongToken.meta).toMatchObject({ status: 401, request_id: expect.any(String) });
    expect(wrongToken.errors[0]).toMatchObject({
      type: 'authentication_error',
      code: 'access_token_not_found',
    });
    const oldVersion = await failureOf(
      new Duffel({ token: TOKEN, basePath: server.url, apiVersion: 'v1' }).orders.list(),
    );
    expect(oldVersion.errors[0]).toMatchObject({
      type: 'invalid_request_error',
      code: 'unsupported_version',
    });

    const bare = await fetch(`${server.url}/air/orders`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as ErrorBody).errors[0]?.code).toBe('missing_version_header');
    const unwrapped = await fetch(`${server.url}/air/payments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TOKEN}`,
        'duffel-version': 'v2',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ order_id: 'ord_1' }),
    });
    expect(unwrapped.status).toBe(400);
    expect(((await unwrapped.json()) as ErrorBody).errors[0]?.code).toBe('missing_data_param');
    const missing = await fetch(`${server.url}/air/orders/ord_0000nothing`, {
      headers: { authorization: `Bearer ${TOKEN}`, 'duffel-version': 'v2' },
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ errors: [{ code: 'not_found' }], meta: { status: 404 } });
  });

  it('shows prices in the currency a test chooses, and the same flights for the same seed', async () => {
    const gbp = await start({ seed: 7 });
    const usd = await start({ seed: 7, currency: 'USD' });
    const [inGbp, inUsd] = await Promise.all([search(gbp.duffel), search(usd.duffel)]);
    const flights = (r: OfferRequest) =>
      r.offers.map((o) =>
        o.slices[0]!.segments.map((s) => `${s.marketing_carrier_flight_number} ${s.departing_at}`).join(),
      );
    expect(flights(inUsd)).toEqual(flights(inGbp));
    expect(inUsd.offers.every((o) => o.total_currency === 'USD')).toBe(true);
    expect(Number(inUsd.offers[0]!.total_amount)).toBeGreaterThan(Number(inGbp.offers[0]!.total_amount));
    // No state shared between instances.
    const offer = offerBy(inGbp, 'ZZ', 'Basic');
    await gbp.duffel.orders.create({
      type: 'pay_later',
      selected_offers: [offer.id],
      passengers: travellers(offer),
    });
    expect(gbp.server.state.orders()).toHaveLength(1);
    expect(usd.server.state.orders()).toHaveLength(0);
  });

  it('sells seats from seat maps and bags with the order and after it', async () => {
    const { server, duffel } = await start();
    const request = await search(duffel, [{ type: 'adult' }, { age: 9 }]);
    const { data: offer } = await duffel.offers.get(offerBy(request, 'ZZ', 'Basic').id, {
      return_available_services: true,
    });
    const { data: maps } = await duffel.seatMaps.get({ offer_id: offer.id });
    expect(maps.map((m) => m.segment_id)).toEqual(offer.slices.flatMap((s) => s.segments.map((g) => g.id)));
    const cabin = maps[0]!.cabins[0]!;
    const elements = cabin.rows.flatMap((r) => r.sections.flatMap((s) => s.elements));
    const types = new Set(elements.map((e) => e.type));
    for (const type of ['seat', 'exit_row', 'lavatory', 'galley', 'restricted_seat_general'])
      expect(types).toContain(type);
    expect(cabin.wings).toEqual({ first_row_index: expect.any(Number), last_row_index: expect.any(Number) });
    const seats = elements.filter((e): e is SeatMapCabinRowSectionElementSeat => e.type === 'seat');
    expect(seats.some((s) => s.designator.startsWith('13'))).toBe(false);
    const [adult, child] = offer.passengers;
    const exitSeat = seats.find((s) => s.name === 'Exit row seat' && s.available_services.length > 0)!;
    expect(exitSeat.available_services.map((s) => s.passenger_id)).toEqual([adult!.id]);
    const seat = seats.find((s) => s.name === 'Standard seat' && s.available_services.length === 2)!;
    const seatService = seat.available_services.find((s) => s.passenger_id === child!.id)!;
    const bag = offer.available_services.find((s) => s.passenger_ids[0] === adult!.id)!;
    const total = (
      Number(offer.total_amount) +
      Number(seatService.total_amount) +
      Number(bag.total_amount)
    ).toFixed(2);

    const { data: order } = await duffel.orders.create({
      type: 'instant',
      selected_offers: [offer.id],
      passengers: travellers(offer),
      services: [
        { id: seatService.id, quantity: 1 },
        { id: bag.id, quantity: 1 },
      ],
      payments: [{ type: 'balance', amount: total, currency: offer.total_currency }],
    });
    expect(order.total_amount).toBe(total);
    expect(order.services.map((s) => [s.type, s.total_amount])).toEqual([
      ['seat', seatService.total_amount],
      ['baggage', bag.total_amount],
    ]);
    const onSegment = order.slices[0]!.segments[0]!.passengers.find((p) => p.passenger_id === child!.id);
    expect(onSegment?.seat?.designator).toBe(seat.designator);
    expect(
      order.documents?.filter((d) => d.type === 'electronic_miscellaneous_document_associated'),
    ).toHaveLength(2);

    // The seat is gone from the flight's map for the next traveller's offer.
    const later = await search(duffel, [{ type: 'adult' }]);
    const sameFlight = later.offers.find(
      (o) =>
        o.slices[0]!.segments[0]!.departing_at === offer.slices[0]!.segments[0]!.departing_at &&
        o.owner.iata_code === 'ZZ',
    )!;
    const { data: laterMaps } = await duffel.seatMaps.get({ offer_id: sameFlight.id });
    const sameSeat = laterMaps[0]!.cabins[0]!.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)).find(
      (e) => e.type === 'seat' && e.designator === seat.designator,
    );
    expect(sameSeat).toMatchObject({ available_services: [] });

    const { data: onSale } = await duffel.orders.getAvailableServices(order.id);
    const extra = onSale.find((s) => s.passenger_ids[0] === adult!.id)!;
    const wrongPay = await failureOf(
      duffel.orders.addServices(order.id, {
        add_services: [{ id: extra.id, quantity: 1 }],
        payment: { type: 'balance', amount: '0.01', currency: extra.total_currency },
      }),
    );
    expect(wrongPay.errors[0]!.code).toBe('invalid_payment_amount');
    const { data: withBag } = await duffel.orders.addServices(order.id, {
      add_services: [{ id: extra.id, quantity: 1 }],
      payment: { type: 'balance', amount: extra.total_amount, currency: extra.total_currency },
    });
    expect(withBag.services).toHaveLength(3);
    expect(withBag.documents).toHaveLength(order.documents!.length + 1);
    expect(server.state.payments().map((p) => [p.purpose, p.amount])).toEqual([
      ['instant_order', total],
      ['services', extra.total_amount],
    ]);
  });
});

describe('switchable failures', () => {
  async function heldOrderAttempt(duffel: Duffel, bookingId: string) {
    const offer = offerBy(await search(duffel), 'ZZ', 'Basic');
    const create = () =>
      duffel.orders.create({
        type: 'pay_later',
        selected_offers: [offer.id],
        passengers: travellers(offer),
        metadata: { skydesk_booking_id: bookingId },
      });
    return { offer, create };
  }

  it('answers 429 with Retry-After, once', async () => {
    const { server, duffel } = await start();
    server.failures.next('POST /air/offer_requests', { kind: 'rate_limited', retryAfterSeconds: 2 });
    const limited = await failureOf(search(duffel));
    expect(limited.meta.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.errors[0]).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    expect((await search(duffel)).offers.length).toBeGreaterThan(0);
    expect(server.state.offerRequestCount()).toBe(1);
  });

  it('a 500 before the order makes nothing', async () => {
    const { server, duffel } = await start();
    const { create } = await heldOrderAttempt(duffel, 'bk_before');
    server.failures.next('POST /air/orders', { kind: 'server_error', when: 'before' });
    const error = await failureOf(create());
    expect(error.meta.status).toBe(500);
    expect(error.errors[0]).toMatchObject({ type: 'api_error', code: 'internal_server_error' });
    expect(server.state.orders()).toEqual([]);
    await create();
    expect(server.state.orders()).toHaveLength(1);
  });

  it('a 500 after the order leaves it made and findable by its metadata; the offer does not book twice', async () => {
    const { server, duffel } = await start();
    const { create } = await heldOrderAttempt(duffel, 'bk_after');
    server.failures.next('POST /air/orders', { kind: 'server_error', when: 'after' });
    await failureOf(create());
    const lookedUp = [];
    for await (const { data } of duffel.orders.listWithGenerator()) {
      if (data.metadata.skydesk_booking_id === 'bk_after') lookedUp.push(data);
    }
    expect(lookedUp).toHaveLength(1);
    const retry = await failureOf(create());
    expect(retry.errors[0]).toMatchObject({ code: 'offer_no_longer_available' });
    expect(server.state.ordersWithMetadata('skydesk_booking_id', 'bk_after')).toHaveLength(1);
    expect(server.requestsTo('POST /air/orders').map((r) => [r.status, r.failure])).toEqual([
      [500, 'server_error'],
      [422, null],
    ]);
  });

  it('a timeout hangs until the connection is cut, with or without the order made', async () => {
    const { server, duffel } = await start();
    const { create } = await heldOrderAttempt(duffel, 'bk_timeout');
    server.failures.next('POST /air/orders', { kind: 'timeout', when: 'before', hangMs: 50 });
    await expect(create()).rejects.toThrow();
    expect(server.state.orders()).toEqual([]);
    server.failures.next('POST /air/orders', { kind: 'timeout', when: 'after', hangMs: 50 });
    await expect(create()).rejects.toThrow();
    expect(server.state.ordersWithMetadata('skydesk_booking_id', 'bk_timeout')).toHaveLength(1);
    expect(server.requestsTo('POST /air/orders').map((r) => r.outcome)).toEqual(['hung', 'hung']);

    // Without hangMs it waits for the client to give up (here: an aborted fetch).
    server.failures.next('GET /air/orders', { kind: 'timeout', when: 'before' });
    const gaveUp = fetch(`${server.url}/air/orders`, {
      headers: { authorization: `Bearer ${TOKEN}`, 'duffel-version': 'v2' },
      signal: AbortSignal.timeout(100),
    });
    await expect(gaveUp).rejects.toThrow();
  });

  it('a connection reset answers nothing', async () => {
    const { server, duffel } = await start();
    const { create } = await heldOrderAttempt(duffel, 'bk_reset');
    server.failures.next('POST /air/orders', { kind: 'connection_reset', when: 'after' });
    await expect(create()).rejects.toThrow();
    expect(server.state.orders()).toHaveLength(1);
    expect(server.requestsTo('POST /air/orders')[0]).toMatchObject({ outcome: 'reset', status: null });
  });

  it('a 202 is followed by order.creation_failed, and the order never exists', async () => {
    const receiver = await startReceiver();
    const { server, duffel } = await start({ webhook: { url: receiver.url, secret: 'whsec_local' } });
    const { offer, create } = await heldOrderAttempt(duffel, 'bk_202');
    server.failures.next('POST /air/orders', { kind: 'accepted_then_failed', failAfterMs: 20 });
    const accepted = await create();
    expect(accepted.status).toBe(202);
    const pending = accepted.data as unknown as PendingOrder;
    expect(pending).toMatchObject({
      id: expect.stringMatching(/^por_/),
      status: 'pending',
      metadata: { skydesk_booking_id: 'bk_202' },
    });
    await server.idle();
    const failed = receiver.events().find((event) => event.type === 'order.creation_failed');
    expect(failed?.data.object).toMatchObject({ id: pending.id, status: 'failed' });
    expect(Buffer.from(failed!.idempotency_key, 'base64').toString()).toBe(`failed-${pending.id}`);
    expect(server.state.orders()).toEqual([]);
    expect((await failureOf(duffel.orders.get(pending.id))).meta.status).toBe(404);
    // Nothing was booked: the offer can still be ordered.
    expect((await duffel.offers.get(offer.id)).data.id).toBe(offer.id);
  });

  it('a price rise shows on re-pricing, and an order at the old amount gets price_changed', async () => {
    const { server, duffel } = await start();
    const offer = offerBy(await search(duffel), 'ZZ', 'Flex');
    server.failures.next('GET /air/offers/{id}', { kind: 'price_rise', amount: '25.00' });
    const { data: repriced } = await duffel.offers.get(offer.id);
    const risen = (Number(offer.total_amount) + 25).toFixed(2);
    expect(repriced.total_amount).toBe(risen);
    const order = (amount: string) =>
      duffel.orders.create({
        type: 'instant',
        selected_offers: [offer.id],
        passengers: travellers(offer),
        payments: [{ type: 'balance', amount, currency: offer.total_currency }],
      });
    const stale = await failureOf(order(offer.total_amount));
    expect(stale.errors[0]).toMatchObject({ type: 'airline_error', code: 'price_changed' });
    expect((await order(risen)).data.total_amount).toBe(risen);
    expect(server.state.paidTotal('GBP')).toBe(risen);
  });

  it('an expired offer is no longer available, on reading and on ordering', async () => {
    const { server, duffel } = await start();
    const [first, second] = (await search(duffel)).offers;
    server.failures.next('GET /air/offers/{id}', { kind: 'offer_expired' });
    const read = await failureOf(duffel.offers.get(first!.id));
    expect(read.meta.status).toBe(422);
    expect(read.errors[0]).toMatchObject({ code: 'offer_no_longer_available' });
    server.controls.expireOffer(second!.id);
    const ordered = await failureOf(
      duffel.orders.create({
        type: 'pay_later',
        selected_offers: [second!.id],
        passengers: travellers(second!),
      }),
    );
    expect(ordered.errors[0]).toMatchObject({ code: 'offer_no_longer_available' });
  });

  it('delays, persistent failures and any Duffel error can be switched on and off', async () => {
    const { server, duffel } = await start();
    server.failures.next('POST /air/offer_requests', { kind: 'delay', ms: 120 });
    const began = performance.now();
    await search(duffel);
    expect(performance.now() - began).toBeGreaterThanOrEqual(100);

    server.failures.always('*', {
      kind: 'error',
      status: 503,
      type: 'api_error',
      code: 'service_unavailable',
    });
    expect((await failureOf(duffel.orders.list())).meta.status).toBe(503);
    expect((await failureOf(duffel.orders.list())).meta.status).toBe(503);
    server.failures.clear();
    expect((await duffel.orders.list()).status).toBe(200);
    expect(server.failures.pending()).toEqual([]);
  });
});

describe('webhooks', () => {
  it('sends signed events that verify with the secret, retrying a receiver that fails', async () => {
    const receiver = await startReceiver(2);
    const secret = 'whsec_local_test';
    const { server, duffel } = await start({ webhook: { url: receiver.url, secret, retryDelaysMs: [10] } });
    const offer = offerBy(await search(duffel), 'ZZ', 'Standard');
    const { data: order } = await duffel.orders.create({
      type: 'pay_later',
      selected_offers: [offer.id],
      passengers: travellers(offer),
    });
    await server.idle();

    const [delivery] = server.webhooks.deliveries;
    expect(delivery?.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    const [received] = receiver.received;
    expect(verifyWebhookSignature(received!.body, received!.signature, secret)).toBe(true);
    expect(verifyWebhookSignature(received!.body, received!.signature, 'another_secret')).toBe(false);
    expect(verifyWebhookSignature(`${received!.body} `, received!.signature, secret)).toBe(false);
    // The scheme itself, independently: t=<unix seconds>,v1=hex(HMAC-SHA256(secret, "<t>.<body>")).
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(received!.signature ?? '')!;
    expect(createHmac('sha256', secret).update(`${t}.${received!.body}`).digest('hex')).toBe(v1);

    const event = JSON.parse(received!.body) as WebhookEvent<{ id: string }>;
    expect(event).toMatchObject({
      id: expect.stringMatching(/^wev_/),
      api_version: 'v2',
      type: 'order.created',
      live_mode: false,
      idempotency_key: order.id,
      identity_organisation_id: expect.stringMatching(/^org_/),
      data: { object: { id: order.id } },
    });
  });

  it('tells of an airline-initiated change, an order update, a payment and a cancellation', async () => {
    const receiver = await startReceiver();
    const { server, duffel } = await start({ webhook: { url: receiver.url, secret: 'whsec_local' } });
    const offer = offerBy(await search(duffel), 'ZZ', 'Flex');
    const { data: order } = await duffel.orders.create({
      type: 'pay_later',
      selected_offers: [offer.id],
      passengers: travellers(offer),
    });
    await duffel.payments.create({
      order_id: order.id,
      payment: { type: 'balance', amount: order.total_amount, currency: 'GBP' },
    });

    const change = server.controls.airlineInitiatedChange(order.id, { minutes: 120 });
    const { data: changed } = await duffel.orders.get(order.id);
    const before = order.slices[0]!.segments[0]!.departing_at;
    expect(changed.slices[0]!.segments[0]!.departing_at).not.toBe(before);
    expect(changed.airline_initiated_changes.map((c) => c.id)).toEqual([change.id]);
    const { data: listed } = await duffel.airlineInitiatedChanges.list(order.id);
    expect(listed[0]).toMatchObject({ id: change.id, action_taken: null });
    expect((await duffel.airlineInitiatedChanges.accept(change.id)).data.action_taken).toBe('accepted');

    server.controls.updateOrder(order.id, (o) => {
      o.metadata = { note: 'airline updated' };
    });
    const { data: quote } = await duffel.orderCancellations.create({ order_id: order.id });
    await duffel.orderCancellations.confirm(quote.id);
    await server.idle();

    expect(receiver.events().map((e) => e.type)).toEqual([
      'order.created',
      'payment.created',
      'order.airline_initiated_change_detected',
      'order.updated',
      'order_cancellation.created',
      'order_cancellation.confirmed',
    ]);
    const detected = receiver.events()[2] as WebhookEvent<{ id: string; order_id: string }>;
    expect(detected.data.object).toMatchObject({ id: change.id, order_id: order.id });
    expect(server.webhooks.events).toHaveLength(6);
  });

  it('sends webhooks only to this machine', async () => {
    await expect(
      createDuffelTestServer({ token: TOKEN, webhook: { url: 'https://example.com/hook', secret: 'x' } }),
    ).rejects.toThrow(/only sends webhooks to this machine/);
  });
});

describe('order changes, through the official client', () => {
  it('answers a change request with offers, makes a change from one and confirms it with its payment', async () => {
    const { server, duffel } = await start();
    const offer = offerBy(await search(duffel), 'ZZ', 'Standard');
    const { data: order } = await duffel.orders.create({
      type: 'instant',
      selected_offers: [offer.id],
      passengers: travellers(offer),
      payments: [{ type: 'balance', amount: offer.total_amount, currency: offer.total_currency }],
    });
    const oldTicket = order.documents?.find((d) => d.type === 'electronic_ticket')?.unique_identifier;
    const { data: request } = await duffel.orderChangeRequests.create({
      order_id: order.id,
      slices: {
        remove: [{ slice_id: order.slices[0]!.id }],
        add: [{ origin: 'LHR', destination: 'JFK', departure_date: inDays(33), cabin_class: 'economy' }],
      },
    });
    expect(request.order_id).toBe(order.id);
    expect(request.order_change_offers.length).toBeGreaterThan(0);
    const chosen = request.order_change_offers.find((o) => Number(o.change_total_amount) > 0)!;
    // The reference's names (the client's 4.x type says penalty_amount): the three amounts apart.
    expect(chosen).toMatchObject({
      id: expect.stringMatching(/^oco_/),
      change_total_currency: 'GBP',
      penalty_total_amount: '50.00',
      new_total_currency: 'GBP',
      order_change_id: null,
    });
    expect(chosen.slices.remove[0]!.id).toBe(order.slices[0]!.id);
    expect(chosen.slices.add[0]!.segments[0]!.departing_at.slice(0, 10)).toBe(inDays(33));
    expect((await duffel.orderChangeRequests.get(request.id)).data.order_change_offers).toHaveLength(
      request.order_change_offers.length,
    );

    const { data: pending } = await duffel.orderChanges.create({ selected_order_change_offer: chosen.id });
    expect(pending).toMatchObject({ order_id: order.id, confirmed_at: null });
    expect((await duffel.orderChangeOffers.get(chosen.id)).data.order_change_id).toBe(pending.id);
    // Confirmed without its payment: refused (a positive change total is paid).
    await expect(duffel.orderChanges.confirm(pending.id, {})).rejects.toBeInstanceOf(DuffelError);
    const { data: confirmed } = await duffel.orderChanges.confirm(pending.id, {
      payment: { type: 'balance', amount: chosen.change_total_amount!, currency: 'GBP' },
    });
    expect(confirmed.id).toBe(pending.id);
    expect(server.state.payments().at(-1)).toMatchObject({
      purpose: 'order_change',
      amount: chosen.change_total_amount,
    });
    const { data: changed } = await duffel.orders.get(order.id);
    expect(changed.booking_reference).toBe(order.booking_reference);
    expect(changed.slices[0]!.segments[0]!.departing_at.slice(0, 10)).toBe(inDays(33));
    const newTicket = changed.documents?.find((d) => d.type === 'electronic_ticket')?.unique_identifier;
    expect(newTicket).toMatch(/^\d{13}$/);
    expect(newTicket).not.toBe(oldTicket);
    expect(changed.total_amount).toBe(chosen.new_total_amount);
  });
});
