import { SEARCH_HISTORY_LIST_LIMIT } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import {
  get,
  makeApprovedCompany,
  onboardedOwner,
  type SignedIn,
  type TestApp,
} from '../support/auth-flow.js';
import { storeKinds } from '../support/stores.js';

const ROUTES = [
  ['LHR', 'JFK'],
  ['JFK', 'LHR'],
  ['CDG', 'FRA'],
] as const;
const DAY_MS = 86_400_000;
const START = Date.parse('2026-08-01T10:00:00Z');

type Entry = { id: string; created_at: string; origin_destinations: { origin_location_code: string }[] };

/** Issue 30: the search history pages on the server, with its route and day filters and its count. */
describe.each(storeKinds())('search history pages on %s', (kind) => {
  let t: TestApp;
  let agent: SignedIn;
  // 230 searches, one every 12 hours: more than the bare list's 200.
  const made: { route: readonly [string, string]; at: Date }[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await onboardedOwner(t);
    await makeApprovedCompany(t.store.db, agent.user.company_id);
    for (let i = 0; i < 230; i++)
      made.push({ route: ROUTES[i % 3]!, at: new Date(START + (i * DAY_MS) / 2) });
    await t.store.db
      .insertInto('search_history')
      .values(
        made.map(({ route: [origin, destination], at }, i) => ({
          company_id: agent.user.company_id,
          user_id: agent.user.id,
          trip_type: i % 2 === 0 ? 'Return' : 'OneWay',
          origin_destinations: JSON.stringify(
            i % 2 === 0
              ? [
                  {
                    departure_date_time: '2026-12-01',
                    origin_location_code: origin,
                    destination_location_code: destination,
                  },
                  {
                    departure_date_time: '2026-12-08',
                    origin_location_code: destination,
                    destination_location_code: origin,
                  },
                ]
              : [
                  {
                    departure_date_time: '2026-12-01',
                    origin_location_code: origin,
                    destination_location_code: destination,
                  },
                ],
          ),
          adult_quantity: 1,
          child_quantity: 0,
          infant_quantity: 0,
          cabin: 'Economy',
          result_count: i,
          created_at: at,
        })),
      )
      .execute();
  });
  afterAll(async () => t?.close());

  const history = (query: string) => get(t, `/api/searchhistory${query}`, { token: agent.token });

  it('still answers the bare list of the latest 200 without view=page', async () => {
    const res = await history('');
    expect(res.statusCode, res.body).toBe(200);
    const list: Entry[] = res.json().data;
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(SEARCH_HISTORY_LIST_LIMIT);
    expect(list[0]!.created_at).toBe(made.at(-1)!.at.toISOString());
  });

  it('pages newest first and says how many there are', async () => {
    const first = (await history('?view=page&limit=20')).json().data;
    expect(first).toMatchObject({ total: 230, totalPages: 12 });
    expect(first.searches).toHaveLength(20);
    const last = (await history('?view=page&limit=20&page=11')).json().data;
    expect(last.searches).toHaveLength(10);
    expect(last.searches.at(-1).created_at).toBe(made[0]!.at.toISOString());
    // Every page together is every search once, newest first.
    const all: Entry[] = [];
    for (let page = 0; page < 12; page++) {
      all.push(...(await history(`?view=page&limit=20&page=${page}`)).json().data.searches);
    }
    expect(new Set(all.map((entry) => entry.id)).size).toBe(230);
    const times = all.map((entry) => entry.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by a leg from one airport to another, and by the day searched', async () => {
    // LHR → JFK: the one-ways and returns out of London, and the returns out of New York (their way back).
    const pair = (await history('?view=page&origin=LHR&destination=JFK&limit=100')).json().data;
    const expected = made.filter(
      ({ route: [origin] }, i) => origin === 'LHR' || (origin === 'JFK' && i % 2 === 0),
    ).length;
    expect(pair.total).toBe(expected);
    const fromParis = (await history('?view=page&origin=cdg')).json().data;
    expect(fromParis.total).toBe(made.filter(({ route: [origin] }) => origin === 'CDG').length);
    const day = (await history('?view=page&from=2026-08-03&to=2026-08-04')).json().data;
    expect(day.total).toBe(4);
    expect(day.searches.map((entry: Entry) => entry.created_at.slice(0, 10))).toEqual([
      '2026-08-04',
      '2026-08-04',
      '2026-08-03',
      '2026-08-03',
    ]);
    // The filters narrow the bare list too.
    const list = (await history('?origin=CDG&from=2026-08-03&to=2026-08-04')).json().data;
    expect(list.every((entry: Entry) => entry.origin_destinations[0]!.origin_location_code === 'CDG')).toBe(
      true,
    );
  });

  it('refuses a range that ends before it starts, and unknown parameters', async () => {
    expect((await history('?view=page&from=2026-08-05&to=2026-08-04')).statusCode).toBe(422);
    expect((await history('?view=all')).statusCode).toBe(422);
    expect((await history('?origin=London')).statusCode).toBe(422);
  });

  it("never shows another agency's searches, nor counts them", async () => {
    const other = await onboardedOwner(t);
    await makeApprovedCompany(t.store.db, other.user.company_id);
    const theirs = (await get(t, '/api/searchhistory?view=page', { token: other.token })).json().data;
    expect(theirs).toEqual({ searches: [], total: 0, totalPages: 0 });
  });
});
