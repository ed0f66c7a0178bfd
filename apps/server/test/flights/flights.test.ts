import { gunzipSync } from 'node:zlib';
import {
  EMPTY_RESULT,
  flightEndpoints,
  type Permission,
  type PricedItinerary,
  SERVER,
} from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import {
  get,
  makeApprovedCompany,
  onboardedOwner,
  post,
  type SignedIn,
  type TestApp,
} from '../support/auth-flow.js';
import { storeKinds } from '../support/stores.js';

// The test clock starts at 2026-11-22T12:00Z.
const leg = (origin: string, destination: string, date: string) => ({
  departure_date_time: date,
  origin_location_code: origin,
  destination_location_code: destination,
});
const oneWay = (overrides: Record<string, unknown> = {}) => ({
  trip_type: 'OneWay',
  origin_destinations: [leg('LHR', 'JFK', '2026-12-01')],
  adult_quantity: 1,
  ...overrides,
});

describe.each(storeKinds())('flight search on %s', (kind) => {
  let t: TestApp;
  let agent: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await onboardedOwner(t);
    await makeApprovedCompany(t.store.db, agent.user.company_id);
  });
  afterAll(async () => t?.close());

  const search = (body: unknown, who: SignedIn = agent) => post(t, '/api/search', body, { token: who.token });

  async function withPermissions(permissions: Permission[]) {
    const owner = await onboardedOwner(t);
    await makeApprovedCompany(t.store.db, owner.user.company_id);
    const role = await t.store.db
      .insertInto('roles')
      .values({ company_id: owner.user.company_id, name: `Limited ${permissions.join(' ')}`, permissions })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.store.db.updateTable('users').set({ role_id: role.id }).where('id', '=', owner.user.id).execute();
    // Tokens carry the permissions of sign-in time (docs/api.md): sign in again.
    const { signIn } = await import('../support/auth-flow.js');
    return signIn(t, owner);
  }

  it('lists the active routes and their airports with cities and time zones', async () => {
    const res = await post(t, '/api/booking-all-active-routes', undefined, { token: agent.token });
    expect(res.statusCode).toBe(200);
    const { Routes, Airports } = res.json().data;
    expect(Routes.length).toBeGreaterThan(3000);
    expect(Airports).toContainEqual(
      expect.objectContaining({
        code: 'LHR',
        city: 'London',
        country_code: 'GB',
        time_zone: 'Europe/London',
      }),
    );
    const heathrow = Routes.find(
      (route: { origin_location_code: string }) => route.origin_location_code === 'LHR',
    );
    expect(heathrow.destination_location_codes).toContain('JFK');
  });

  it('answers priced itineraries leaving the origin on the chosen local date, and records the search', async () => {
    const res = await search(oneWay());
    expect(res.statusCode, res.body).toBe(200);
    // Written ahead of the registrar (search-outcome.ts), still the contract's envelope and shape.
    expect(res.json()).toMatchObject({ status: true, message: expect.stringMatching(/itineraries found$/) });
    expect(flightEndpoints.search.response.safeParse(res.json().data).success).toBe(true);
    const { search_id, PricedItineraries } = res.json().data;
    const itineraries = PricedItineraries.PricedItinerary;
    expect(itineraries.length).toBeGreaterThan(10);
    for (const itinerary of itineraries) {
      const [first] =
        itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption[0].FlightSegment;
      expect(first.DepartureAirport.LocationCode).toBe('LHR');
      expect(first.DepartureDateTime.slice(0, 10)).toBe('2026-12-01');
      expect(itinerary.offer_id).toBeTruthy();
    }
    const history = (await get(t, '/api/searchhistory', { token: agent.token })).json().data;
    expect(history[0]).toMatchObject({
      id: search_id,
      result_count: itineraries.length,
      trip_type: 'OneWay',
    });
  });

  it('sends the same answer gzip-compressed, and a repeated search its own id with the same itineraries', async () => {
    const plain = await search(oneWay());
    const zipped = await post(t, '/api/search', oneWay(), {
      token: agent.token,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    const unzipped = JSON.parse(gunzipSync(zipped.rawPayload).toString());
    expect(unzipped.status).toBe(true);
    expect(unzipped.message).toBe(plain.json().message);
    expect(unzipped.data.PricedItineraries).toEqual(plain.json().data.PricedItineraries);
    expect(unzipped.data.search_id).not.toBe(plain.json().data.search_id);
    const history = (await get(t, '/api/searchhistory', { token: agent.token })).json().data;
    expect(history.slice(0, 2).map((entry: { id: string }) => entry.id)).toEqual([
      unzipped.data.search_id,
      plain.json().data.search_id,
    ]);
  });

  it('prices a return trip as a whole, per passenger type', async () => {
    const res = await search({
      trip_type: 'Return',
      origin_destinations: [leg('LHR', 'JFK', '2026-12-01'), leg('JFK', 'LHR', '2026-12-08')],
      adult_quantity: 2,
      child_quantity: 1,
      infant_quantity: 1,
      cabin: 'Business',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [first] = res.json().data.PricedItineraries.PricedItinerary;
    expect(first.AirItinerary.OriginDestinationOptions.OriginDestinationOption).toHaveLength(2);
    const breakdown = first.AirItineraryPricingInfo.PTC_FareBreakdowns.PTC_FareBreakdown.map(
      (b: { PassengerTypeQuantity: { Code: string; Quantity: number } }) => b.PassengerTypeQuantity,
    );
    expect(breakdown).toEqual([
      { Code: 'ADT', Quantity: 2 },
      { Code: 'CNN', Quantity: 1 },
      { Code: 'INF', Quantity: 1 },
    ]);
  });

  it.each([
    [
      'an unknown airport',
      oneWay({ origin_destinations: [leg('QQQ', 'JFK', '2026-12-01')] }),
      'origin_destinations.0.origin_location_code',
    ],
    [
      'a date in the past',
      oneWay({ origin_destinations: [leg('LHR', 'JFK', '2026-11-21')] }),
      'origin_destinations.0.departure_date_time',
    ],
    ['more than 9 seated passengers', oneWay({ adult_quantity: 6, child_quantity: 4 }), 'child_quantity'],
    ['more infants than adults', oneWay({ adult_quantity: 1, infant_quantity: 2 }), 'infant_quantity'],
    [
      'a return before the outbound',
      {
        ...oneWay(),
        trip_type: 'Return',
        origin_destinations: [leg('LHR', 'JFK', '2026-12-08'), leg('JFK', 'LHR', '2026-12-01')],
      },
      'origin_destinations.1.departure_date_time',
    ],
    ['a return with one leg', oneWay({ trip_type: 'Return' }), 'origin_destinations'],
    ['an unknown field', oneWay({ currency: 'EUR' }), 'currency'],
  ])('refuses %s with a field error (422)', async (_case, body, field) => {
    const res = await search(body);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().data.errors)).toContain(field);
  });

  it("answers 'No Flight Found!' when nothing matches, and still records the search", async () => {
    // Two airports with one route each, to different places: no nonstop between them.
    const routes = (await post(t, '/api/booking-all-active-routes', undefined, { token: agent.token })).json()
      .data.Routes as { origin_location_code: string; destination_location_codes: string[] }[];
    const single = routes.filter((route) => route.destination_location_codes.length === 1);
    const from = single[0]!;
    const to = single.find(
      (route) =>
        route.origin_location_code !== from.origin_location_code &&
        route.origin_location_code !== from.destination_location_codes[0],
    )!;
    const res = await search(
      oneWay({
        origin_destinations: [leg(from.origin_location_code, to.origin_location_code, '2026-12-01')],
        max_stops: 0,
      }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, message: EMPTY_RESULT.noFlights });
    const history = (await get(t, '/api/searchhistory', { token: agent.token })).json().data;
    expect(history[0]).toMatchObject({ result_count: 0 });
  });

  it('gives the lowest fare for the outbound date and 3 days either side, none for past days', async () => {
    const res = await post(
      t,
      '/api/search/calendar',
      oneWay({ origin_destinations: [leg('LHR', 'JFK', '2026-11-23')] }),
      {
        token: agent.token,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const days = res.json().data;
    expect(days.map((day: { date: string }) => day.date)).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
    ]);
    expect(days[0].lowest).toBeNull();
    expect(days[1].lowest).toBeNull();
    expect(days[3].lowest).toMatchObject({ CurrencyCode: 'USD', Amount: expect.any(Number) });
    // A day's lowest fare is the cheapest itinerary a search of that day answers.
    const found = await search(oneWay({ origin_destinations: [leg('LHR', 'JFK', '2026-11-25')] }));
    const totals = found
      .json()
      .data.PricedItineraries.PricedItinerary.map(
        (itinerary: PricedItinerary) => itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount,
      );
    expect(days[5].lowest.Amount).toBe(Math.min(...totals));
  });

  it("keeps each company's search history to itself, newest first, with who searched", async () => {
    const other = await onboardedOwner(t);
    await makeApprovedCompany(t.store.db, other.user.company_id);
    await search(oneWay({ origin_destinations: [leg('CDG', 'FRA', '2026-12-02')] }), other);
    const mine = (await get(t, '/api/searchhistory', { token: agent.token })).json().data;
    const theirs = (await get(t, '/api/searchhistory', { token: other.token })).json().data;
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({
      user: { id: other.user.id },
      origin_destinations: [leg('CDG', 'FRA', '2026-12-02')],
    });
    expect(mine.some((entry: { id: string }) => entry.id === theirs[0].id)).toBe(false);
    const times = mine.map((entry: { created_at: string }) => entry.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('refuses searches without flights.search and history without history.view (403)', async () => {
    const accountant = await withPermissions(['history.view']);
    const refused = await search(oneWay(), accountant);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(`${SERVER.forbidden}: your role lacks the flights.search permission`);
    expect(
      (await post(t, '/api/booking-all-active-routes', undefined, { token: accountant.token })).statusCode,
    ).toBe(403);
    expect((await get(t, '/api/searchhistory', { token: accountant.token })).statusCode).toBe(200);

    const searcher = await withPermissions(['flights.search']);
    expect((await get(t, '/api/searchhistory', { token: searcher.token })).statusCode).toBe(403);
  });

  it('refuses an agency that is not approved yet (403) and a caller without a session (401)', async () => {
    const pending = await onboardedOwner(t);
    expect((await search(oneWay(), pending)).statusCode).toBe(403);
    expect((await post(t, '/api/search', oneWay())).statusCode).toBe(401);
  });
});
