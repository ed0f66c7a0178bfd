import { type GroupedSearchResult, PricedItinerary, SearchResult } from '@skydesk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../support/app.js';
import { post, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent, FAMILY, searchBody } from '../support/bookings.js';
import { createDuffelTestServer, type DuffelTestServer } from '../support/duffel/duffel-test-server.js';
import { setSupplierMarkup } from '../support/platform-rules.js';

/**
 * Issue 29: a search with Duffel on beside the sandbox. The local Duffel test server sells GBP
 * offers from Duffel Airways (ZZ, holdable) and Aurora Test Airways (Z1, instant payment only); the
 * platform sells USD at the operator's rate and markup. The test clock starts at 2026-11-22T12:00Z
 * and the test server shares it. No test reaches the network.
 */

const TOKEN = 'duffel_test_local';
const DEADLINE_MS = 1_500;
const GBP_RATE = 1.25;

let duffel: DuffelTestServer;
let t: TestApp;
let agent: Agent;

async function setRate(currency: string, rate: number) {
  await t.store.db
    .insertInto('currency_rates')
    .values({ currency, rate, effective_on: '2026-01-01' })
    .onConflict((oc) => oc.columns(['currency', 'effective_on']).doUpdateSet({ rate }))
    .execute();
}

async function setMarkup(bps: number, fixedMinor: number) {
  await setSupplierMarkup(t.store.db, 'duffel', { bps, fixedMinor });
}

beforeAll(async () => {
  let now = () => new Date();
  duffel = await createDuffelTestServer({ token: TOKEN, seed: 3, now: () => now() });
  t = await createTestApp('pglite', {
    config: testConfig({
      duffel: { accessToken: TOKEN, apiUrl: duffel.url, webhookSecret: undefined },
      supplierSearchDeadlineMs: DEADLINE_MS,
    }),
  });
  now = () => t.clock.now();
  agent = await bookingAgent(t);
  await setRate('GBP', GBP_RATE);
});
afterAll(async () => {
  await t?.close();
  await duffel?.close();
});
afterEach(() => duffel.failures.clear());

const search = (body: object) => post(t, '/api/search', body, { token: agent.token });
const flat = (res: { json(): { data: unknown } }) => SearchResult.parse(res.json().data);
const carriers = (result: SearchResult) =>
  new Set(result.PricedItineraries.PricedItinerary.map((itinerary) => itinerary.ValidatingCarrier));

