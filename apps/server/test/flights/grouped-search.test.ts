import { type GroupedSearchResult as Grouped, GroupedSearchResult, PricedItinerary } from '@skydesk/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import { post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  agentWithPermissions,
  bookingAgent,
  FAMILY,
  searchBody,
  signInAgain,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 16's grouped answer (`view: 'itineraries'`) and POST /api/search/price: the totals the
 * answer shows are what the price endpoint sells, and a bad selection is a 4xx that says why.
 * The test clock starts at 2026-11-22T12:00Z.
 */

const RETURN = {
  ...searchBody({ returnDate: '2027-01-03', mix: FAMILY, maxStops: 1 }),
  view: 'itineraries' as const,
};

describe.each(storeKinds())('grouped search and its price endpoint on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let token: string;
  let grouped: Grouped;
  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t);
    token = agent.token;
    const res = await post(t, '/api/search', RETURN, { token });
    expect(res.statusCode, res.body).toBe(200);
    grouped = GroupedSearchResult.parse(res.json().data);
  });
  afterAll(async () => t?.close());

  const price = (body: unknown, as = token) => post(t, '/api/search/price', body, { token: as });
  const option = (leg: number, id: string) => grouped.legs[leg]!.options.find((o) => o.id === id)!;
  const brandTotal = (leg: number, id: string, brand: string) =>
    option(leg, id).brands.find((entry) => entry.brand === brand)!.total;

  it('lists each leg’s options once, with brands, reference maps and combinations', () => {
    expect(grouped).toMatchObject({ view: 'itineraries', trip_type: 'Return', cabin: 'Economy' });
    expect(grouped.legs.map((leg) => [leg.origin, leg.destination])).toEqual([
      ['LHR', 'JFK'],
      ['JFK', 'LHR'],
    ]);
    for (const leg of grouped.legs) {
      expect(leg.options.length).toBeGreaterThan(3);
      expect(new Set(leg.options.map((o) => o.id)).size).toBe(leg.options.length);
      const cheapest = leg.options.map((o) => o.cheapest_total);
      expect(cheapest).toEqual([...cheapest].sort((a, b) => a - b));
      for (const o of leg.options) {
        expect(o.brands.map((b) => b.brand)).toEqual(['Basic', 'Standard', 'Flex']);
        const totals = o.brands.map((b) => b.total!);
        expect(totals).toEqual([...totals].sort((a, b) => a - b));
        for (const segment of o.segments) {
          expect(grouped.reference.airports[segment.departure.airport]).toBeDefined();
          expect(grouped.reference.airlines[segment.marketing]).toBeDefined();
          expect(grouped.reference.equipment[segment.equipment]?.name).toBeTruthy();
        }
      }
    }
    expect(grouped.reference.airports.JFK).toMatchObject({ city: 'New York', country_code: 'US' });
    // Every outbound goes with some inbound, cheapest first; the cheapest pair is its cheapest total.
    for (const outbound of grouped.legs[0]!.options) {
      const pairs = grouped.combinations[0]![outbound.id]!;
      expect(pairs.length).toBeGreaterThan(0);
      expect(pairs[0]![1]).toBe(outbound.cheapest_total);
      const totals = pairs.map(([, total]) => total);
      expect(totals).toEqual([...totals].sort((a, b) => a - b));
    }
  });

  it('sells a combination in a brand at the total the answer showed, with an offer that re-prices to it (property)', async () => {
    const pairs = grouped.legs[0]!.options.flatMap((outbound) =>
      grouped.combinations[0]![outbound.id]!.map(([inbound, total]) => ({
        outbound: outbound.id,
        inbound,
        total,
      })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pairs),
        fc.constantFrom('Basic', 'Standard', 'Flex'),
        async (pair, brand) => {
          const res = await price({ search: RETURN, option_ids: [pair.outbound, pair.inbound], brand });
          expect(res.statusCode, res.body).toBe(200);
          const itinerary = PricedItinerary.parse(res.json().data);
          const expected =
            Math.round((brandTotal(0, pair.outbound, brand)! + brandTotal(1, pair.inbound, brand)!) * 100) /
            100;
          expect(itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount).toBe(expected);
          expect(itinerary.AirItineraryPricingInfo.FareInfos.every((info) => info.BrandName === brand)).toBe(
            true,
          );
          // The pair's total is its cheapest brand's (nothing is sold out here: Basic).
          if (brand === 'Basic') expect(expected).toBe(pair.total);
          const segments = itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.map(
            (leg) => leg.FlightSegment.map((s) => `${s.MarketingAirline.Code}${s.FlightNumber}`).join('_'),
          );
          expect(segments).toEqual([
            option(0, pair.outbound)
              .segments.map((s) => `${s.marketing}${s.flight_number}`)
              .join('_'),
            option(1, pair.inbound)
              .segments.map((s) => `${s.marketing}${s.flight_number}`)
              .join('_'),
          ]);
        },
      ),
      { numRuns: 25, seed: 16 },
    );
  });

  it('refuses ids that are not this search’s, a pair that does not connect, and a brand the cabin lacks (422)', async () => {
    const outbound = grouped.legs[0]!.options[0]!.id;
    const inbound = grouped.combinations[0]![outbound]![0]![0];
    const flip = (id: string) => `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`;
    const cases: [unknown, string][] = [
      [{ search: RETURN, option_ids: [flip(outbound), inbound], brand: 'Flex' }, 'option_ids.0'],
      [{ search: RETURN, option_ids: [outbound, 'nonsense'], brand: 'Flex' }, 'option_ids.1'],
      // The outbound's id as the inbound's: signed for the first leg only.
      [{ search: RETURN, option_ids: [outbound, outbound], brand: 'Flex' }, 'option_ids.1'],
      [{ search: RETURN, option_ids: [outbound], brand: 'Flex' }, 'option_ids'],
      // Another party: the ids were priced for this one.
      [
        { search: { ...RETURN, adult_quantity: 1 }, option_ids: [outbound, inbound], brand: 'Flex' },
        'option_ids.0',
      ],
      [{ search: { ...RETURN, cabin: 'First' }, option_ids: [outbound, inbound], brand: 'Basic' }, 'brand'],
      [{ search: RETURN, option_ids: [outbound, inbound], brand: 'Premium' }, 'brand'],
    ];
    for (const [body, field] of cases) {
      const res = await price(body);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().data.errors)).toContain(field);
    }
  });

  it('needs flights.search (403) and a session (401)', async () => {
    const outbound = grouped.legs[0]!.options[0]!.id;
    const inbound = grouped.combinations[0]![outbound]![0]![0];
    const body = { search: RETURN, option_ids: [outbound, inbound], brand: 'Standard' };
    const historian = await agentWithPermissions(t, ['history.view']);
    expect((await price(body, historian.token)).statusCode).toBe(403);
    expect((await post(t, '/api/search/price', body)).statusCode).toBe(401);
  });

  // Last: it moves the clock on.
  it('says 410 once the prices are older than 30 minutes', async () => {
    const outbound = grouped.legs[0]!.options[0]!.id;
    const inbound = grouped.combinations[0]![outbound]![0]![0];
    t.clock.advance(31 * 60_000);
    // The access token lasts 30 minutes too: a new session (the clock only moves forward).
    const again = await signInAgain(t, agent);
    const res = await price(
      { search: RETURN, option_ids: [outbound, inbound], brand: 'Standard' },
      again.token,
    );
    expect(res.statusCode, res.body).toBe(410);
  });
});
