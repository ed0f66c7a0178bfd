import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createDuffelTestServer,
  type DuffelTestServer,
} from '../../../test/support/duffel/duffel-test-server.js';
import type { RemoteChangeOffer } from '../remote-changes.js';
import { type RemoteOrder, SupplierCallError } from '../remote-orders.js';
import { convertToPlatformMinor } from '../remote-pricing.js';
import { createDuffelChanges } from './changes.js';
import { createDuffelHttp } from './http.js';
import { passengersInOrder } from './offers.js';
import { createDuffelOrders } from './orders.js';
import type { Offer, OfferRequest } from './types.js';

/**
 * Issue 32 on the local Duffel test server: an order change request answers the airline's offers
 * in Duffel's shape (three amounts, never mixed), a change is made from one and confirmed with a
 * balance payment of exactly `change_total_amount` only when it is positive; the order keeps its
 * id and gets new e-ticket numbers. A lost answer is looked up, never repeated blind. The airline's
 * own schedule changes are listed per order and accepted.
 */

const TOKEN = 'duffel_test_local';
let server: DuffelTestServer;
const http = () => createDuffelHttp({ token: TOKEN, baseUrl: server.url });
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const minor = (amount: string) => Math.round(Number(amount) * 100);

const PASSENGERS = [
  { title: 'MS', firstName: 'Ada', lastName: 'Lovelace', gender: 'F', dateOfBirth: '1980-01-01' },
].map((p) => ({ ...p, email: 'desk@agency.test', phone: '+442079460000' }));

beforeAll(async () => {
  server = await createDuffelTestServer({ token: TOKEN, seed: 11 });
});
afterAll(async () => server?.close());
beforeEach(() => server.failures.clear());

/** A paid return order LHR ⇄ JFK for one adult in the carrier's brand. */
async function paidOrder(carrier: 'ZZ' | 'Z1', brand: string, outbound = 30): Promise<RemoteOrder> {
  const answer = await http().request<OfferRequest>({
    method: 'POST',
    path: '/air/offer_requests',
    params: { return_offers: true },
    data: {
      slices: [
        { origin: 'LHR', destination: 'JFK', departure_date: day(outbound) },
        { origin: 'JFK', destination: 'LHR', departure_date: day(outbound + 7) },
      ],
      passengers: [{ type: 'adult' }],
      cabin_class: 'economy',
      max_connections: 0,
    },
    write: false,
  });
  const offer = (answer.data.offers as Offer[]).find(
    (o) => o.owner.iata_code === carrier && o.slices[0]!.fare_brand_name === brand,
  )!;
  const created = await createDuffelOrders({ http: http() }).createInstant({
    bookingId: `b-${carrier}-${brand}-${outbound}`,
    offer: {
      offerId: offer.id,
      passengers: passengersInOrder(offer),
      price: { amount: offer.total_amount, currency: offer.total_currency },
      rate: 1,
      netMinor: convertToPlatformMinor(offer.total_amount, offer.total_currency, 1),
      markupMinor: 0,
      instantPaymentOnly: true,
      holdUntil: null,
    },
    passengers: PASSENGERS,
    payment: { amount: offer.total_amount, currency: offer.total_currency },
  });
  if (created.status !== 'created') throw new Error('not created');
  return created.order;
}

const outboundSliceId = (order: RemoteOrder) => server.state.order(order.id)!.slices[0]!.id;

