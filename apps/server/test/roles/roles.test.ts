import { randomBytes, randomUUID } from 'node:crypto';
import { PERMISSIONS, ROLE_RULES, type Role, SUCCESS } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, seedDemoData } from '../../src/db/seed-demo.js';
import { createSecretBox } from '../../src/platform/security/encryption.js';
import { createPasswordHasher } from '../../src/platform/security/password.js';
import { createTestApp } from '../support/app.js';
import { randomIp, type TestApp } from '../support/auth-flow.js';
import { type Agent, agentWithPermissions, bookingAgent } from '../support/bookings.js';
import { addUser } from '../support/colleague.js';
import { createTestStore, storeKinds } from '../support/stores.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const call = (t: TestApp, agent: Agent, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${agent.token}` },
    remoteAddress: randomIp(),
    ...(payload ? { payload } : {}),
  });

const STARTER_NAMES = ['Owner', 'Accountant', 'Ticketing agent', 'Viewer'];

describe.each(storeKinds())('roles on %s', (kind) => {
  let t: TestApp;
  let owner: Agent;
  let stranger: Agent;

  const roles = async (agent: Agent = owner, query = ''): Promise<{ roles: Role[]; totalPages: number }> => {
    const res = await call(t, agent, 'GET', `/api/role${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const roleNamed = async (name: string, agent: Agent = owner) => {
    const role = (await roles(agent)).roles.find((r) => r.name === name);
    if (!role) throw new Error(`no role ${name}`);
    return role;
  };
  const create = async (body: object, agent: Agent = owner): Promise<Role> => {
    const res = await call(t, agent, 'POST', '/api/role', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(SUCCESS.roleCreated);
    return res.json().data;
  };
  const freshName = () => `Desk ${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await bookingAgent(t);
    stranger = await bookingAgent(t);
  });
  afterAll(async () => t?.close());

  it('starts a new agency with Owner first, then the starter roles by name, on one page', async () => {
    const list = await roles();
    expect(list.totalPages).toBe(1);
    expect(list.roles.map((role) => role.name)).toEqual(STARTER_NAMES);
    const [ownerRole, , , viewer] = list.roles;
    expect(ownerRole).toMatchObject({ is_system: true, user_count: 1, bookings_scope: 'all' });
    expect(ownerRole!.permissions).toEqual([...PERMISSIONS]);
    expect(viewer).toMatchObject({
      is_system: false,
      user_count: 0,
      // The contract's order, not the preset's.
      permissions: ['bookings.view', 'payments.view', 'support.use', 'analytics.view', 'history.view'],
    });
    // Each agency has its own.
    const theirs = await roles(stranger);
    expect(theirs.roles.map((role) => role.name)).toEqual(STARTER_NAMES);
    expect(theirs.roles.map((role) => role.id)).not.toContain(ownerRole!.id);
  });

  it('pages from 0, and there is always at least one page', async () => {
    const all = (await roles(stranger)).roles;
    const first = await roles(stranger, '?page=0&limit=3');
    expect(first).toEqual({ roles: all.slice(0, 3), totalPages: 2 });
    const second = await roles(stranger, '?page=1&limit=3');
    expect(second).toEqual({ roles: all.slice(3, 6), totalPages: 2 });
    expect(await roles(stranger, '?page=7&limit=3')).toEqual({ roles: [], totalPages: 2 });
    const bad = await call(t, stranger, 'GET', '/api/role?page=-1&limit=0');
    expect(bad.statusCode).toBe(422);
  });

  it('creates a role, its permissions once each in the contract’s order, the whole agency’s bookings by default', async () => {
    const name = freshName();
    const role = await create({
      name,
      description: 'Front desk',
      permissions: ['support.use', 'bookings.view', 'flights.search', 'bookings.view'],
    });
    expect(role).toMatchObject({
      name,
      description: 'Front desk',
      permissions: ['flights.search', 'bookings.view', 'support.use'],
      bookings_scope: 'all',
      is_system: false,
      user_count: 0,
    });
    expect(await roleNamed(name)).toEqual(role);
    const own = await create({ name: freshName(), permissions: [], bookings_scope: 'own' });
    expect(own).toMatchObject({ description: '', permissions: [], bookings_scope: 'own' });
  });

  it('refuses a name the agency uses already, in any case, with 409 (another agency may use it)', async () => {
    const name = freshName();
    await create({ name, permissions: [] });
    for (const taken of [name, name.toUpperCase(), 'owner', 'VIEWER']) {
      const res = await call(t, owner, 'POST', '/api/role', { name: taken, permissions: [] });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(ROLE_RULES.nameTaken);
    }
    await create({ name, permissions: [] }, stranger);
  });

  it('answers 422 with field errors to a bad role', async () => {
    const res = await call(t, owner, 'POST', '/api/role', {
      name: 'x',
      permissions: ['bookings.fly'],
      bookings_scope: 'mine',
      extra: 1,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().data.errors)).toEqual(
      expect.arrayContaining(['name', 'permissions.0', 'bookings_scope']),
    );
  });

  it('changes a role with the spec’s message, and refuses a taken name', async () => {
    const role = await create({ name: freshName(), permissions: ['bookings.view'] });
    const res = await call(t, owner, 'PUT', `/api/role/${role.id}`, {
      permissions: ['history.view', 'bookings.view'],
      bookings_scope: 'own',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Role updated successfully, Changes will relfect after login');
    expect(res.json().data).toEqual({
      ...role,
      permissions: ['bookings.view', 'history.view'],
      bookings_scope: 'own',
    });
    // Its own name in another case is no clash.
    const renamed = await call(t, owner, 'PUT', `/api/role/${role.id}`, { name: role.name.toUpperCase() });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const clash = await call(t, owner, 'PUT', `/api/role/${role.id}`, { name: 'accountant' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(ROLE_RULES.nameTaken);
    const nothing = await call(t, owner, 'PUT', `/api/role/${role.id}`, {});
    expect(nothing.statusCode).toBe(422);
  });

  it('keeps the Owner role fixed: 409 to any change or deletion', async () => {
    const ownerRole = await roleNamed('Owner');
    for (const body of [{ permissions: [] }, { name: 'Boss' }, { bookings_scope: 'own' }]) {
      const res = await call(t, owner, 'PUT', `/api/role/${ownerRole.id}`, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(ROLE_RULES.ownerFixed);
    }
    const res = await call(t, owner, 'DELETE', `/api/role/${ownerRole.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ROLE_RULES.ownerFixed);
    expect(await roleNamed('Owner')).toEqual(ownerRole);
  });

  it('answers 404 to another agency’s role exactly as to a missing one', async () => {
    const theirs = await roleNamed('Viewer', stranger);
    for (const id of [theirs.id, randomUUID()]) {
      const update = await call(t, owner, 'PUT', `/api/role/${id}`, { name: freshName() });
      expect(update.statusCode).toBe(404);
      expect(update.json()).toEqual({ status: false, message: 'Role not found' });
      const remove = await call(t, owner, 'DELETE', `/api/role/${id}`);
      expect(remove.statusCode).toBe(404);
      expect(remove.json()).toEqual({ status: false, message: 'Role not found' });
    }
    expect(await roleNamed('Viewer', stranger)).toEqual(theirs);
  });

  it('refuses to delete a role users hold (409 naming how many), deleted users aside', async () => {
    const role = await create({ name: freshName(), permissions: ['bookings.view'] });
    const first = await addUser(t, owner.companyId, role.id);
    const second = await addUser(t, owner.companyId, role.id);
    expect((await roleNamed(role.name)).user_count).toBe(2);

    const blocked = await call(t, owner, 'DELETE', `/api/role/${role.id}`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(ROLE_RULES.inUse(2));
    expect(blocked.json().message).toBe('2 users still hold this role: give them another role first');

    // A deactivated user still holds it; a deleted one no longer does.
    await t.store.db.updateTable('users').set({ is_active: false }).where('id', '=', first.id).execute();
    await t.store.db
      .updateTable('users')
      .set({ deleted_at: t.clock.now() })
      .where('id', '=', second.id)
      .execute();
    expect((await roleNamed(role.name)).user_count).toBe(1);
    const still = await call(t, owner, 'DELETE', `/api/role/${role.id}`);
    expect(still.json().message).toBe('1 user still holds this role: give them another role first');

    const viewer = await roleNamed('Viewer');
    await t.store.db.updateTable('users').set({ role_id: viewer.id }).where('id', '=', first.id).execute();
    const res = await call(t, owner, 'DELETE', `/api/role/${role.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, message: SUCCESS.roleDeleted, data: { id: role.id } });
    expect((await roles()).roles.map((r) => r.id)).not.toContain(role.id);
    // The deleted user's row stays (their bookings name them), now naming the fixed Owner role.
    const deleted = await t.store.db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select(['roles.name', 'users.deleted_at'])
      .where('users.id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(deleted.name).toBe('Owner');
    expect((await roleNamed('Owner')).user_count).toBe(1);
    expect((await call(t, owner, 'DELETE', `/api/role/${role.id}`)).statusCode).toBe(404);
  });

  it('answers 403 to a user without roles.manage, on every call', async () => {
    const agent = await agentWithPermissions(
      t,
      PERMISSIONS.filter((permission) => permission !== 'roles.manage'),
    );
    const viewer = await t.store.db
      .selectFrom('roles')
      .select('id')
      .where('company_id', '=', agent.companyId)
      .where('name', '=', 'Viewer')
      .executeTakeFirstOrThrow();
    const calls: [Method, string, object?][] = [
      ['GET', '/api/role'],
      ['POST', '/api/role', { name: freshName(), permissions: [] }],
      ['PUT', `/api/role/${viewer.id}`, { name: freshName() }],
      ['DELETE', `/api/role/${viewer.id}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(t, agent, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe.each(storeKinds())('demo roles on %s', (kind) => {
  it('gives the demo agency every starter role', async () => {
    const store = await createTestStore(kind);
    try {
      await seedDemoData(store.db, {
        hasher: createPasswordHasher(10),
        secretBox: createSecretBox(randomBytes(32)),
        currency: 'USD',
        now: new Date('2026-11-22T12:00:00Z'),
      });
      const names = await store.db
        .selectFrom('roles')
        .innerJoin('users', 'users.company_id', 'roles.company_id')
        .select('roles.name')
        .where('users.email', '=', DEMO.ownerEmail)
        .orderBy('roles.name')
        .execute();
      expect(names.map((row) => row.name)).toEqual([...STARTER_NAMES].sort());
    } finally {
      await store.dispose();
    }
  });
});
