import { randomUUID } from 'node:crypto';
import { ACCESS, adminEndpoints, type Endpoint, SERVER, toRoutePattern } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import { get, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent } from '../support/bookings.js';
import { contractEndpoints, endpointLabel } from '../support/contract-endpoints.js';
import { type Operator, signedInOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

/**
 * docs/architecture.md §6: two principals, and routes say which they accept. Generated from every endpoint
 * group the contract exports (`…Endpoints`), so a call added later is covered the day it is: an
 * agency user's token never opens an operator call, an operator's never opens an agency call —
 * both a 403 saying where the token belongs, before anything else is looked at.
 */

/** Served by the app: a call only in the contract yet (its issue in progress) is left out here. */
const served = (t: TestApp) => (endpoint: Endpoint) =>
  t.app.hasRoute({ method: endpoint.method, url: toRoutePattern(endpoint.path) });

// One app answers whether a route exists; the tests below are generated from its answer.
const probe = await createTestApp('pglite');
const operatorCalls = contractEndpoints
  .filter((endpoint) => endpoint.access === 'operator')
  .filter(served(probe));
const companyCalls = contractEndpoints
  .filter((endpoint) => endpoint.access === 'company')
  .filter(served(probe));
await probe.close();

/** The endpoint's path with every placeholder filled by a fresh id. */
const urlOf = (endpoint: Endpoint) => endpoint.path.replace(/\{\w+\}/g, () => randomUUID());

describe.each(storeKinds())('operator and agency principals on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let operator: Operator;
  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t);
    operator = await signedInOperator(t);
  });
  afterAll(async () => t?.close());

  const call = (endpoint: Endpoint, token?: string) =>
    t.app.inject({
      method: endpoint.method,
      url: urlOf(endpoint),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('covers every back-office call and the agency calls', () => {
    expect(operatorCalls).toEqual(expect.arrayContaining(Object.values(adminEndpoints)));
    expect(companyCalls.length).toBeGreaterThanOrEqual(15);
  });

  it.each(operatorCalls.map((endpoint) => [endpointLabel(endpoint), endpoint] as const))(
    'refuses an agency token on %s (403)',
    async (_, endpoint) => {
      const res = await call(endpoint, agent.token);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ status: false, message: ACCESS.operatorsOnly });
    },
  );

  it.each(companyCalls.map((endpoint) => [endpointLabel(endpoint), endpoint] as const))(
    'refuses an operator token on %s (403)',
    async (_, endpoint) => {
      const res = await call(endpoint, operator.token);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ status: false, message: ACCESS.agenciesOnly });
    },
  );

  it('answers 401 on operator calls without a valid operator session', async () => {
    const companies = operatorCalls.find((endpoint) => endpoint.path === '/api/admin/companies')!;
    expect((await call(companies)).statusCode).toBe(401);
    const forged = `${operator.token.slice(0, -4)}AAAA`;
    const res = await call(companies, forged);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(SERVER.unauthorized);

    // A session that ended (sign-out) or an operator deactivated: 401 at once.
    const other = await signedInOperator(t, 'Ada Ops');
    expect((await call(companies, other.token)).statusCode).toBe(200);
    await t.store.db
      .updateTable('auth_sessions')
      .set({ revoked_at: t.clock.now() })
      .where('id', '=', other.sessionId)
      .execute();
    expect((await call(companies, other.token)).statusCode).toBe(401);
    const third = await signedInOperator(t, 'Bo Ops');
    await t.store.db.updateTable('operators').set({ is_active: false }).where('id', '=', third.id).execute();
    expect((await call(companies, third.token)).statusCode).toBe(401);
  });

  it('lets an operator into the back office', async () => {
    const res = await get(t, '/api/admin/banks', { token: operator.token });
    expect(res.statusCode, res.body).toBe(200);
  });
});
