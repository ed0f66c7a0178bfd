import { PERMISSIONS, type PricingPreview, type PricingRule, type PricingSettings } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOperator, auditOf, ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import { randomIp, type TestApp } from '../support/auth-flow.js';
import { type Agent, agentWithPermissions, bookingAgent } from '../support/bookings.js';
import { type Operator, signedInOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 33: the agency's pricing rules and earnings settings (/api/pricing/…, pricing.manage) and
 * the operator's platform rules (/api/admin/pricing/…): written, refused when they cannot be met
 * (422 on the field), ordered, previewed; another agency's rule is as missing as an unknown one.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (t: TestApp, who: Pick<Agent, 'token'>, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${who.token}` },
    remoteAddress: randomIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const longHaulEconomy = {
  name: 'Long-haul economy',
  match: { route: { scope: 'long_haul' }, cabin: 'Economy' },
  value: { percent: 6 },
};
const bookingFee = {
  kind: 'fee',
  name: 'Booking fee',
  event: 'issue',
  value: { fixed: { Amount: 15, CurrencyCode: 'USD' }, fixed_per: 'booking' },
};
const airlineDiscount = { name: 'BA discount', match: { validating_carrier: 'BA' }, value: { percent: -3 } };

describe.each(storeKinds())('pricing rules on %s (issue 33)', (kind) => {
  let t: TestApp;
  let owner: Agent;
  let stranger: Agent;
  let operator: Operator;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await bookingAgent(t);
    stranger = await bookingAgent(t);
    operator = await signedInOperator(t);
  });
  afterAll(async () => t?.close());

  const rulesOf = (who: Agent) => ok<PricingRule[]>(call(t, who, 'GET', '/api/pricing/rules'));

  it('the owner holds pricing.manage: adds rules last in the order, rewrites one in place, deletes one', async () => {
    const first = await ok<PricingRule>(call(t, owner, 'POST', '/api/pricing/rules', longHaulEconomy), 201);
    expect(first).toMatchObject({
      kind: 'markup',
      enabled: true,
      position: 0,
      specificity: 4,
      value: { percent: 6, fixed: null, fixed_per: 'passenger' },
      rounding: 'none',
      event: null,
    });
    const fee = await ok<PricingRule>(call(t, owner, 'POST', '/api/pricing/rules', bookingFee), 201);
    const discount = await ok<PricingRule>(
      call(t, owner, 'POST', '/api/pricing/rules', airlineDiscount),
      201,
    );
    expect([fee.position, discount.position]).toEqual([1, 2]);
    expect(fee.value.fixed).toEqual({ Amount: 15, CurrencyCode: 'USD' });

    const rewritten = await ok<PricingRule>(
      call(t, owner, 'PUT', `/api/pricing/rules/${discount.id}`, {
        ...airlineDiscount,
        rounding: 'ninety_nine',
      }),
    );
    expect(rewritten).toMatchObject({ id: discount.id, position: 2, rounding: 'ninety_nine' });

    const extra = await ok<PricingRule>(
      call(t, owner, 'POST', '/api/pricing/rules', { name: 'Gone', value: { percent: 1 } }),
      201,
    );
    await ok(call(t, owner, 'DELETE', `/api/pricing/rules/${extra.id}`));
    expect((await rulesOf(owner)).map((r) => r.name)).toEqual([
      'Long-haul economy',
      'Booking fee',
      'BA discount',
    ]);
    // The stranger's agency has none of them.
    expect(await rulesOf(stranger)).toEqual([]);
  });

  it('reorders every rule, or the rules of one kind among their own positions', async () => {
    const [economy, fee, discount] = await rulesOf(owner);
    const all = await ok<PricingRule[]>(
      call(t, owner, 'POST', '/api/pricing/rules/reorder', { ids: [discount!.id, economy!.id, fee!.id] }),
    );
    expect(all.map((r) => [r.name, r.position])).toEqual([
      ['BA discount', 0],
      ['Long-haul economy', 1],
      ['Booking fee', 2],
    ]);
    const markups = await ok<PricingRule[]>(
      call(t, owner, 'POST', '/api/pricing/rules/reorder', { ids: [economy!.id, discount!.id] }),
    );
    expect(markups.map((r) => r.name)).toEqual(['Long-haul economy', 'BA discount', 'Booking fee']);

    const partial = await call(t, owner, 'POST', '/api/pricing/rules/reorder', {
      ids: [economy!.id, fee!.id],
    });
    expect(partial.statusCode, partial.body).toBe(422);
    expect(Object.keys(partial.json().data.errors)).toEqual(['ids']);
    const twice = await call(t, owner, 'POST', '/api/pricing/rules/reorder', {
      ids: [economy!.id, economy!.id],
    });
    expect(twice.statusCode).toBe(422);
  });

  it.each([
    ['a percentage over 1,000', { name: 'x', value: { percent: 1000.01 } }, 'value.percent'],
    ['three decimals', { name: 'x', value: { percent: 1.234 } }, 'value.percent'],
    ['no value at all', { name: 'x', value: {} }, 'value.percent'],
    [
      'a fixed amount in another currency',
      { name: 'x', value: { fixed: { Amount: 5, CurrencyCode: 'EUR' } } },
      'value.fixed.CurrencyCode',
    ],
    [
      'booking dates ending before they start',
      { name: 'x', match: { booking_from: '2026-12-10', booking_to: '2026-12-01' }, value: { percent: 1 } },
      'match.booking_to',
    ],
    [
      'travel dates ending before they start',
      { name: 'x', match: { travel_from: '2027-01-10', travel_to: '2027-01-09' }, value: { percent: 1 } },
      'match.travel_to',
    ],
    [
      'a region scope without its region',
      { name: 'x', match: { route: { scope: 'region' } }, value: { percent: 1 } },
      'match.route.region',
    ],
    [
      'a country pair without its second country',
      { name: 'x', match: { route: { scope: 'country_pair', from_country: 'GB' } }, value: { percent: 1 } },
      'match.route.to_country',
    ],
    [
      'an airport pair without its first airport',
      { name: 'x', match: { route: { scope: 'airport_pair', to_airport: 'JFK' } }, value: { percent: 1 } },
      'match.route.from_airport',
    ],
    [
      "an agency's rule naming a supplier",
      { name: 'x', match: { supplier: 'duffel' }, value: { percent: 1 } },
      'match.supplier',
    ],
    [
      'a fee without its event',
      { kind: 'fee', name: 'Fee', value: { fixed: { Amount: 5, CurrencyCode: 'USD' } } },
      'event',
    ],
    ['a markup with an event', { name: 'x', event: 'issue', value: { percent: 1 } }, 'event'],
    [
      'a negative fee',
      { kind: 'fee', name: 'Fee', event: 'refund', value: { fixed: { Amount: -5, CurrencyCode: 'USD' } } },
      'value.fixed.Amount',
    ],
  ])('refuses %s: 422 on the field', async (_name, body, field) => {
    const res = await call(t, owner, 'POST', '/api/pricing/rules', body);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().data.errors)).toContain(field);
    // A rewrite is held to the same.
    const [rule] = await rulesOf(owner);
    const rewrite = await call(t, owner, 'PUT', `/api/pricing/rules/${rule!.id}`, body);
    expect(rewrite.statusCode).toBe(422);
  });

  it("previews London → New York, Economy Flex, two adults: the rule that applied and the issue's fee", async () => {
    const preview = await ok<PricingPreview>(
      call(t, owner, 'POST', '/api/pricing/preview', {
        origin: 'LHR',
        destination: 'JFK',
        cabin: 'Economy',
        brand: 'Flex',
        validating_carrier: 'BA',
        adult_quantity: 2,
        net_per_adult: { Amount: 500, CurrencyCode: 'USD' },
      }),
    );
    // Long-haul economy (4 points) beats the BA discount (2): 6 % of 500 on each adult.
    expect(preview).toMatchObject({
      net: { Amount: 1000, CurrencyCode: 'USD' },
      selling: { Amount: 1060, CurrencyCode: 'USD' },
      markup: { Amount: 60, CurrencyCode: 'USD' },
      rule: { name: 'Long-haul economy' },
      passengers: [{ passenger_type: 'adult', quantity: 2, net: { Amount: 500 }, selling: { Amount: 530 } }],
      fees: [{ name: 'Booking fee', amount: { Amount: 15, CurrencyCode: 'USD' } }],
    });
    // London → Paris is short haul: the airline's discount, rounded to .99.
    const paris = await ok<PricingPreview>(
      call(t, owner, 'POST', '/api/pricing/preview', {
        origin: 'LHR',
        destination: 'CDG',
        validating_carrier: 'BA',
        net_per_adult: { Amount: 100, CurrencyCode: 'USD' },
      }),
    );
    expect(paris).toMatchObject({ selling: { Amount: 97.99 }, rule: { name: 'BA discount' } });
  });

  it("answers 404 for another agency's rule, as for an unknown one", async () => {
    const [rule] = await rulesOf(owner);
    const body = { name: 'Mine now', value: { percent: 1 } };
    for (const res of [
      await call(t, stranger, 'PUT', `/api/pricing/rules/${rule!.id}`, body),
      await call(t, stranger, 'DELETE', `/api/pricing/rules/${rule!.id}`),
      await call(t, stranger, 'POST', '/api/pricing/rules/reorder', { ids: [rule!.id] }),
      await call(t, owner, 'PUT', '/api/pricing/rules/00000000-0000-4000-8000-000000000000', body),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await rulesOf(owner))[0]).toEqual(rule);
  });

  it('answers 403 without pricing.manage; every user reads the earnings settings', async () => {
    const agent = await agentWithPermissions(
      t,
      PERMISSIONS.filter((p) => p !== 'pricing.manage'),
    );
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, body] of [
      ['GET', '/api/pricing/rules'],
      ['POST', '/api/pricing/rules', longHaulEconomy],
      ['PUT', `/api/pricing/rules/${id}`, longHaulEconomy],
      ['DELETE', `/api/pricing/rules/${id}`],
      ['POST', '/api/pricing/rules/reorder', { ids: [id] }],
      [
        'POST',
        '/api/pricing/preview',
        { origin: 'LHR', destination: 'JFK', net_per_adult: { Amount: 1, CurrencyCode: 'USD' } },
      ],
      ['PUT', '/api/pricing/settings', { allow_below_net: true }],
    ] as const) {
      const res = await call(t, agent, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    }
    const nothing = await agentWithPermissions(t, []);
    expect((await ok<PricingSettings>(call(t, nothing, 'GET', '/api/pricing/settings'))).invoice_prefix).toBe(
      'INV-',
    );
  });

  it('keeps the earnings settings, defaults until changed', async () => {
    expect(await ok<PricingSettings>(call(t, owner, 'GET', '/api/pricing/settings'))).toEqual({
      allow_below_net: false,
      max_override_percent: null,
      invoice_prefix: 'INV-',
      tax: null,
      quote_validity_days: 7,
      logo: null,
      currency: 'USD',
    });
    const saved = await ok<PricingSettings>(
      call(t, owner, 'PUT', '/api/pricing/settings', {
        invoice_prefix: 'bst-',
        tax: { name: 'VAT', rate: 5 },
        max_override_percent: 20,
      }),
    );
    expect(saved).toMatchObject({
      invoice_prefix: 'BST-',
      tax: { name: 'VAT', rate: 5 },
      max_override_percent: 20,
    });
    const again = await ok<PricingSettings>(call(t, owner, 'PUT', '/api/pricing/settings', { tax: null }));
    expect(again).toMatchObject({ invoice_prefix: 'BST-', tax: null, max_override_percent: 20 });
    const bad = await call(t, owner, 'PUT', '/api/pricing/settings', { invoice_prefix: 'TOO-LONG-PREFIX' });
    expect(bad.statusCode).toBe(422);
    // The stranger's settings are their own.
    expect((await ok<PricingSettings>(call(t, stranger, 'GET', '/api/pricing/settings'))).tax).toBeNull();
  });

  describe('platform rules', () => {
    const admin = (method: Method, url: string, payload?: unknown) =>
      asOperator(t, operator, method, url, payload);

    it('are the operator’s: may name a supplier, are no fees, are audited, and no agency sees them', async () => {
      const rule = await ok<PricingRule>(
        admin('POST', '/api/admin/pricing/rules', {
          name: 'Duffel long haul',
          match: { supplier: 'duffel', route: { scope: 'long_haul' } },
          value: { percent: 2 },
        }),
        201,
      );
      expect(rule.specificity).toBe(4);
      const fee = await admin('POST', '/api/admin/pricing/rules', bookingFee);
      expect(fee.statusCode).toBe(422);
      expect(Object.keys(fee.json().data.errors)).toContain('kind');

      await ok(
        admin('PUT', `/api/admin/pricing/rules/${rule.id}`, {
          name: 'Duffel long haul',
          match: { supplier: 'duffel', route: { scope: 'long_haul' } },
          value: { percent: 2.5 },
        }),
      );
      const second = await ok<PricingRule>(
        admin('POST', '/api/admin/pricing/rules', { name: 'All', value: { percent: 1 } }),
        201,
      );
      await ok(admin('POST', '/api/admin/pricing/rules/reorder', { ids: [second.id, rule.id] }));
      const listed = await ok<PricingRule[]>(admin('GET', '/api/admin/pricing/rules'));
      expect(listed.map((r) => r.name)).toEqual(['All', 'Duffel long haul']);

      const preview = await ok<PricingPreview>(
        admin('POST', '/api/admin/pricing/preview', {
          origin: 'LHR',
          destination: 'JFK',
          supplier: 'duffel',
          net_per_adult: { Amount: 200, CurrencyCode: 'USD' },
        }),
      );
      expect(preview).toMatchObject({ selling: { Amount: 205 }, rule: { id: rule.id }, fees: [] });

      // The test clock stands still: entries of one moment come in any order.
      const entries = await auditOf(t, operator, rule.id);
      expect(entries.map((e: { action: string }) => e.action).sort()).toEqual([
        'pricing_rule.create',
        'pricing_rule.update',
      ]);
      const update = entries.find((e: { action: string }) => e.action === 'pricing_rule.update');
      expect(update.before.value.percent).toBe(2);
      expect(update.after.value.percent).toBe(2.5);

      await ok(admin('DELETE', `/api/admin/pricing/rules/${second.id}`));
      expect((await auditOf(t, operator, second.id)).map((e: { action: string }) => e.action).sort()).toEqual(
        ['pricing_rule.create', 'pricing_rule.delete'],
      );
      // Agencies see their own rules only, and cannot reach the operator's.
      expect((await rulesOf(stranger)).map((r) => r.id)).not.toContain(rule.id);
      expect((await call(t, owner, 'GET', '/api/admin/pricing/rules')).statusCode).toBeGreaterThanOrEqual(
        401,
      );
      expect((await call(t, stranger, 'DELETE', `/api/pricing/rules/${rule.id}`)).statusCode).toBe(404);
    });

    it("keeps a supplier's markup (the supplier page's fields) as that supplier's own platform rule", async () => {
      await ok(
        admin('PUT', '/api/admin/suppliers/duffel', { markup_percent: 4.5, markup_fixed_per_passenger: 2 }),
      );
      const own = (await ok<PricingRule[]>(admin('GET', '/api/admin/pricing/rules'))).find(
        (r) => r.match.supplier === 'duffel' && r.match.route.scope === 'any',
      );
      expect(own).toMatchObject({
        name: 'Duffel markup',
        value: { percent: 4.5, fixed: { Amount: 2, CurrencyCode: 'USD' }, fixed_per: 'passenger' },
        specificity: 2,
      });
      // Rewritten from the rules page, the supplier page reads it back.
      await ok(
        admin('PUT', `/api/admin/pricing/rules/${own!.id}`, {
          name: 'Duffel markup',
          match: { supplier: 'duffel' },
          value: { percent: 3 },
        }),
      );
      const supplier = await ok(admin('GET', '/api/admin/suppliers/duffel'));
      expect(supplier.markup).toEqual({
        percent: 3,
        fixed_per_passenger: { Amount: 0, CurrencyCode: 'USD' },
      });
      // Both 0: no rule (a 0 % rule naming the supplier would outrank the broader ones).
      await ok(
        admin('PUT', '/api/admin/suppliers/duffel', { markup_percent: 0, markup_fixed_per_passenger: 0 }),
      );
      const rules = await ok<PricingRule[]>(admin('GET', '/api/admin/pricing/rules'));
      expect(rules.map((r) => r.id)).not.toContain(own!.id);
    });
  });
});
