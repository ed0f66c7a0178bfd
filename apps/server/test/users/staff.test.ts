import { GRANT_RULES, SERVER, SUCCESS, USER_RULES, type User } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import {
  expectNoSecrets,
  get,
  login,
  post,
  type SignedIn,
  signIn,
  type TestApp,
  userRow,
} from '../support/auth-flow.js';
import { type Agent, agentWithPermissions, bookingAgent } from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';
import {
  del,
  INVITEE_PASSWORD,
  invite,
  inviteBody,
  invited,
  invitedColleague,
  put,
  roleId,
  usersOf,
} from './staff-helpers.js';

const refresh = (t: TestApp, cookie: string) => post(t, '/api/auth/refresh', undefined, { cookie });
const me = (t: TestApp, who: SignedIn) => get(t, '/api/me', { token: who.token });

/** A colleague holding users.manage (a 'Manager' role), invited, accepted and signed in. */
async function managerColleague(t: TestApp, owner: Agent): Promise<Agent> {
  const role = await t.store.db
    .insertInto('roles')
    .values({ company_id: owner.companyId, name: 'Manager', permissions: ['users.manage'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  return invitedColleague(t, owner, { role_id: role.id, name: 'Mona Manager' });
}

describe.each(storeKinds())('staff of an agency on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  describe('list and role options', () => {
    it('lists the owner first, then by name; each with role, status and no secret', async () => {
      const owner = await bookingAgent(t);
      await invited(t, owner, { name: 'zara Young' });
      await invited(t, owner, { name: 'Bilal Ahmed' });
      await invited(t, owner, { name: 'Aaron Able' });
      const res = await get(t, '/api/user/company-user', { token: owner.token });
      expect(res.statusCode, res.body).toBe(200);
      expectNoSecrets(res);
      const [users, meta] = res.json().data as [User[], { total: number }];
      expect(users.map((u) => u.name)).toEqual(['Amira Haddad', 'Aaron Able', 'Bilal Ahmed', 'zara Young']);
      expect(meta).toEqual({ total: 4 });
      expect(users[0]).toMatchObject({
        id: owner.user.id,
        is_owner: true,
        status: 'active',
        role: { name: 'Owner' },
        image_url: null,
        invitation_expires_at: null,
      });
      expect(users[0]!.last_sign_in_at).not.toBeNull();
      expect(users[2]).toMatchObject({
        status: 'invited',
        is_owner: false,
        role: { name: 'Ticketing agent' },
      });
    });

    it("shows a picture's URL with its version", async () => {
      const owner = await bookingAgent(t);
      await t.store.db
        .updateTable('users')
        .set({ image_version: 'v7' })
        .where('id', '=', owner.user.id)
        .execute();
      const [first] = await usersOf(t, owner);
      expect(first!.image_url).toBe(`/api/user/${owner.user.id}/image?v=v7`);
    });

    it('offers the agency’s roles but the fixed Owner role', async () => {
      const owner = await bookingAgent(t);
      const other = await bookingAgent(t);
      const res = await get(t, '/api/user/role-options', { token: owner.token });
      expect(res.statusCode, res.body).toBe(200);
      const roles = res.json().data as { id: string; name: string; is_system: boolean }[];
      const names = roles.map((r) => r.name);
      expect(names).toContain('Ticketing agent');
      expect(names).toContain('Accountant');
      expect(names).not.toContain('Owner');
      expect(roles.every((r) => !r.is_system)).toBe(true);
      expect(roles.map((r) => r.id)).not.toContain(await roleId(t, other.companyId));
    });
  });

  describe('inviting', () => {
    it('answers 201 with the new user, spec message, and refuses an address a live user holds (409)', async () => {
      const owner = await bookingAgent(t);
      const body = await inviteBody(t, owner, { name: '  Sara Lopez ' });
      const res = await invite(t, owner, body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe(SUCCESS.userCreated);
      expect(res.json().data).toMatchObject({ name: 'Sara Lopez', email: body.email, status: 'invited' });
      expectNoSecrets(res);

      const again = await invite(t, owner, { ...body, email: String(body.email).toUpperCase() });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(USER_RULES.emailTaken);
      expect(again.json().data.errors.email).toEqual([USER_RULES.emailTaken]);
      // Another agency's user's address as well.
      const other = await bookingAgent(t);
      const taken = await invite(t, other, await inviteBody(t, other, { email: owner.email }));
      expect(taken.statusCode).toBe(409);
    });

    it("answers another agency's role as a missing one (404), and refuses the Owner role on role_id (422)", async () => {
      const owner = await bookingAgent(t);
      const other = await bookingAgent(t);
      const missing = await invite(
        t,
        owner,
        await inviteBody(t, owner, { role_id: '00000000-0000-4000-8000-000000000000' }),
      );
      expect(missing.statusCode, missing.body).toBe(404);
      const foreign = await invite(
        t,
        owner,
        await inviteBody(t, owner, { role_id: await roleId(t, other.companyId) }),
      );
      expect(foreign.statusCode, foreign.body).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
      const ownerRole = await invite(
        t,
        owner,
        await inviteBody(t, owner, { role_id: await roleId(t, owner.companyId, 'Owner') }),
      );
      expect(ownerRole.statusCode, ownerRole.body).toBe(422);
      expect(ownerRole.json().data.errors.role_id).toHaveLength(1);
      expect(await usersOf(t, owner)).toHaveLength(1);
    });

    it('checks the body against the contract (422 with field errors)', async () => {
      const owner = await bookingAgent(t);
      const res = await invite(t, owner, { name: 'x', email: 'nope', phone: 'abc', role_id: 'r', extra: 1 });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().data.errors).sort()).toEqual([
        'email',
        'extra',
        'name',
        'phone',
        'role_id',
      ]);
    });
  });

  describe('editing', () => {
    it('changes name, phone and role; the new role reaches the user at their next sign-in', async () => {
      const owner = await bookingAgent(t);
      const agent = await invitedColleague(t, owner);
      const accountant = await roleId(t, owner.companyId, 'Accountant');
      const res = await put(
        t,
        `/api/user/${agent.user.id}`,
        { name: 'Nadia R. Rahman', phone: '+971 50 123 4567', role_id: accountant },
        owner.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(SUCCESS.userUpdated);
      expect(res.json().data).toMatchObject({
        name: 'Nadia R. Rahman',
        phone: '+971 50 123 4567',
        role: { id: accountant, name: 'Accountant' },
        status: 'active',
      });
      // Still signed in with the old permissions until the next sign-in.
      expect((await me(t, agent)).json().data.permissions).toContain('bookings.create');
      const again = await signIn(t, agent);
      const permissions = (await me(t, again)).json().data.permissions;
      expect(permissions).toContain('payments.view');
      expect(permissions).not.toContain('bookings.create');
    });

    it("keeps the owner fixed: no other role, no deactivation (409); the owner's own role is no change", async () => {
      const owner = await bookingAgent(t);
      const manager = await managerColleague(t, owner);
      const url = `/api/user/${owner.user.id}`;
      for (const body of [{ role_id: await roleId(t, owner.companyId) }, { is_active: false }]) {
        for (const by of [owner, manager]) {
          const res = await put(t, url, body, by.token);
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json().message).toBe(USER_RULES.ownerFixed);
        }
      }
      const ownRole = await roleId(t, owner.companyId, 'Owner');
      // Issue 27: the owner's profile is the owner's to change.
      const renamed = await put(t, url, { name: 'Amira H. Haddad' }, manager.token);
      expect(renamed.statusCode, renamed.body).toBe(403);
      expect(renamed.json().message).toBe(GRANT_RULES.ownerProfile);
      const same = await put(
        t,
        url,
        { name: 'Amira H. Haddad', role_id: ownRole, is_active: true },
        owner.token,
      );
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json().data).toMatchObject({ name: 'Amira H. Haddad', status: 'active', is_owner: true });
      // What the owner's row holds already is no change, whoever sends it.
      const unchanged = await put(t, url, { name: 'Amira H. Haddad', is_active: true }, manager.token);
      expect(unchanged.statusCode, unchanged.body).toBe(200);
      // Nobody else can be given the Owner role.
      const promote = await put(t, `/api/user/${manager.user.id}`, { role_id: ownRole }, owner.token);
      expect(promote.statusCode).toBe(422);
      expect(promote.json().data.errors.role_id).toBeDefined();
    });

    it("refuses a manager's own deactivation and deletion (409)", async () => {
      const owner = await bookingAgent(t);
      const manager = await managerColleague(t, owner);
      const off = await put(t, `/api/user/${manager.user.id}`, { is_active: false }, manager.token);
      expect(off.statusCode).toBe(409);
      expect(off.json().message).toBe(USER_RULES.notSelf);
      const gone = await del(t, `/api/user/${manager.user.id}`, manager.token);
      expect(gone.statusCode).toBe(409);
      expect(gone.json().message).toBe(USER_RULES.notSelf);
      const ownerGone = await del(t, `/api/user/${owner.user.id}`, manager.token);
      expect(ownerGone.statusCode).toBe(409);
      expect(ownerGone.json().message).toBe(USER_RULES.ownerFixed);
      expect((await me(t, manager)).statusCode).toBe(200);
    });

    it('deactivation signs the user out at once (401, refresh 401); reactivated, they sign in again', async () => {
      const owner = await bookingAgent(t);
      const agent = await invitedColleague(t, owner);
      expect((await me(t, agent)).statusCode).toBe(200);

      const off = await put(t, `/api/user/${agent.user.id}`, { is_active: false }, owner.token);
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().data).toMatchObject({ is_active: false, status: 'deactivated' });
      const next = await me(t, agent);
      expect(next.statusCode).toBe(401);
      expect(next.json().message).toBe(SERVER.unauthorized);
      expect((await refresh(t, agent.cookie)).statusCode).toBe(401);
      expect((await login(t, agent.email, INVITEE_PASSWORD)).statusCode).toBe(403);

      const on = await put(t, `/api/user/${agent.user.id}`, { is_active: true }, owner.token);
      expect(on.json().data).toMatchObject({ is_active: true, status: 'active' });
      expect((await me(t, agent)).statusCode).toBe(401);
      const back = await signIn(t, agent);
      expect((await me(t, back)).statusCode).toBe(200);
    });
  });

  describe('deleting', () => {
    it('signs the user out at once, hides them, keeps the row, and frees the address', async () => {
      const owner = await bookingAgent(t);
      const agent = await invitedColleague(t, owner);
      const res = await del(t, `/api/user/${agent.user.id}`, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: true, message: SUCCESS.userDeleted, data: { id: agent.user.id } });

      expect((await me(t, agent)).statusCode).toBe(401);
      expect((await refresh(t, agent.cookie)).statusCode).toBe(401);
      expect((await usersOf(t, owner)).map((u) => u.id)).not.toContain(agent.user.id);
      const row = await userRow(t.store.db, agent.email);
      expect(row.deleted_at).not.toBeNull();
      expect(row.is_active).toBe(false);
      // The deleted user can't sign in: the answer of an unknown address.
      const signInAgain = await login(t, agent.email, INVITEE_PASSWORD);
      expect(signInAgain.statusCode).toBe(401);

      // Deleted users are not found any more.
      for (const res of [
        await put(t, `/api/user/${agent.user.id}`, { name: 'Back Again' }, owner.token),
        await del(t, `/api/user/${agent.user.id}`, owner.token),
        await post(t, `/api/user/${agent.user.id}/invitation`, undefined, { token: owner.token }),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
      }

      // The address may be invited again: a new user, who signs in as themselves.
      const again = await invitedColleague(t, owner, { email: agent.email, name: 'Nadia Again' });
      expect(again.user.id).not.toBe(agent.user.id);
      expect((await me(t, again)).json().data.user.name).toBe('Nadia Again');
      const names = (await usersOf(t, owner)).map((u) => u.name);
      expect(names).toEqual(['Amira Haddad', 'Nadia Again']);
    });

    it('deleting an invited user ends their pending link', async () => {
      const owner = await bookingAgent(t);
      const user = await invited(t, owner);
      expect((await del(t, `/api/user/${user.id}`, owner.token)).statusCode).toBe(200);
      const pending = await t.store.db
        .selectFrom('user_invitations')
        .select('id')
        .where('user_id', '=', user.id)
        .where('consumed_at', 'is', null)
        .execute();
      expect(pending).toEqual([]);
    });
  });

  describe('tenancy and permission', () => {
    it("answers 404 for another agency's users, exactly as for a missing one", async () => {
      const owner = await bookingAgent(t);
      const other = await bookingAgent(t);
      const stranger = await invited(t, other);
      const missing = '00000000-0000-4000-8000-000000000000';
      for (const id of [stranger.id, other.user.id, missing]) {
        const answers = [
          await put(t, `/api/user/${id}`, { name: 'Taken Over' }, owner.token),
          await del(t, `/api/user/${id}`, owner.token),
          await post(t, `/api/user/${id}/invitation`, undefined, { token: owner.token }),
        ];
        expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404]);
        expect(answers.map((a) => a.json().message)).toEqual([
          'User not found',
          'User not found',
          'User not found',
        ]);
      }
      expect((await usersOf(t, other)).find((u) => u.id === stranger.id)!.name).toBe(stranger.name);
    });

    it('answers 403 to a user without users.manage on every staff call', async () => {
      const agent = await agentWithPermissions(t, ['bookings.view', 'roles.manage']);
      const id = agent.user.id;
      const answers = [
        await get(t, '/api/user/company-user', { token: agent.token }),
        await get(t, '/api/user/role-options', { token: agent.token }),
        await invite(t, agent, await inviteBody(t, agent)),
        await put(t, `/api/user/${id}`, { name: 'Self Made' }, agent.token),
        await del(t, `/api/user/${id}`, agent.token),
        await post(t, `/api/user/${id}/invitation`, undefined, { token: agent.token }),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    });
  });
});
