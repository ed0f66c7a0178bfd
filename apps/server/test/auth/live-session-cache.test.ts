import { type Endpoint, userEndpoints } from '@skydesk/contract';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessGuard } from '../../src/modules/auth/guard.js';
import { createLiveSessions } from '../../src/modules/auth/live-sessions.js';
import type { Store } from '../../src/platform/db/store.js';
import { TableWrites } from '../../src/platform/db/table-writes.js';
import type { Principal } from '../../src/platform/http/principal.js';
import { createTestApp } from '../support/app.js';
import { get, setCompanyStatus, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent } from '../support/bookings.js';
import { addRole } from '../support/colleague.js';
import { operatorSession, signedInOperator } from '../support/operator.js';
import { staffMember, staffSession } from '../support/staff.js';
import { storeKinds } from '../support/stores.js';
import { del, put } from '../users/staff-helpers.js';

/**
 * Issue 28: on the embedded store the access guard keeps the session rows it read (live-sessions.ts),
 * and every write of those tables clears them. Each test reads with a session several times first,
 * so a cache has it, then ends or changes it through the API or the database, and the very next
 * call is refused or sees the change. On PostgreSQL the guard reads each time; the same tests run.
 */
describe.each(storeKinds())('the access guard stays live with its cache on %s', (kind) => {
  let t: TestApp;
  let owner: Agent;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await bookingAgent(t);
  }, 60_000);
  afterAll(async () => t?.close());

  const me = (token: string) => get(t, '/api/me', { token });
  const warm = async (token: string) => {
    for (let i = 0; i < 3; i += 1) expect((await me(token)).statusCode).toBe(200);
  };
  const colleague = async () => {
    const member = await staffMember(t, owner.companyId, ['bookings.view']);
    return { ...member, ...(await staffSession(t, member)) };
  };

  it('a session signed out is refused at its next call', async () => {
    const member = await colleague();
    await warm(member.token);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect((await me(member.token)).statusCode).toBe(401);
  });

  it('a device signed out from another is refused at its next call', async () => {
    const member = await colleague();
    const other = await staffSession(t, member);
    await warm(member.token);
    await warm(other.token);
    const ended = await del(t, `/api/user/sessions/${member.sessionId}`, other.token);
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await me(member.token)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('a user deactivated, or deleted, is refused at the next call', async () => {
    const member = await colleague();
    await warm(member.token);
    const off = await put(t, `/api/user/${member.id}`, { is_active: false }, owner.token);
    expect(off.statusCode, off.body).toBe(200);
    expect((await me(member.token)).statusCode).toBe(401);

    const gone = await colleague();
    await warm(gone.token);
    const deleted = await del(t, `/api/user/${gone.id}`, owner.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await me(gone.token)).statusCode).toBe(401);
  });

  it('an agency suspended is refused at the next call, whatever wrote it', async () => {
    const agency = await bookingAgent(t);
    await warm(agency.token);
    await setCompanyStatus(t.store.db, agency.companyId, 'suspended');
    expect((await me(agency.token)).statusCode).toBe(403);
  });

  it('an operator signed out, or switched off, is refused at the next call', async () => {
    const adminMe = (token: string) => get(t, '/api/admin/me', { token });
    const operator = await signedInOperator(t);
    const other = await operatorSession(t, operator);
    for (const token of [operator.token, other.token]) {
      for (let i = 0; i < 3; i += 1) expect((await adminMe(token)).statusCode).toBe(200);
    }
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { authorization: `Bearer ${operator.token}` },
    });
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect((await adminMe(operator.token)).statusCode).toBe(401);
    expect((await adminMe(other.token)).statusCode).toBe(200);
    await t.store.db
      .updateTable('operators')
      .set({ is_active: false })
      .where('id', '=', operator.id)
      .execute();
    expect((await adminMe(other.token)).statusCode).toBe(401);
  });

  it('a write undone by its rollback leaves the session as it was', async () => {
    const member = await colleague();
    await warm(member.token);
    await t.store.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ is_active: false }).where('id', '=', member.id).execute();
        throw new Error('undone');
      })
      .catch(() => {});
    await warm(member.token);
  });

  describe('what the guard hands the routes', () => {
    const endpoint = userEndpoints.sessions as Endpoint;
    let guard: ReturnType<typeof createAccessGuard>;
    beforeAll(() => {
      guard = createAccessGuard({ store: t.store, tokens: t.app.skydesk.platform.tokens, clock: t.clock });
    });
    const principalOf = async (token: string) =>
      (await guard(
        {
          headers: { authorization: `Bearer ${token}` },
          cookies: {},
          log: { warn: () => {} },
        } as unknown as FastifyRequest,
        endpoint,
      )) as Extract<Principal, { kind: 'company' }>;

    it("a role changed reaches the user's next call: its reach over bookings", async () => {
      const member = await colleague();
      for (let i = 0; i < 3; i += 1) expect((await principalOf(member.token)).bookingsScope).toBe('all');
      const own = await addRole(t, owner.companyId, ['bookings.view'], 'own');
      const moved = await put(t, `/api/user/${member.id}`, { role_id: own }, owner.token);
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await principalOf(member.token)).bookingsScope).toBe('own');

      // The role itself edited, straight in the database.
      await t.store.db.updateTable('roles').set({ bookings_scope: 'all' }).where('id', '=', own).execute();
      expect((await principalOf(member.token)).bookingsScope).toBe('all');
    });

    it('ownership given or taken reaches the next call', async () => {
      const member = await colleague();
      expect((await principalOf(member.token)).isOwner).toBe(false);
      await t.store.db.updateTable('users').set({ is_owner: true }).where('id', '=', member.id).execute();
      expect((await principalOf(member.token)).isOwner).toBe(true);
      await t.store.db.updateTable('users').set({ is_owner: false }).where('id', '=', member.id).execute();
      expect((await principalOf(member.token)).isOwner).toBe(false);
    });
  });
});

