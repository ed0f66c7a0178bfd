import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../support/auth-flow.js';
import { type Agent, bookingAgent, passengersFor } from '../support/bookings.js';
import { type DuffelBookingApp, duffelBookingApp, duffelOffer } from '../support/duffel-bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 29 (decision 020): a keyed booking request (Idempotency-Key) runs in one transaction, but
 * none stays open over the airline's price call: on the embedded store an open transaction holds
 * the only connection, so every other request would wait on Duffel. The key's answers are kept:
 * a retry replays the booking, a refusal (410 offer gone, 409 price changed) is answered again.
 */

const CONTACT = { email: 'desk@agency.test', phone: '+44 20 7946 0000' };

describe.each(storeKinds())('a keyed Duffel booking priced at the airline on %s', (kind) => {
  let t: DuffelBookingApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await duffelBookingApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
  }, 120_000);
  afterAll(async () => t?.close());

  /** The same body each time for an offer (the passengers' passports are drawn once): a retry is the same request. */
  const bodies = new Map<string, unknown>();
  const book = (offerId: string, key: string) => {
    if (!bodies.has(offerId)) {
      bodies.set(offerId, {
        offer_id: offerId,
        passengers: passengersFor({ adults: 1, children: 0, infants: 0 }),
        contact: CONTACT,
      });
    }
    return post(t, '/api/booking', bodies.get(offerId), {
      token: agent.token,
      headers: { 'Idempotency-Key': key },
    });
  };
  const priceCalls = () => t.duffel.requestsTo('GET /air/offers/{id}').length;

  it('answers another request while the airline is slow to price the offer', async () => {
    const { offerId } = await duffelOffer(t, agent, { carrier: 'ZZ' });
    const before = priceCalls();
    t.duffel.failures.next('GET /air/offers/{id}', { kind: 'delay', ms: 6_000 });
    let booked = false;
    const booking = book(offerId, 'slow-price-1').then((res) => {
      booked = true;
      return res;
    });
    // The airline has the price call and holds it.
    while (priceCalls() === before) await new Promise((resolve) => setTimeout(resolve, 20));

    const [priceCall] = t.duffel.requestsTo('GET /air/offers/{id}').slice(before);
    const credits = await get(t, '/api/booking-credits', { token: agent.token });
    expect(credits.statusCode, credits.body).toBe(200);
    // Answered while the airline still holds the price call, not behind it.
    expect(priceCall!.status).toBeNull();
    expect(booked).toBe(false);

    const res = await booking;
    expect(res.statusCode, res.body).toBe(201);
    const again = await book(offerId, 'slow-price-1');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.id).toBe(res.json().data.id);
    expect(t.duffel.state.ordersWithMetadata('skydesk_booking_id', res.json().data.id)).toHaveLength(1);
  }, 60_000);

  it('keeps the key’s 410 and 409 answers', async () => {
    const gone = await duffelOffer(t, agent, { carrier: 'ZZ' });
    t.duffel.failures.next('GET /air/offers/{id}', { kind: 'offer_expired' });
    const first = await book(gone.offerId, 'gone-1');
    expect(first.statusCode, first.body).toBe(410);
    const replay = await book(gone.offerId, 'gone-1');
    expect(replay.statusCode).toBe(410);
    expect(replay.json()).toEqual(first.json());

    const dearer = await duffelOffer(t, agent, { carrier: 'ZZ' });
    t.duffel.failures.next('GET /air/offers/{id}', { kind: 'price_rise', amount: '25.00' });
    const rose = await book(dearer.offerId, 'rose-1');
    expect(rose.statusCode, rose.body).toBe(409);
    const calls = priceCalls();
    const replayed = await book(dearer.offerId, 'rose-1');
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json()).toEqual(rose.json());
    // A replay, not a second look at the airline.
    expect(priceCalls()).toBe(calls);
  });
});
