import { type Booking, SearchResult } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../support/app.js';
import { post, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent, passengersFor, searchBody } from '../support/bookings.js';
import { createDuffelTestServer, type DuffelTestServer } from '../support/duffel/duffel-test-server.js';
import { setSupplierMarkup } from '../support/platform-rules.js';

/**
 * Issue 29's "done when", through the real adapter end to end: with DUFFEL_ACCESS_TOKEN and
 * DUFFEL_API_URL on the local test server, an agent searches London → New York, sees Duffel's
 * offers among the sandbox's with the operator's markup, holds one and issues it: Duffel receives
 * exactly one order and one payment of its total, and the agency pays the converted, marked-up total.
 */

const TOKEN = 'duffel_test_local';
let duffel: DuffelTestServer;
let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  let now = () => new Date();
  duffel = await createDuffelTestServer({ token: TOKEN, seed: 9, now: () => now() });
  t = await createTestApp('pglite', {
    config: testConfig({ duffel: { accessToken: TOKEN, apiUrl: duffel.url, webhookSecret: undefined } }),
  });
  now = () => t.clock.now();
  agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
  await t.store.db
    .insertInto('currency_rates')
    .values({ currency: 'GBP', rate: 1.27, effective_on: '2026-11-01' })
    .execute();
  await setSupplierMarkup(t.store.db, 'duffel', { bps: 300, fixedMinor: 1_000 });
});
afterAll(async () => {
  await t?.close();
  await duffel?.close();
});

describe('a Duffel offer from search to ticket', () => {
  it('searches, holds at the airline and issues with one payment of the order total', async () => {
    const found = await post(t, '/api/search', searchBody({ maxStops: 1 }), { token: agent.token });
    expect(found.statusCode, found.body).toBe(200);
    const result = SearchResult.parse(found.json().data);
    const zz = result.PricedItineraries.PricedItinerary.find((i) => i.ValidatingCarrier === 'ZZ')!;
    const flex = zz.FareFamilies.find((family) => family.BrandName === 'Flex')!;
    const quoted = flex.AirItineraryPricingInfo!.ItinTotalFare.TotalFare;

    const made = await post(
      t,
      '/api/booking',
      {
        offer_id: flex.offer_id,
        passengers: passengersFor({ adults: 1, children: 0, infants: 0 }),
        contact: { email: 'desk@agency.test', phone: '+44 20 7946 0000' },
        save_travellers: false,
      },
      { token: agent.token },
    );
    expect(made.statusCode, made.body).toBe(201);
    const held: Booking = made.json().data;
    expect(held).toMatchObject({ status: 'booked', supplier: { code: 'duffel', state: 'confirmed' } });
    expect(held.total).toEqual(quoted);
    const [order] = duffel.state.ordersWithMetadata('skydesk_booking_id', held.id);
    expect(order).toBeDefined();
    // The agency pays Duffel's GBP total at 1.27, plus 3 % and 10.00 for its passenger.
    const net = Math.round(Number(order!.total_amount) * 127);
    expect(Math.round(quoted.Amount * 100)).toBeGreaterThanOrEqual(net + Math.round(net * 0.03) + 1_000);
    expect(Math.round(quoted.Amount * 100)).toBeLessThanOrEqual(net + Math.round(net * 0.03) + 1_002);

    const issued = await post(t, '/api/booking-issue', { pnr: held.pnr }, { token: agent.token });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().data.status).toBe('ticketed');
    expect(duffel.state.orders()).toHaveLength(1);
    expect(duffel.state.payments()).toHaveLength(1);
    expect(duffel.state.payments()[0]).toMatchObject({ amount: order!.total_amount, currency: 'GBP' });
  });

  it('says an instant-only offer cannot be held, and a gone offer is 410 with a way back', async () => {
    const found = await post(t, '/api/search', searchBody({ date: '2026-12-21' }), { token: agent.token });
    const result = SearchResult.parse(found.json().data);
    const aurora = result.PricedItineraries.PricedItinerary.find((i) => i.ValidatingCarrier === 'Z1')!;
    expect(aurora.ticketing).toBe('instant');

    const zz = result.PricedItineraries.PricedItinerary.find((i) => i.ValidatingCarrier === 'ZZ')!;
    duffel.failures.next('GET /air/offers/{id}', { kind: 'offer_expired' });
    const gone = await post(
      t,
      '/api/booking',
      {
        offer_id: zz.offer_id,
        passengers: passengersFor({ adults: 1, children: 0, infants: 0 }),
        contact: { email: 'desk@agency.test', phone: '+44 20 7946 0000' },
        save_travellers: false,
      },
      { token: agent.token },
    );
    expect(gone.statusCode, gone.body).toBe(410);
    expect(gone.json().message).toMatch(/no longer sells this fare\. Search again/);
  });

  it('refuses an offer id changed by one character as not ours (422), asking Duffel nothing', async () => {
    const found = await post(t, '/api/search', searchBody({ date: '2026-12-22' }), { token: agent.token });
    const zz = SearchResult.parse(found.json().data).PricedItineraries.PricedItinerary.find(
      (i) => i.ValidatingCarrier === 'ZZ',
    )!;
    const changed = `${zz.offer_id.slice(0, 10)}${zz.offer_id[10] === 'A' ? 'B' : 'A'}${zz.offer_id.slice(11)}`;
    const asked = duffel.requestsTo('GET /air/offers/{id}').length;
    const res = await post(
      t,
      '/api/booking',
      {
        offer_id: changed,
        passengers: passengersFor({ adults: 1, children: 0, infants: 0 }),
        contact: { email: 'desk@agency.test', phone: '+44 20 7946 0000' },
        save_travellers: false,
      },
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(duffel.requestsTo('GET /air/offers/{id}')).toHaveLength(asked);
  });
});
