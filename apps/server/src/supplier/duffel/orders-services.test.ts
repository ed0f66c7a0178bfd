import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDuffelTestServer,
  type DuffelTestServer,
} from '../../../test/support/duffel/duffel-test-server.js';
import { type RemoteOffer, withServices } from '../remote-orders.js';
import { convertToPlatformMinor } from '../remote-pricing.js';
import { createDuffelHttp } from './http.js';
import { passengersInOrder } from './offers.js';
import { createDuffelOrders } from './orders.js';
import { createDuffelSeatMaps } from './seat-maps.js';
import { createDuffelServices } from './services.js';
import type { Offer, OfferRequest } from './types.js';

/**
 * Issue 31 on the local Duffel test server: seats and bags chosen with a Duffel Airways offer go
 * with its order as Duffel's service ids (`services: [{ id, quantity }]`), the order is paid for the
 * fare and the services exactly, and each paid service gets its EMD. A hold never carries them.
 */

const TOKEN = 'duffel_test_local';
let server: DuffelTestServer;
let offer: Offer;
let remote: RemoteOffer;
const http = () => createDuffelHttp({ token: TOKEN, baseUrl: server.url });

beforeAll(async () => {
  server = await createDuffelTestServer({ token: TOKEN, seed: 7 });
  const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const answer = await http().request<OfferRequest>({
    method: 'POST',
    path: '/air/offer_requests',
    params: { return_offers: true },
    data: {
      slices: [{ origin: 'LHR', destination: 'JFK', departure_date: date }],
      passengers: [{ type: 'adult' }, { age: 10 }],
      cabin_class: 'economy',
      max_connections: 0,
    },
    write: false,
  });
  // Duffel Airways' cheapest (Basic: every seat is paid for).
  offer = (answer.data.offers as Offer[])
    .filter((o) => o.owner.iata_code === 'ZZ')
    .sort((a, b) => Number(a.total_amount) - Number(b.total_amount))[0]!;
  remote = {
    offerId: offer.id,
    passengers: passengersInOrder(offer),
    segmentIds: offer.slices.flatMap((slice) => slice.segments.map((segment) => segment.id)),
    price: { amount: offer.total_amount, currency: offer.total_currency },
    rate: 1,
    netMinor: convertToPlatformMinor(offer.total_amount, offer.total_currency, 1),
    markupMinor: 0,
    instantPaymentOnly: false,
    holdUntil: null,
  };
});
afterAll(async () => server?.close());

const PASSENGERS = [
  { title: 'MR', firstName: 'Ada', lastName: 'Lovelace', gender: 'F', dateOfBirth: '1980-01-01' },
  { title: 'MSTR', firstName: 'Tom', lastName: 'Lovelace', gender: 'M', dateOfBirth: '2016-01-01' },
].map((p) => ({ ...p, email: 'desk@agency.test', phone: '+442079460000' }));

describe('Duffel services with the order', () => {
  it('orders a paid seat and a bag with the fare, paid for all of it, each service with its EMD', async () => {
    const seatMaps = createDuffelSeatMaps({ http: http(), currency: 'GBP' });
    const services = createDuffelServices({ http: http(), seatMaps, currency: 'GBP' });
    const adult = remote.passengers[0]!.id;
    const maps = await seatMaps.rawSeatMaps(offer.id);
    const paidSeat = maps[0]!.cabins
      .flatMap((cabin) => cabin.rows)
      .flatMap((row) => row.sections)
      .flatMap((section) => section.elements)
      .find(
        (element) =>
          element.type === 'seat' &&
          element.available_services.some((s) => s.passenger_id === adult && Number(s.total_amount) > 0),
      );
    expect(paidSeat?.type).toBe('seat');
    if (paidSeat?.type !== 'seat') return;

    const quote = await services.quote(remote, [
      { type: 'seat', passenger_index: 0, segment_index: 0, designator: paidSeat.designator },
      { type: 'bag', passenger_index: 0, segment_index: 0, quantity: 1 },
    ]);
    if (quote.status !== 'quoted') throw new Error(`not quoted: ${JSON.stringify(quote)}`);
    const seatService = paidSeat.available_services.find((s) => s.passenger_id === adult)!;
    expect(quote.services.items[0]).toEqual({ id: seatService.id, quantity: 1 });
    const folded = withServices(remote, quote.services);
    const expectedMinor =
      Math.round(Number(offer.total_amount) * 100) + Math.round(Number(quote.services.price.amount) * 100);
    expect(Math.round(Number(folded.price.amount) * 100)).toBe(expectedMinor);
    expect(folded.netMinor).toBe(remote.netMinor + quote.totalMinor);

    const orders = createDuffelOrders({ http: http() });
    // A hold never carries services (Duffel takes none with one): refused here, nothing sent.
    await expect(
      orders.createHold({ bookingId: 'b-hold', offer: folded, passengers: PASSENGERS }),
    ).rejects.toThrow(/cannot carry services/);
    expect(server.requestsTo('POST /air/orders')).toHaveLength(0);

    const created = await orders.createInstant({
      bookingId: 'b-1',
      offer: folded,
      passengers: PASSENGERS,
      payment: folded.price,
    });
    expect(created.status).toBe('created');
    if (created.status !== 'created') return;
    expect(Math.round(Number(created.order.total.amount) * 100)).toBe(expectedMinor);
    expect(created.order.tickets).toHaveLength(2);

    const sent = server.requestsTo('POST /air/orders')[0]!.data as { services: unknown };
    expect(sent.services).toEqual(quote.services.items);
    const order = server.state.order(created.order.id)!;
    expect(order.services.map((s) => s.type).sort()).toEqual(['baggage', 'seat']);
    expect(
      (order.documents ?? []).filter((d) => d.type === 'electronic_miscellaneous_document_associated'),
    ).toHaveLength(2);
    expect(server.state.payments().map((p) => Math.round(Number(p.amount) * 100))).toEqual([expectedMinor]);
  });
});