describe('live sessions kept on the embedded store', () => {
  /** A store that reads a fixed row and lets the test fire its writes (table-writes.ts). */
  function fakeStore() {
    const watchers: (() => void)[] = [];
    let reads = 0;
    let during: (() => void) | undefined;
    const row = { is_active: true };
    const store = {
      kind: 'pglite',
      query: async () => {
        reads += 1;
        during?.();
        return [{ ...row }];
      },
      watchWrites: (_tables: readonly string[], changed: () => void) => {
        watchers.push(changed);
        return () => {};
      },
    } as unknown as Store;
    return {
      store,
      reads: () => reads,
      write: () => {
        for (const changed of watchers) changed();
      },
      whileReading: (action: (() => void) | undefined) => {
        during = action;
      },
    };
  }

  it('reads once while nothing is written, and again after any write', async () => {
    const fake = fakeStore();
    const sessions = createLiveSessions(fake.store);
    await sessions.company('s1', 'u1');
    await sessions.company('s1', 'u1');
    expect(fake.reads()).toBe(1);
    fake.write();
    await sessions.company('s1', 'u1');
    expect(fake.reads()).toBe(2);
  });

  it('does not keep a row that a write overlapped', async () => {
    const fake = fakeStore();
    const sessions = createLiveSessions(fake.store);
    fake.whileReading(() => fake.write());
    await sessions.company('s1', 'u1');
    fake.whileReading(undefined);
    await sessions.company('s1', 'u1');
    expect(fake.reads()).toBe(2);
    await sessions.company('s1', 'u1');
    expect(fake.reads()).toBe(2);
  });

  it('reads every time without a way to watch writes (PostgreSQL)', async () => {
    const fake = fakeStore();
    const { watchWrites: _, ...postgres } = fake.store;
    const sessions = createLiveSessions({ ...postgres, kind: 'postgres' } as Store);
    await sessions.company('s1', 'u1');
    await sessions.company('s1', 'u1');
    expect(fake.reads()).toBe(2);
  });
});

describe('which statements tell the watchers (table-writes.ts)', () => {
  it('a statement that may write a watched table, and no other', () => {
    const writes = new TableWrites();
    let told = 0;
    writes.watch(['users', 'auth_sessions'], () => {
      told += 1;
    });
    const tells = (sql: string) => {
      const before = told;
      writes.statement(sql);
      return told > before;
    };
    expect(tells('update "users" set "is_active" = $1 where "id" = $2')).toBe(true);
    expect(tells('UPDATE auth_sessions SET revoked_at = now()')).toBe(true);
    expect(tells('delete from "users" where "id" = $1')).toBe(true);
    expect(tells('with gone as (delete from users where id = $1 returning id) select * from gone')).toBe(
      true,
    );
    expect(tells('select * from "users" where "id" = $1')).toBe(false);
    expect(tells('insert into "bookings" ("created_by") values ($1)')).toBe(false);
    expect(tells('update "user_settings" set "x" = 1')).toBe(false);
    expect(tells('select "created_at" from "users"')).toBe(false);
  });
});