describe('Duffel order changes', () => {
  it('quotes, makes and confirms a change with a payment of exactly the positive change total', async () => {
    const changes = createDuffelChanges({ http: http() });
    const order = await paidOrder('ZZ', 'Standard');
    const oldSlice = outboundSliceId(order);
    const { requestId, offers } = await changes.requestOffers({
      orderId: order.id,
      remove: [oldSlice],
      add: [{ origin: 'LHR', destination: 'JFK', departureDate: day(33), cabin: 'Economy' }],
    });
    expect(requestId).toMatch(/^ocr_/);
    const [call] = server.requestsTo('POST /air/order_change_requests').slice(-1);
    expect(call!.data).toEqual({
      order_id: order.id,
      slices: {
        remove: [{ slice_id: oldSlice }],
        add: [{ origin: 'LHR', destination: 'JFK', departure_date: day(33), cabin_class: 'economy' }],
      },
    });
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer).toMatchObject({
        id: expect.stringMatching(/^oco_/),
        orderId: order.id,
        changeId: null,
        penalty: { amount: '50.00', currency: order.total.currency },
      });
      // The new flights on the new date, the old ones named as removed, in the contract's shape.
      expect(offer.add[0]!.segments[0]!.DepartureDateTime.slice(0, 10)).toBe(day(33));
      expect(offer.add[0]!.segments[0]!.MarketingAirline.Code).toBe('ZZ');
      expect(offer.remove.map((slice) => slice.id)).toEqual([oldSlice]);
      expect(offer.expiresAt.getTime()).toBeGreaterThan(Date.now());
    }
    const offer = offers.find((o) => minor(o.changeTotal.amount) > 0) as RemoteChangeOffer;
    expect(offer).toBeDefined();

    const pending = await changes.createChange(offer.id);
    expect(pending).toMatchObject({
      id: expect.stringMatching(/^oce_/),
      orderId: order.id,
      confirmedAt: null,
      changeTotal: offer.changeTotal,
      penalty: offer.penalty,
      newTotal: offer.newTotal,
    });
    expect(server.state.payments()).toHaveLength(1);

    const confirmed = await changes.confirmChange(pending);
    expect(confirmed.confirmedAt).toBeInstanceOf(Date);
    const [confirm] = server.requestsTo('POST /air/order_changes/{id}/actions/confirm').slice(-1);
    expect(confirm!.path).toBe(`/air/order_changes/${pending.id}/actions/confirm`);
    expect(confirm!.data).toEqual({
      payment: { type: 'balance', amount: offer.changeTotal.amount, currency: offer.changeTotal.currency },
    });
    expect(server.state.payments().at(-1)).toMatchObject({
      purpose: 'order_change',
      amount: offer.changeTotal.amount,
    });

    // The same order, on the new flights, its e-ticket reissued under a new number.
    const after = await createDuffelOrders({ http: http() }).get(order.id);
    expect(after.reference).toBe(order.reference);
    expect(after.tickets).toHaveLength(1);
    expect(after.tickets[0]!.number).not.toBe(order.tickets[0]!.number);
    expect(after.segmentIds?.slice(0, 1)).toEqual(offer.add[0]!.segmentIds);
    expect(minor(after.total.amount)).toBe(minor(offer.newTotal.amount));
  });

  it('confirms a change whose total is not positive without any payment; the residual goes back', async () => {
    const changes = createDuffelChanges({ http: http() });
    // Flex changes free: some date has a cheaper flight than the one paid for.
    let found: { offer: RemoteChangeOffer; orderId: string } | undefined;
    for (let days = 20; days < 60 && !found; days += 1) {
      const order = await paidOrder('ZZ', 'Flex', days);
      const { offers } = await changes.requestOffers({
        orderId: order.id,
        remove: [outboundSliceId(order)],
        add: [{ origin: 'LHR', destination: 'JFK', departureDate: day(days + 1), cabin: null }],
      });
      const offer = offers.find((o) => minor(o.changeTotal.amount) <= 0);
      if (offer) found = { offer, orderId: order.id };
    }
    if (!found) throw new Error('no cheaper change found');
    expect(found.offer.penalty.amount).toBe('0.00');
    expect(found.offer.refundTo).toBe(
      minor(found.offer.changeTotal.amount) < 0 ? 'original_form_of_payment' : null,
    );
    const paymentsBefore = server.state.payments().length;
    const confirmed = await changes.confirmChange(await changes.createChange(found.offer.id));
    expect(confirmed.confirmedAt).not.toBeNull();
    const [confirm] = server.requestsTo('POST /air/order_changes/{id}/actions/confirm').slice(-1);
    expect(confirm!.data).toEqual({});
    expect(server.state.payments()).toHaveLength(paymentsBefore);
    if (minor(found.offer.changeTotal.amount) < 0) {
      expect(server.state.refunds().at(-1)).toMatchObject({
        order_id: found.orderId,
        order_change_id: confirmed.id,
        amount: found.offer.changeTotal.amount.replace('-', ''),
      });
    }
  });

  it("answers a fare that allows no change with the airline's refusal, in the agent's words", async () => {
    const changes = createDuffelChanges({ http: http() });
    const order = await paidOrder('Z1', 'Light');
    const error = await changes
      .requestOffers({
        orderId: order.id,
        remove: [outboundSliceId(order)],
        add: [{ origin: 'LHR', destination: 'JFK', departureDate: day(35), cabin: null }],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SupplierCallError);
    expect(error).toMatchObject({ kind: 'refused', message: 'The fare does not allow changes.' });
  });

  it('a lost answer to a change made finds that change by its offer, never making a second one', async () => {
    const changes = createDuffelChanges({ http: http() });
    const order = await paidOrder('ZZ', 'Standard', 41);
    const { offers } = await changes.requestOffers({
      orderId: order.id,
      remove: [outboundSliceId(order)],
      add: [{ origin: 'LHR', destination: 'JFK', departureDate: day(44), cabin: null }],
    });
    server.failures.next('POST /air/order_changes', { kind: 'server_error', when: 'after' });
    const change = await changes.createChange(offers[0]!.id);
    expect(change.id).toMatch(/^oce_/);
    expect(server.state.orderChanges().filter((c) => c.order_id === order.id)).toHaveLength(1);
    // Asked again (a request repeated): the same change, still one.
    expect((await changes.createChange(offers[0]!.id)).id).toBe(change.id);
    expect(server.state.orderChanges().filter((c) => c.order_id === order.id)).toHaveLength(1);

    // Lost before the airline acted: none made, nothing pending; the caller may ask again.
    const second = (
      await changes.requestOffers({
        orderId: order.id,
        remove: [outboundSliceId(order)],
        add: [{ origin: 'LHR', destination: 'JFK', departureDate: day(45), cabin: null }],
      })
    ).offers[0]!;
    server.failures.next('POST /air/order_changes', { kind: 'connection_reset', when: 'before' });
    await expect(changes.createChange(second.id)).rejects.toMatchObject({
      kind: 'unavailable',
      details: { code: 'order_change_not_created' },
    });
  });

  it('a lost confirmation is an unknown outcome, settled by reading the change; the airline paid once', async () => {
    const changes = createDuffelChanges({ http: http() });
    const order = await paidOrder('ZZ', 'Standard', 50);
    const { offers } = await changes.requestOffers({
      orderId: order.id,
      remove: [outboundSliceId(order)],
      add: [{ origin: 'LHR', destination: 'JFK', departureDate: day(52), cabin: null }],
    });
    const offer = offers.find((o) => minor(o.changeTotal.amount) > 0)!;
    const pending = await changes.createChange(offer.id);
    const paid = server.state.payments().length;
    server.failures.next('POST /air/order_changes/{id}/actions/confirm', {
      kind: 'server_error',
      when: 'after',
    });
    await expect(changes.confirmChange(pending)).rejects.toMatchObject({ kind: 'unknown_outcome' });
    const read = await changes.getChange(pending.id);
    expect(read.confirmedAt).toBeInstanceOf(Date);
    expect(server.state.payments()).toHaveLength(paid + 1);
    // Confirming again is refused by the airline: it never pays twice.
    await expect(changes.confirmChange(pending)).rejects.toMatchObject({ kind: 'refused' });
    expect(server.state.payments()).toHaveLength(paid + 1);
  });

  it('an offer that expired is gone', async () => {
    const changes = createDuffelChanges({ http: http() });
    const order = await paidOrder('ZZ', 'Standard', 55);
    const { offers } = await changes.requestOffers({
      orderId: order.id,
      remove: [outboundSliceId(order)],
      add: [{ origin: 'LHR', destination: 'JFK', departureDate: day(57), cabin: null }],
    });
    server.controls.expireChangeOffer(offers[0]!.id);
    await expect(changes.createChange(offers[0]!.id)).rejects.toMatchObject({ kind: 'gone' });
  });
});