describe('Duffel bags after booking', () => {
  it('reads the order with its bags on sale, and adds one paid exactly from the balance, with its EMD', async () => {
    const orders = createDuffelOrders({ http: http() });
    const fresh = await http().request<OfferRequest>({
      method: 'POST',
      path: '/air/offer_requests',
      params: { return_offers: true },
      data: {
        slices: [
          {
            origin: 'LHR',
            destination: 'JFK',
            departure_date: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10),
          },
        ],
        passengers: [{ type: 'adult' }, { age: 10 }],
        cabin_class: 'economy',
        max_connections: 0,
      },
      write: false,
    });
    const zz = (fresh.data.offers as Offer[]).find((o) => o.owner.iata_code === 'ZZ')!;
    const created = await orders.createInstant({
      bookingId: 'b-after',
      offer: { ...remote, offerId: zz.id, passengers: passengersInOrder(zz) },
      passengers: PASSENGERS,
      payment: { amount: zz.total_amount, currency: zz.total_currency },
    });
    if (created.status !== 'created') throw new Error('not created');

    const sale = await orders.bagsOnSale!(created.order.id);
    // The order as it is: its flights' segment ids, its documents, no service yet.
    expect(sale.order.segmentIds).toEqual(zz.slices.flatMap((s) => s.segments.map((g) => g.id)));
    expect(sale.order.services).toEqual([]);
    // Checked bags stating their weight, one per passenger over the slice, in Duffel's shape read.
    expect(sale.bags).toHaveLength(2);
    const [bag] = sale.bags;
    expect(bag).toMatchObject({
      id: expect.stringMatching(/^ase_/),
      passengerIds: [expect.any(String)],
      segmentIds: sale.order.segmentIds,
      maximumQuantity: 2,
      weightKg: 23,
      price: { amount: expect.stringMatching(/^\d+\.\d{2}$/), currency: zz.total_currency },
    });

    const payment = {
      amount: (Math.round(Number(bag!.price.amount) * 100 * 2) / 100).toFixed(2),
      currency: bag!.price.currency,
    };
    const after = await orders.addServices!(created.order.id, [{ id: bag!.id, quantity: 2 }], payment);
    const [call] = server.requestsTo('POST /air/orders/{id}/services');
    expect(call!.path).toBe(`/air/orders/${created.order.id}/services`);
    expect(call!.data).toEqual({
      add_services: [{ id: bag!.id, quantity: 2 }],
      payment: { type: 'balance', ...payment },
    });
    // The order answered with the new service (Duffel's own id for it) and its EMD.
    expect(after.services).toEqual([
      expect.objectContaining({ type: 'baggage', quantity: 2, passengerIds: bag!.passengerIds }),
    ]);
    const before = new Set((created.order.emds ?? []).map((emd) => emd.number));
    expect((after.emds ?? []).filter((emd) => !before.has(emd.number))).toEqual([
      { passengerId: bag!.passengerIds[0], number: expect.stringMatching(/^\d{13}$/) },
    ]);
    expect(server.state.payments().at(-1)).toMatchObject({ purpose: 'services', amount: payment.amount });
  });
});
