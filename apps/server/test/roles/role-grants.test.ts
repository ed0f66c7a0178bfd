import { randomBytes } from 'node:crypto';
import { type BookingsScope, PERMISSIONS, type Permission, SERVER } from '@skydesk/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import { randomIp, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent } from '../support/bookings.js';
import { addRole, addUser } from '../support/colleague.js';
import { staffSession } from '../support/staff.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 27, "nobody grants more than they hold", for the roles screen, as a generated matrix:
 * every actor permission set (each set lacking one permission, the least and the most a role
 * manager can hold, and a fast-check sample of the rest) × every target permission set (each
 * permission alone, none, all, the two reaches over bookings). A role manager creates a role, adds
 * permissions to one or takes them away only within what they hold themselves — their own role
 * included, so nobody writes themself into a richer one.
 */

const MANAGES: Permission = 'roles.manage';
const OTHERS = PERMISSIONS.filter((permission) => permission !== MANAGES);

type Holding = { permissions: readonly Permission[]; scope: BookingsScope };
type Target = Holding & { label: string };

/** Whether the actor holds each of the role's permissions, and sees the agency's bookings if the role does. */
const within = (role: Holding, actor: Holding) =>
  role.permissions.every((permission) => actor.permissions.includes(permission)) &&
  !(role.permissions.includes('bookings.view') && role.scope === 'all' && actor.scope === 'own');

const TARGETS: Target[] = [
  { label: 'no permission', permissions: [], scope: 'all' },
  ...PERMISSIONS.map((permission) => ({
    label: permission,
    permissions: [permission],
    scope: 'all' as const,
  })),
  { label: 'bookings.view of own bookings', permissions: ['bookings.view'], scope: 'own' },
  { label: 'every permission', permissions: [...PERMISSIONS], scope: 'all' },
];

function actorHoldings(): (Holding & { label: string })[] {
  const systematic = [
    { label: 'roles.manage alone', permissions: [MANAGES], scope: 'all' as const },
    { label: 'every permission', permissions: [...PERMISSIONS], scope: 'all' as const },
    { label: 'every permission, own bookings', permissions: [...PERMISSIONS], scope: 'own' as const },
    ...OTHERS.map((missing) => ({
      label: `all but ${missing}`,
      permissions: PERMISSIONS.filter((permission) => permission !== missing),
      scope: 'all' as const,
    })),
  ];
  const sampled = fc
    .sample(
      fc.record({
        permissions: fc.subarray([...OTHERS]),
        scope: fc.constantFrom<BookingsScope>('all', 'own'),
      }),
      { numRuns: 8, seed: 2027 },
    )
    .map(({ permissions, scope }) => ({
      label: `sampled ${[MANAGES, ...permissions].join(',')} (${scope})`,
      permissions: [MANAGES, ...permissions],
      scope,
    }));
  return [...systematic, ...sampled];
}

type Method = 'POST' | 'PUT';

describe.each(storeKinds())('nobody writes a role beyond their own on %s', (kind) => {
  let t: TestApp;
  let owner: Agent;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await bookingAgent(t);
  });
  afterAll(async () => t?.close());

  const call = (token: string, method: Method, url: string, payload: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      payload,
      remoteAddress: randomIp(),
    });
  const freshName = () => `Desk ${randomBytes(4).toString('hex')}`;

  const expectRefused = (res: { statusCode: number; body: string; json(): unknown }, label: string) => {
    expect(res.statusCode, `${label}: ${res.body}`).toBe(403);
    const { status, message } = res.json() as { status: boolean; message: string };
    expect(status).toBe(false);
    expect(message, label).toContain(SERVER.forbidden);
  };
  const expectAnswer = (
    res: { statusCode: number; body: string; json(): unknown },
    allowed: boolean,
    success: number,
    label: string,
  ) => {
    if (allowed) expect(res.statusCode, `${label}: ${res.body}`).toBe(success);
    else expectRefused(res, label);
  };

  it.each(actorHoldings().map((actor) => [actor.label, actor] as const))(
    'as a role manager holding %s: creates, widens and narrows roles only within their own',
    async (_, actor) => {
      const actorRole = await addRole(t, owner.companyId, [...actor.permissions], actor.scope);
      const manager = await addUser(t, owner.companyId, actorRole);
      const { token } = await staffSession(t, manager);

      for (const target of TARGETS) {
        const allowed = within(target, actor);
        const label = `${actor.label} → ${target.label}`;
        const body = { permissions: [...target.permissions], bookings_scope: target.scope };

        const created = await call(token, 'POST', '/api/role', { name: freshName(), ...body });
        expectAnswer(created, allowed, 201, `${label} (created)`);

        // Widened from nothing to the target.
        const empty = await addRole(t, owner.companyId, [], 'own');
        expectAnswer(
          await call(token, 'PUT', `/api/role/${empty}`, body),
          allowed,
          200,
          `${label} (widened)`,
        );

        // Narrowed from the target to nothing.
        const full = await addRole(t, owner.companyId, [...target.permissions], target.scope);
        const narrowed = await call(token, 'PUT', `/api/role/${full}`, {
          permissions: [],
          bookings_scope: 'own',
        });
        expectAnswer(narrowed, allowed, 200, `${label} (narrowed)`);

        // A rename touches no permission: anyone managing roles may.
        const renamed = await call(token, 'PUT', `/api/role/${full}`, { name: freshName() });
        expect(renamed.statusCode, `${label} (renamed): ${renamed.body}`).toBe(200);
      }

      // Their own role: never beyond what they hold.
      const everything = await call(token, 'PUT', `/api/role/${actorRole}`, {
        permissions: [...PERMISSIONS],
        bookings_scope: 'all',
      });
      expectAnswer(
        everything,
        within({ permissions: PERMISSIONS, scope: 'all' }, actor),
        200,
        `${actor.label}: every permission on their own role`,
      );
    },
    120_000,
  );

  it('names the permissions the manager lacks', async () => {
    const actorRole = await addRole(t, owner.companyId, [MANAGES, 'bookings.view'], 'all');
    const manager = await addUser(t, owner.companyId, actorRole);
    const { token } = await staffSession(t, manager);
    const res = await call(token, 'POST', '/api/role', {
      name: freshName(),
      permissions: ['bookings.view', 'payments.view', 'payments.create'],
    });
    expectRefused(res, 'payments');
    expect(res.json().message).toContain('payments.view');
    expect(res.json().message).toContain('payments.create');
    expect(res.json().message).not.toContain('bookings.view,');
  });

  it("judges by the manager's role as it is now, not as it was at sign-in", async () => {
    const actorRole = await addRole(t, owner.companyId, [MANAGES, 'payments.view'], 'all');
    const manager = await addUser(t, owner.companyId, actorRole);
    const { token } = await staffSession(t, manager);
    await t.store.db
      .updateTable('roles')
      .set({ permissions: [MANAGES] })
      .where('id', '=', actorRole)
      .execute();
    const res = await call(token, 'POST', '/api/role', { name: freshName(), permissions: ['payments.view'] });
    expectRefused(res, 'a narrowed manager');
  });
});
