import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReadiness } from '../../src/modules/system/readiness.js';
import { loadMigrations } from '../../src/platform/db/migrate.js';
import type { FlightShopping } from '../../src/supplier/port.js';
import { createTestApp } from '../support/app.js';
import type { TestApp } from '../support/auth-flow.js';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.js';

/** Issue 17: `GET /api/health/ready` says whether this process can take traffic, and if not, why. */

describe.each(storeKinds())('readiness on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 200 when the store answers, every migration is applied and the supplier is built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode, res.body).toBe(200);
    const known = loadMigrations().length;
    expect(res.json()).toEqual({
      status: true,
      message: 'SkyDesk is ready',
      data: {
        status: 'ready',
        checks: {
          store: { ok: true, detail: 'answering' },
          migrations: { ok: true, detail: `${known} of ${known} applied` },
          supplier: { ok: true, detail: expect.stringMatching(/^\d+ origins served$/) },
        },
        version: expect.any(String),
        uptime_seconds: expect.any(Number),
      },
    });
    // Liveness is unchanged beside it.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().data.status).toBe('ok');
  });

  it('answers 503 naming the migrations when one this build knows is not applied', async () => {
    const last = loadMigrations().length;
    const row = await sql<{
      name: string;
    }>`delete from schema_migrations where version = ${last} returning name`.execute(t.store.db);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: false,
        message: 'Not ready: migrations',
        data: {
          status: 'not_ready',
          failed: ['migrations'],
          checks: {
            store: { ok: true },
            migrations: { ok: false, detail: `${last - 1} of ${last} applied` },
            supplier: { ok: true },
          },
        },
      });
    } finally {
      await sql`insert into schema_migrations (version, name) values (${last}, ${row.rows[0]!.name})`.execute(
        t.store.db,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });
});

describe('readiness checks', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore('pglite');
  });
  afterAll(async () => {
    await store.dispose();
  });

  const supplier = (origins: number) =>
    ({
      routes: async () => ({
        Routes: Array.from({ length: origins }, (_, i) => ({
          origin_location_code: `A${i}`,
          destination_location_codes: [],
        })),
        Airports: [],
      }),
    }) as unknown as FlightShopping;

  it('fails the supplier before it is built, or when it serves no route', async () => {
    const known = loadMigrations().length;
    const before = await checkReadiness({ store, knownMigrations: known, supplier: () => undefined });
    expect(before.supplier).toEqual({ ok: false, detail: 'not built yet' });
    expect(before.store.ok && before.migrations.ok).toBe(true);
    const empty = await checkReadiness({ store, knownMigrations: known, supplier: () => supplier(0) });
    expect(empty.supplier).toEqual({ ok: false, detail: 'no routes' });
  });

  it('counts a migration the store has not seen as pending', async () => {
    const known = loadMigrations().length;
    const ahead = await checkReadiness({ store, knownMigrations: known + 1, supplier: () => supplier(3) });
    expect(ahead.migrations).toEqual({ ok: false, detail: `${known} of ${known + 1} applied` });
  });

  it('fails a store that does not answer in time, and one that refuses', async () => {
    // A transaction holds PGlite's one connection: the ping waits behind it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = store.db.transaction().execute(async () => held);
    const stuck = await checkReadiness({
      store,
      knownMigrations: 1,
      supplier: () => supplier(3),
      timeoutMs: 200,
    });
    expect(stuck.store).toEqual({ ok: false, detail: 'no answer within 200 ms' });
    expect(stuck.migrations).toEqual({ ok: false, detail: 'no answer within 200 ms' });
    expect(stuck.supplier.ok).toBe(true);
    release();
    await transaction;

    const refusing = { ...store, ping: async () => Promise.reject(new Error('connection refused')) };
    const down = await checkReadiness({ store: refusing, knownMigrations: 1, supplier: () => supplier(3) });
    expect(down.store).toEqual({ ok: false, detail: 'failed: connection refused' });
  });
});
