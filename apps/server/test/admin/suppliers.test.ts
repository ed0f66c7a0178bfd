import { type AdminRates, type AdminSupplier, SearchResult } from '@skydesk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asOperator, ok } from '../support/admin.js';
import { createTestApp, testConfig } from '../support/app.js';
import { get, post, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent, searchBody } from '../support/bookings.js';
import { createDuffelTestServer, type DuffelTestServer } from '../support/duffel/duffel-test-server.js';
import { type Operator, signedInOperator } from '../support/operator.js';

/**
 * Issue 29's Suppliers and Rates pages: each supplier on or off with its markup and the health of
 * its calls (this process's), the currency rates with their day; every change audited, operators
 * only. Duffel is the local test server (GBP); the platform sells USD. Test clock: 2026-11-22.
 */

const TOKEN = 'duffel_test_local';
let duffel: DuffelTestServer;
let t: TestApp;
let operator: Operator;
let agent: Agent;

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
  operator = await signedInOperator(t);
  agent = await bookingAgent(t);
});
afterAll(async () => {
  await t?.close();
  await duffel?.close();
});
afterEach(() => duffel.failures.clear());

const admin = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  asOperator(t, operator, method, url, payload);
const duffelOf = async () => ok<AdminSupplier>(admin('GET', '/api/admin/suppliers/duffel'));
const search = async (date: string) => {
  const res = await post(t, '/api/search', searchBody({ date }), { token: agent.token });
  expect(res.statusCode, res.body).toBe(200);
  return SearchResult.parse(res.json().data);
};
const sellsDuffel = (result: SearchResult) =>
  result.PricedItineraries.PricedItinerary.some((i) => i.offer_id.startsWith('d1.'));
let day = 0;
/** A date nobody searched yet in this file: never answered from the shopping cache. */
const freshDate = () => `2027-01-${String(10 + (day++ % 18)).padStart(2, '0')}`;

