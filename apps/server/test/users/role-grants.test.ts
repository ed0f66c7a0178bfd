import { type BookingsScope, GRANT_RULES, PERMISSIONS, type Permission, SERVER } from '@skydesk/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import { post, randomIp, type TestApp, uniqueEmail } from '../support/auth-flow.js';
import { type Agent, bookingAgent } from '../support/bookings.js';
import { addRole, addUser } from '../support/colleague.js';
import { staffSession } from '../support/staff.js';
import { storeKinds } from '../support/stores.js';
import { del, put } from './staff-helpers.js';

/**
 * Issue 27, "nobody grants more than they hold", for the users screen, as a generated matrix:
 * every actor permission set (each set lacking one permission, the least and the most a manager
 * can hold, and a fast-check sample of the rest) × every target role (each permission alone,
 * none, all of them, the agency-wide and own-bookings scopes, the Owner role). A manager gives a
 * role — inviting or editing — only when they hold everything it holds (its reach over bookings
 * included), takes a user out of a role — or switches off, on again or deletes a colleague in it —
 * only on the same terms, never changes their own role, and only the owner changes the owner's
 * profile.
 */

const MANAGES: Permission = 'users.manage';
const OTHERS = PERMISSIONS.filter((permission) => permission !== MANAGES);

type Holding = { permissions: readonly Permission[]; scope: BookingsScope };
type Target = Holding & { label: string };

/**
 * The rule the matrix checks, stated on its own: a role is within an actor's reach when the actor
 * holds each of its permissions, and, for a role that sees the agency's bookings, the actor sees
 * them too.
 */
const within = (role: Holding, actor: Holding) =>
  role.permissions.every((permission) => actor.permissions.includes(permission)) &&
  !(role.permissions.includes('bookings.view') && role.scope === 'all' && actor.scope === 'own');

/** Every role the matrix gives, and takes away. */
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

/** The actors' holdings: generated, systematically and at random. */
function actorHoldings(): (Holding & { label: string })[] {
  const systematic = [
    { label: 'users.manage alone', permissions: [MANAGES], scope: 'all' as const },
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
      { numRuns: 8, seed: 27 },
    )
    .map(({ permissions, scope }) => ({
      label: `sampled ${[MANAGES, ...permissions].join(',')} (${scope})`,
      permissions: [MANAGES, ...permissions],
      scope,
    }));
  return [...systematic, ...sampled];
}