describe("Duffel's airline-initiated changes", () => {
  it('lists an order’s schedule change with before and after, and accepts it once', async () => {
    const changes = createDuffelChanges({ http: http() });
    const order = await paidOrder('ZZ', 'Standard', 25);
    const aic = server.controls.airlineInitiatedChange(order.id, { minutes: 95, sliceIndex: 0 });
    const [listed] = await changes.airlineChanges(order.id);
    expect(server.requestsTo('GET /air/airline_initiated_changes').at(-1)!.query).toEqual({
      order_id: order.id,
    });
    expect(listed).toMatchObject({
      id: aic.id,
      orderId: order.id,
      actionTaken: null,
      availableActions: expect.arrayContaining(['accept']),
    });
    const before = listed!.removed[0]!.segments[0]!;
    const after = listed!.added[0]!.segments[0]!;
    expect(Date.parse(`${after.DepartureDateTime}Z`) - Date.parse(`${before.DepartureDateTime}Z`)).toBe(
      95 * 60_000,
    );

    const accepted = await changes.acceptAirlineChange(order.id, aic.id);
    expect(accepted).toMatchObject({ id: aic.id, actionTaken: 'accepted' });
    // Accepted again (a lost answer repeated): read, not refused.
    const again = await changes.acceptAirlineChange(order.id, aic.id);
    expect(again.actionTaken).toBe('accepted');
    expect(server.state.airlineInitiatedChanges().find((c) => c.id === aic.id)?.action_taken).toBe(
      'accepted',
    );
  });
});