describe('suppliers in the back office', () => {
  it('lists both suppliers, connected and on, without markup, the sandbox without health', async () => {
    const list = await ok<AdminSupplier[]>(admin('GET', '/api/admin/suppliers'));
    expect(list.map((s) => [s.code, s.connected, s.enabled])).toEqual([
      ['duffel', true, true],
      ['sandbox', true, true],
    ]);
    const sandbox = list.find((s) => s.code === 'sandbox')!;
    expect(sandbox.health).toBeNull();
    expect(list[0]!.markup).toEqual({ percent: 0, fixed_per_passenger: { Amount: 0, CurrencyCode: 'USD' } });
    expect(list[0]!.health).toMatchObject({ window_minutes: 60, circuit: { state: 'closed' } });
  });

  it('sets rates with their day, refuses the platform currency, and audits each', async () => {
    const refused = await admin('PUT', '/api/admin/rates', {
      rates: [{ currency: 'USD', rate: 1, effective_on: '2026-11-01' }],
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().data.errors)).toEqual(['rates.0.currency']);

    const rates = await ok<AdminRates>(
      admin('PUT', '/api/admin/rates', {
        rates: [
          { currency: 'gbp', rate: 1.2, effective_on: '2026-11-01' },
          { currency: 'GBP', rate: 1.3, effective_on: '2026-12-01' },
        ],
      }),
    );
    expect(rates.platform_currency).toBe('USD');
    expect(rates.rates.map((r) => [r.currency, r.rate, r.effective_on, r.in_force])).toEqual([
      ['GBP', 1.3, '2026-12-01', false],
      ['GBP', 1.2, '2026-11-01', true],
    ]);
    expect(rates.rates[0]!.set_by).toEqual({ id: operator.id, name: operator.name });
    const audit = await ok(admin('GET', '/api/admin/audit?action=rate.set'));
    expect(audit.entries).toHaveLength(2);
    expect(audit.entries[0]).toMatchObject({ target_type: 'rate', after: { currency: 'GBP' } });
  });

  it('counts the offers left out for want of a rate', async () => {
    duffel.failures.clear();
    // EUR offers: no EUR rate is set.
    const euros = await createDuffelTestServer({
      token: TOKEN,
      seed: 5,
      currency: 'EUR',
      now: () => t.clock.now(),
    });
    try {
      const app = await createTestApp('pglite', {
        config: testConfig({ duffel: { accessToken: TOKEN, apiUrl: euros.url, webhookSecret: undefined } }),
      });
      try {
        const owner = await bookingAgent(app);
        const res = await post(app, '/api/search', searchBody({ date: freshDate() }), { token: owner.token });
        expect(res.statusCode, res.body).toBe(200);
        expect(SearchResult.parse(res.json().data).missing_suppliers).toEqual([]);
        const ops = await signedInOperator(app);
        const supplier = await ok<AdminSupplier>(asOperator(app, ops, 'GET', '/api/admin/suppliers/duffel'));
        expect(supplier.health!.offers_without_rate.count).toBeGreaterThan(0);
        expect(supplier.health!.offers_without_rate.currencies).toEqual(['EUR']);
      } finally {
        await app.close();
      }
    } finally {
      await euros.close();
    }
  });

  it('changes the markup and turns Duffel off and on, audited; off, searches neither ask nor miss it', async () => {
    const changed = await ok<AdminSupplier>(
      admin('PUT', '/api/admin/suppliers/duffel', { markup_percent: 4.5, markup_fixed_per_passenger: 7.5 }),
    );
    expect(changed.markup).toEqual({
      percent: 4.5,
      fixed_per_passenger: { Amount: 7.5, CurrencyCode: 'USD' },
    });
    expect(changed.updated_by).toEqual({ id: operator.id, name: operator.name });

    await ok(admin('PUT', '/api/admin/suppliers/duffel', { enabled: false }));
    const asked = duffel.requestsTo('POST /air/offer_requests').length;
    const off = await search(freshDate());
    expect(off.missing_suppliers).toEqual([]);
    expect(sellsDuffel(off)).toBe(false);
    expect(duffel.requestsTo('POST /air/offer_requests')).toHaveLength(asked);

    await ok(admin('PUT', '/api/admin/suppliers/duffel', { enabled: true }));
    expect(sellsDuffel(await search(freshDate()))).toBe(true);

    const audit = await ok(admin('GET', '/api/admin/audit?action=supplier.update'));
    expect(audit.entries).toHaveLength(3);
    // Made at one instant of the test clock: found by what changed.
    const markup = audit.entries.find(
      (entry: { before: { markup: { percent: number } } }) => entry.before.markup.percent === 0,
    );
    expect(markup).toMatchObject({
      target_type: 'supplier',
      target_id: 'duffel',
      before: { enabled: true, markup: { percent: 0 } },
      after: { enabled: true, markup: { percent: 4.5 } },
    });
    await ok(
      admin('PUT', '/api/admin/suppliers/duffel', { markup_percent: 0, markup_fixed_per_passenger: 0 }),
    );
  });

  it('keeps one connected supplier on, and refuses bad markups', async () => {
    await ok(admin('PUT', '/api/admin/suppliers/duffel', { enabled: false }));
    const last = await admin('PUT', '/api/admin/suppliers/sandbox', { enabled: false });
    expect(last.statusCode, last.body).toBe(409);
    await ok(admin('PUT', '/api/admin/suppliers/duffel', { enabled: true }));
    // With Duffel on, the sandbox may go off: searches then sell Duffel alone.
    await ok(admin('PUT', '/api/admin/suppliers/sandbox', { enabled: false }));
    const duffelOnly = await search(freshDate());
    expect(duffelOnly.PricedItineraries.PricedItinerary.every((i) => i.offer_id.startsWith('d1.'))).toBe(
      true,
    );
    await ok(admin('PUT', '/api/admin/suppliers/sandbox', { enabled: true }));

    for (const body of [
      {},
      { markup_percent: 101 },
      { markup_percent: 1.234 },
      { markup_fixed_per_passenger: -1 },
      { colour: 'red' },
    ]) {
      const res = await admin('PUT', '/api/admin/suppliers/duffel', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await admin('GET', '/api/admin/suppliers/amadeus')).statusCode).toBe(422);
  });

  it('shows failures by cause and the last error; the circuit opens, skips Duffel, and a good probe closes it', async () => {
    duffel.failures.always('POST /air/offer_requests', {
      kind: 'error',
      status: 503,
      type: 'api_error',
      code: 'service_unavailable',
    });
    for (let i = 0; i < 5; i += 1) expect((await search(freshDate())).missing_suppliers).toEqual(['duffel']);
    const open = await duffelOf();
    expect(open.health!.errors.server_error).toBeGreaterThanOrEqual(5);
    expect(open.health!.last_error).toMatchObject({
      cause: 'server_error',
      operation: 'POST /air/offer_requests',
      status: 503,
      code: 'service_unavailable',
    });
    expect(open.health!.circuit.state).toBe('open');

    const asked = duffel.requestsTo('POST /air/offer_requests').length;
    const skipped = await search(freshDate());
    expect(skipped.missing_suppliers).toEqual(['duffel']);
    expect(duffel.requestsTo('POST /air/offer_requests')).toHaveLength(asked);
    expect((await duffelOf()).health!.skipped).toBeGreaterThan(0);

    duffel.failures.clear();
    t.clock.advance(31_000);
    expect((await duffelOf()).health!.circuit.state).toBe('half_open');
    const probe = await search(freshDate());
    expect(probe.missing_suppliers).toEqual([]);
    expect((await duffelOf()).health!.circuit).toMatchObject({ state: 'closed', consecutive_failures: 0 });
  });

  it('answers agencies 403 on every supplier and rate call', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/suppliers'],
      ['GET', '/api/admin/suppliers/duffel'],
      ['PUT', '/api/admin/suppliers/duffel'],
      ['GET', '/api/admin/rates'],
      ['PUT', '/api/admin/rates'],
    ] as const) {
      const res =
        method === 'GET'
          ? await get(t, url, { token: agent.token })
          : await t.app.inject({
              method,
              url,
              headers: { authorization: `Bearer ${agent.token}` },
              payload: { enabled: false },
            });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await get(t, '/api/admin/suppliers')).statusCode).toBe(401);
  });
});
