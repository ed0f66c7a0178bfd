import { type Endpoint, PERMISSIONS, type Permission, SERVER, toRoutePattern } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import { randomIp, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent } from '../support/bookings.js';
import { contractEndpoints, endpointLabel, minimalRequest, urlOf } from '../support/contract-endpoints.js';
import { type StaffMember, staffMember, staffSession } from '../support/staff.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 13: who may call each company endpoint, generated from the contract's declarations — never
 * a hand list per route, so an endpoint declared tomorrow is checked the day it is:
 * - a permission: a user holding every permission but that one gets 403 naming it; a user holding
 *   every permission (not the owner) gets past the guard;
 * - `owner`: a user holding every permission but not the owner gets 403; the owner gets past it;
 * - `any` / `self`: a user holding no permission at all gets past the guard.
 * "Past the guard" is any answer but 401 and 403 (and never a 5xx): the request is a minimal one
 * built from the endpoint's schemas, with random ids, so a 404 or a 422 is as good as a 2xx here.
 * Operator and agency tokens on each other's calls: admin/principals.test.ts, generated likewise.
 */

const companyEndpoints = contractEndpoints.filter((endpoint) => endpoint.access === 'company');
const cases = (filter: (endpoint: Endpoint) => boolean) =>
  companyEndpoints.filter(filter).map((endpoint) => [endpointLabel(endpoint), endpoint] as const);
const isPermission = (value: Endpoint['permission']): value is Permission =>
  (PERMISSIONS as readonly string[]).includes(value ?? '');

describe.each(storeKinds())('the permission of every company endpoint on %s', (kind) => {
  let t: TestApp;
  /** The owner of an approved agency: holds every permission through the fixed Owner role. */
  let owner: Agent;
  /** Staff of the same agency. */
  let holdsEverything: StaffMember;
  let holdsNothing: StaffMember;
  const lacking = new Map<Permission, StaffMember>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await bookingAgent(t, { creditsMinor: 10_000_000 });
    holdsEverything = await staffMember(t, owner.companyId, [...PERMISSIONS]);
    holdsNothing = await staffMember(t, owner.companyId, []);
    for (const permission of PERMISSIONS) {
      const others = PERMISSIONS.filter((other) => other !== permission);
      lacking.set(permission, await staffMember(t, owner.companyId, others));
    }
  }, 120_000);
  afterAll(async () => t?.close());

  /** Calls the endpoint with a minimal request as the user, from a session of its own. */
  async function call(endpoint: Endpoint, user: { id: string }) {
    const served = t.app.hasRoute({ method: endpoint.method, url: toRoutePattern(endpoint.path) });
    expect(served, `${endpointLabel(endpoint)} is not registered (endpoint-registration.test.ts)`).toBe(true);
    const { token } = await staffSession(t, user);
    const request = minimalRequest(endpoint, t.clock.now());
    return t.app.inject({
      method: endpoint.method,
      url: urlOf(endpoint, request),
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: randomIp(),
      ...(request.body === undefined ? {} : { payload: request.body as Record<string, unknown> }),
    });
  }

  async function expectPastTheGuard(endpoint: Endpoint, user: { id: string }, who: string) {
    const res = await call(endpoint, user);
    const label = `${endpointLabel(endpoint)} as ${who} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, label).not.toBe(401);
    expect(res.statusCode, label).not.toBe(403);
    expect(res.statusCode, label).toBeLessThan(500);
  }

  it('finds the company endpoints and their declarations', () => {
    expect(companyEndpoints.length).toBeGreaterThan(40);
    for (const endpoint of companyEndpoints) {
      const declared = endpoint.permission;
      expect(
        isPermission(declared) || declared === 'owner' || declared === 'any' || declared === 'self',
        `${endpointLabel(endpoint)} declares ${String(declared)}`,
      ).toBe(true);
    }
  });

  it.each(cases((endpoint) => isPermission(endpoint.permission)))(
    '%s: 403 naming its permission without it, past the guard with it',
    async (label, endpoint) => {
      const permission = endpoint.permission as Permission;
      const refused = await call(endpoint, lacking.get(permission)!);
      expect(refused.statusCode, `${label} without ${permission}: ${refused.body}`).toBe(403);
      const { status, message } = refused.json();
      expect(status).toBe(false);
      expect(message).toContain(SERVER.forbidden);
      expect(message, `${label}: the refusal names the permission`).toContain(permission);
      await expectPastTheGuard(endpoint, holdsEverything, 'a user holding every permission');
    },
  );

  it.each(cases((endpoint) => endpoint.permission === 'owner'))(
    "%s: 403 to anyone but the agency's owner",
    async (label, endpoint) => {
      const refused = await call(endpoint, holdsEverything);
      expect(refused.statusCode, `${label} as a non-owner: ${refused.body}`).toBe(403);
      expect(refused.json().message).toContain('owner');
      await expectPastTheGuard(endpoint, owner.user, 'the owner');
    },
  );

  it.each(cases((endpoint) => endpoint.permission === 'any' || endpoint.permission === 'self'))(
    '%s: open to a user holding no permission',
    async (_, endpoint) => {
      await expectPastTheGuard(endpoint, holdsNothing, 'a user holding no permission');
    },
  );
});