describe('a search with Duffel on', () => {
  it('merges Duffel offers among the sandbox ones, converted at the rate, with ids of its own', async () => {
    const res = await search(searchBody({ maxStops: 1 }));
    expect(res.statusCode, res.body).toBe(200);
    const result = flat(res);
    expect(result.missing_suppliers).toEqual([]);
    expect(carriers(result).has('ZZ')).toBe(true);
    expect(carriers(result).has('Z1')).toBe(true);
    expect([...carriers(result)].some((code) => code !== 'ZZ' && code !== 'Z1')).toBe(true);
    // Cheapest first, numbered in order.
    const itineraries = result.PricedItineraries.PricedItinerary;
    const totals = itineraries.map((i) => i.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(itineraries.map((i) => i.SequenceNumber)).toEqual(itineraries.map((_, index) => index + 1));
    // Duffel's own ids never reach the browser.
    expect(res.body).not.toMatch(/off_[0-9A-Za-z]/);
    const duffelOne = itineraries.find((i) => i.ValidatingCarrier === 'ZZ')!;
    expect(duffelOne.offer_id.startsWith('d1.')).toBe(true);
    expect(duffelOne.AirItineraryPricingInfo.ItinTotalFare.TotalFare.CurrencyCode).toBe('USD');
    expect(duffelOne.FareFamilies.map((f) => f.BrandName)).toEqual(['Standard', 'Flex']);
    expect(duffelOne.ticketing).toBeUndefined();
    const aurora = itineraries.find((i) => i.ValidatingCarrier === 'Z1')!;
    expect(aurora.ticketing).toBe('instant');
    expect(aurora.AirItineraryPricingInfo.FareInfos[0]).toMatchObject({
      BrandName: 'Basic',
      BrandLabel: 'Light',
    });
    expect(PricedItinerary.array().parse(itineraries)).toHaveLength(itineraries.length);
  });

  it('names Duffel missing when it fails, and answers with the sandbox alone', async () => {
    duffel.failures.next('POST /air/offer_requests', { kind: 'server_error', when: 'before' });
    const res = await search(searchBody({ date: '2026-12-21' }));
    expect(res.statusCode, res.body).toBe(200);
    const result = flat(res);
    expect(result.missing_suppliers).toEqual(['duffel']);
    expect(carriers(result).has('ZZ')).toBe(false);
    expect(result.PricedItineraries.PricedItinerary.length).toBeGreaterThan(0);
  });

  it('names Duffel missing when it is slower than the deadline, answering within it', async () => {
    duffel.failures.next('POST /air/offer_requests', { kind: 'delay', ms: DEADLINE_MS + 2_000 });
    const res = await search(searchBody({ date: '2026-12-22' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(flat(res).missing_suppliers).toEqual(['duffel']);
  });

  it('asks again next time: an answer without Duffel is not cached', async () => {
    duffel.failures.next('POST /air/offer_requests', { kind: 'server_error', when: 'before' });
    const body = searchBody({ date: '2026-12-23' });
    expect(flat(await search(body)).missing_suppliers).toEqual(['duffel']);
    const again = flat(await search(body));
    expect(again.missing_suppliers).toEqual([]);
    expect(carriers(again).has('ZZ')).toBe(true);
  });

  it('leaves out offers in a currency without a rate', async () => {
    await t.store.db.deleteFrom('currency_rates').where('currency', '=', 'GBP').execute();
    t.clock.advance(10_000); // past the settings' few seconds in memory
    try {
      const res = await search(searchBody({ date: '2026-12-24' }));
      expect(res.statusCode, res.body).toBe(200);
      const result = flat(res);
      expect(result.missing_suppliers).toEqual([]);
      expect(carriers(result).has('ZZ')).toBe(false);
    } finally {
      await setRate('GBP', GBP_RATE);
      t.clock.advance(10_000);
    }
  });

  it('adds the markup per supplier: a percentage and a fixed amount per passenger', async () => {
    const body = searchBody({ date: '2026-12-26', mix: FAMILY });
    const before = flat(await search(body)).PricedItineraries.PricedItinerary.find(
      (i) => i.ValidatingCarrier === 'ZZ',
    )!;
    await setMarkup(1_000, 500);
    t.clock.advance(61_000); // past the cache and the settings' memory
    try {
      const after = flat(await search(body)).PricedItineraries.PricedItinerary.find(
        (i) =>
          i.AirItinerary.OriginDestinationOptions.OriginDestinationOption[0]!.FlightSegment[0]!
            .FlightNumber ===
            before.AirItinerary.OriginDestinationOptions.OriginDestinationOption[0]!.FlightSegment[0]!
              .FlightNumber && i.ValidatingCarrier === 'ZZ',
      )!;
      const was = Math.round(before.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount * 100);
      const is = Math.round(after.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount * 100);
      // 10 % of the net, then 5.00 for each of the 4 passengers (a few cents of rounding at most).
      expect(is - was).toBeGreaterThanOrEqual(Math.round(was * 0.1) + 4 * 500 - 10);
      expect(is - was).toBeLessThanOrEqual(Math.round(was * 0.1) + 4 * 500 + 10);
    } finally {
      await setMarkup(0, 0);
      t.clock.advance(61_000);
    }
  });

  it('lists Duffel journeys in the grouped answer, and prices a chosen one', async () => {
    const body = {
      ...searchBody({ date: '2026-12-28', returnDate: '2027-01-04', maxStops: 1 }),
      view: 'itineraries',
    };
    const res = await search(body);
    expect(res.statusCode, res.body).toBe(200);
    const grouped = res.json().data as GroupedSearchResult;
    expect(grouped.missing_suppliers).toEqual([]);
    const outbound = grouped.legs[0]!.options.find((o) => o.segments[0]!.marketing === 'ZZ')!;
    expect(outbound.id).toMatch(/^ZZ\d+(_ZZ\d+)?\.d1\./);
    const [inboundId, pairTotal] = grouped.combinations[0]![outbound.id]![0]!;
    const inbound = grouped.legs[1]!.options.find((o) => o.id === inboundId)!;
    const basic = (o: typeof outbound) => o.brands.find((b) => b.brand === 'Basic')!.total!;
    expect(Math.round((basic(outbound) + basic(inbound)) * 100)).toBe(Math.round(pairTotal * 100));
    const priced = await post(
      t,
      '/api/search/price',
      { search: body, option_ids: [outbound.id, inboundId], brand: 'Standard' },
      { token: agent.token },
    );
    expect(priced.statusCode, priced.body).toBe(200);
    const itinerary = PricedItinerary.parse(priced.json().data);
    const standard = (o: typeof outbound) => o.brands.find((b) => b.brand === 'Standard')!.total!;
    expect(itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount).toBeCloseTo(
      standard(outbound) + standard(inbound),
      2,
    );
    expect(itinerary.offer_id.startsWith('d1.')).toBe(true);
    expect(priced.body).not.toMatch(/off_[0-9A-Za-z]/);
  });
});
