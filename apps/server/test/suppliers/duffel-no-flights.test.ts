import { EMPTY_RESULT, NoFlightsFound } from '@skydesk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../support/app.js';
import { post, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent, searchBody } from '../support/bookings.js';
import { createDuffelTestServer, type DuffelTestServer } from '../support/duffel/duffel-test-server.js';

/**
 * Issue 29: a search with nothing on sale answers the spec's 404 'No Flight Found!' — and when a
 * supplier did not answer, the same 404 names it in `data.missing_suppliers`, so the agent knows
 * that searching again may find flights. The route is one the sandbox does not fly nonstop, and
 * Duffel (the local test server) fails, or refuses the request, or answers.
 */

const TOKEN = 'duffel_test_local';

let duffel: DuffelTestServer;
let t: TestApp;
let agent: Agent;
/** Two airports of the sandbox without a nonstop between them. */
let route: { origin: string; destination: string };

beforeAll(async () => {
  let now = () => new Date();
  duffel = await createDuffelTestServer({ token: TOKEN, seed: 5, now: () => now() });
  t = await createTestApp('pglite', {
    config: testConfig({
      duffel: { accessToken: TOKEN, apiUrl: duffel.url, webhookSecret: undefined },
      supplierSearchDeadlineMs: 1_500,
    }),
  });
  now = () => t.clock.now();
  agent = await bookingAgent(t);
  const routes = (await post(t, '/api/booking-all-active-routes', undefined, { token: agent.token })).json()
    .data.Routes as { origin_location_code: string; destination_location_codes: string[] }[];
  // Two airports with one route each, to different places: no nonstop between them.
  const single = routes.filter((r) => r.destination_location_codes.length === 1);
  const from = single[0]!;
  const to = single.find(
    (r) =>
      r.origin_location_code !== from.origin_location_code &&
      r.origin_location_code !== from.destination_location_codes[0],
  )!;
  route = { origin: from.origin_location_code, destination: to.origin_location_code };
});
afterAll(async () => {
  await t?.close();
  await duffel?.close();
});
afterEach(() => duffel.failures.clear());

const search = (date: string, view?: 'itineraries') =>
  post(
    t,
    '/api/search',
    { ...searchBody({ ...route, date, maxStops: 0 }), ...(view ? { view } : {}) },
    { token: agent.token },
  );

describe("a search with nothing on sale ('No Flight Found!')", () => {
  it('names the supplier that did not answer in the 404, flat and grouped', async () => {
    duffel.failures.always('POST /air/offer_requests', { kind: 'server_error', when: 'before' });
    for (const view of [undefined, 'itineraries'] as const) {
      const res = await search('2026-12-02', view);
      expect(res.statusCode, res.body).toBe(404);
      const body = res.json();
      expect(body).toEqual({
        status: false,
        message: EMPTY_RESULT.noFlights,
        data: { missing_suppliers: ['duffel'] },
      });
      expect(NoFlightsFound.parse(body.data).missing_suppliers).toEqual(['duffel']);
    }
  });

  it('names a supplier slower than its deadline too', async () => {
    duffel.failures.next('POST /air/offer_requests', { kind: 'delay', ms: 3_500 });
    const res = await search('2026-12-03');
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().data).toEqual({ missing_suppliers: ['duffel'] });
  });

  it('is the bare failure when the supplier answered (here: refusing the request)', async () => {
    duffel.failures.next('POST /air/offer_requests', {
      kind: 'error',
      status: 422,
      type: 'validation_error',
      code: 'invalid_airport',
    });
    const res = await search('2026-12-04');
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ status: false, message: EMPTY_RESULT.noFlights });
  });
});