describe.each(storeKinds())('nobody gives a role beyond their own on %s', (kind) => {
  let t: TestApp;
  let owner: Agent;
  let ownerRoleId: string;
  const targetRoles = new Map<Target, string>();
  let emptyRole: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await bookingAgent(t);
    for (const target of TARGETS) {
      targetRoles.set(target, await addRole(t, owner.companyId, [...target.permissions], target.scope));
    }
    emptyRole = targetRoles.get(TARGETS[0]!)!;
    ownerRoleId = (
      await t.store.db
        .selectFrom('roles')
        .select('id')
        .where('company_id', '=', owner.companyId)
        .where('is_system', '=', true)
        .executeTakeFirstOrThrow()
    ).id;
  }, 60_000);
  afterAll(async () => t?.close());

  const setRole = (userId: string, roleId: string) =>
    t.store.db.updateTable('users').set({ role_id: roleId }).where('id', '=', userId).execute();
  const setActive = (userId: string, isActive: boolean) =>
    t.store.db.updateTable('users').set({ is_active: isActive }).where('id', '=', userId).execute();

  const expectRefused = (res: { statusCode: number; body: string; json(): unknown }, label: string) => {
    expect(res.statusCode, `${label}: ${res.body}`).toBe(403);
    const { status, message } = res.json() as { status: boolean; message: string };
    expect(status).toBe(false);
    expect(message, label).toContain(SERVER.forbidden);
  };

  it.each(actorHoldings().map((actor) => [actor.label, actor] as const))(
    'as a manager holding %s: gives, and takes away, exactly the roles within their own',
    async (_, actor) => {
      const actorRole = await addRole(t, owner.companyId, [...actor.permissions], actor.scope);
      const manager = await addUser(t, owner.companyId, actorRole);
      const { token } = await staffSession(t, manager);
      const subject = await addUser(t, owner.companyId, emptyRole);

      for (const target of TARGETS) {
        const roleId = targetRoles.get(target)!;
        const allowed = within(target, actor);
        const label = `${actor.label} → ${target.label}`;

        // Given to a colleague who holds nothing.
        await setRole(subject.id, emptyRole);
        const given = await put(t, `/api/user/${subject.id}`, { role_id: roleId }, token);
        if (allowed) expect(given.statusCode, `${label}: ${given.body}`).toBe(200);
        else {
          expectRefused(given, `${label} (given)`);
          expect(given.json().message, label).toMatch(/lacks? /);
        }

        // Taken from a colleague who holds it.
        await setRole(subject.id, roleId);
        const taken = await put(t, `/api/user/${subject.id}`, { role_id: emptyRole }, token);
        if (allowed) expect(taken.statusCode, `${label} (taken): ${taken.body}`).toBe(200);
        else expectRefused(taken, `${label} (taken)`);

        // Given with an invitation.
        const invitation = await post(
          t,
          '/api/user',
          { name: 'Nadia Rahman', email: uniqueEmail('grant'), phone: '+971 4 555 0199', role_id: roleId },
          { token },
        );
        if (allowed) expect(invitation.statusCode, `${label} (invited): ${invitation.body}`).toBe(201);
        else expectRefused(invitation, `${label} (invited)`);

        // Switched off and on again, and deleted: a colleague in the role, on the same terms.
        const colleague = await addUser(t, owner.companyId, roleId);
        const off = await put(t, `/api/user/${colleague.id}`, { is_active: false }, token);
        if (allowed) expect(off.statusCode, `${label} (deactivated): ${off.body}`).toBe(200);
        else {
          expectRefused(off, `${label} (deactivated)`);
          expect(off.json().message, label).toMatch(
            /^.+colleague whose permissions you hold yourself, .*lacks? /,
          );
          await setActive(colleague.id, false);
        }
        const on = await put(t, `/api/user/${colleague.id}`, { is_active: true }, token);
        if (allowed) expect(on.statusCode, `${label} (reactivated): ${on.body}`).toBe(200);
        else expectRefused(on, `${label} (reactivated)`);
        const deleted = await del(t, `/api/user/${colleague.id}`, token);
        if (allowed) expect(deleted.statusCode, `${label} (deleted): ${deleted.body}`).toBe(200);
        else expectRefused(deleted, `${label} (deleted)`);
      }

      // The Owner role is nobody else's, whoever asks (422 on the field, as before).
      const promoted = await put(t, `/api/user/${subject.id}`, { role_id: ownerRoleId }, token);
      expect(promoted.statusCode, promoted.body).toBe(422);

      // Never their own role, not even a smaller one; the same role is no change.
      const own = await put(t, `/api/user/${manager.id}`, { role_id: emptyRole }, token);
      expectRefused(own, `${actor.label}: own role`);
      expect(own.json().message).toBe(GRANT_RULES.ownRole);
      const same = await put(
        t,
        `/api/user/${manager.id}`,
        { role_id: actorRole, name: 'Mona Manager' },
        token,
      );
      expect(same.statusCode, same.body).toBe(200);

      // The owner's profile is the owner's.
      for (const change of [{ name: 'Someone Else' }, { phone: '+44 20 7946 0000' }]) {
        const renamed = await put(t, `/api/user/${owner.user.id}`, change, token);
        expectRefused(renamed, `${actor.label}: the owner's ${Object.keys(change)[0]}`);
        expect(renamed.json().message).toBe(GRANT_RULES.ownerProfile);
      }
    },
    120_000,
  );

  it('lets the owner give every role but their own, and change their own profile', async () => {
    const subject = await addUser(t, owner.companyId, emptyRole);
    for (const target of TARGETS) {
      const res = await put(t, `/api/user/${subject.id}`, { role_id: targetRoles.get(target)! }, owner.token);
      expect(res.statusCode, `${target.label}: ${res.body}`).toBe(200);
    }
    const renamed = await put(t, `/api/user/${owner.user.id}`, { name: 'Amira H. Haddad' }, owner.token);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('Amira H. Haddad');
  });

  it("judges by the manager's role as it is now, not as it was at sign-in", async () => {
    const actorRole = await addRole(t, owner.companyId, [MANAGES, 'payments.view'], 'all');
    const manager = await addUser(t, owner.companyId, actorRole);
    const { token } = await staffSession(t, manager);
    const subject = await addUser(t, owner.companyId, emptyRole);
    const paymentsView = targetRoles.get(TARGETS.find((target) => target.label === 'payments.view')!)!;
    // The owner narrows the manager's role; their token still carries payments.view.
    await t.store.db
      .updateTable('roles')
      .set({ permissions: [MANAGES] })
      .where('id', '=', actorRole)
      .execute();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${subject.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { role_id: paymentsView },
      remoteAddress: randomIp(),
    });
    expectRefused(res, 'a narrowed manager');
  });
});
