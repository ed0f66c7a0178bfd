import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER } from '@skydesk/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createManualClock } from '../../src/platform/clock.js';
import type { FileCall, FileFaults } from '../../src/platform/db/pglite-files.js';
import { preparedStatement } from '../../src/platform/db/prepared.js';
import { openStore, type Store } from '../../src/platform/db/store.js';
import { STORE_RETRY_AFTER_SECONDS } from '../../src/platform/db/store-health.js';
import { createPasswordHasher } from '../../src/platform/security/password.js';
import { createLocalFileStore } from '../../src/platform/storage/file-store.js';
import { testConfig, testSecrets } from '../support/app.js';
import { get, type TestApp } from '../support/auth-flow.js';
import { type Agent, book, bookingAgent, bookingBody, searchBody, searchOffer } from '../support/bookings.js';

/**
 * Issue 28: a storage failure never wedges the embedded store. Its data folder here is a real
 * folder whose file calls fail on demand as a read-only, full or failing disk's do (the file
 * layer's faults, pglite-files.ts), so this runs anywhere; test/operations/store-unwritable.test.ts
 * does the same on a real file system under a server process.
 *
 * Before: the first booking answered 503 (PostgreSQL PANICs when it can't write its log), then
 * every request — reads and the search history's background insert included — answered 500
 * "StartTransactionCommand: unexpected state STARTED" until a restart, even once the disk was fine.
 */
const PROBE_MS = 50;

/**
 * The file calls each kind of sick disk fails: a read-only one everything that writes; a full one
 * what needs new space (PostgreSQL's log segments are written in advance, so most commits don't);
 * a failing one writes and syncs.
 */
const FAILING_CALLS: Record<string, FileCall[]> = {
  EROFS: ['write', 'extend', 'sync', 'create', 'open-for-write', 'rename', 'unlink', 'truncate'],
  ENOSPC: ['extend', 'create'],
  EIO: ['write', 'extend', 'sync', 'create'],
};

/** A data folder that can be told to fail as a read-only, full or failing disk does. */
function failingFolder() {
  let failing: string | undefined;
  const faults: FileFaults = (call) =>
    failing && FAILING_CALLS[failing]!.includes(call) ? failing : undefined;
  return {
    faults,
    fail: (code: string) => {
      failing = code;
    },
    heal: () => {
      failing = undefined;
    },
  };
}

/** A store on a data folder made from the run's migrated template. */
async function storeOnFolder(faults: FileFaults): Promise<{ store: Store; dataDir: string }> {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'skydesk-failing-')), 'pglite');
  mkdirSync(dataDir);
  const store = await openStore({
    kind: 'pglite',
    dataDir,
    loadDataDir: new Blob([readFileSync(inject('pgliteTemplatePath'))]),
    probeIntervalMs: PROBE_MS,
    faults,
  });
  return { store, dataDir };
}

describe.each([
  ['read-only', 'EROFS'],
  ['full', 'ENOSPC'],
  ['failing (I/O errors)', 'EIO'],
])('a %s data folder under a running app', (_name, code) => {
  const folder = failingFolder();
  let t: TestApp;
  let dataDir: string;
  let agent: Agent;
  beforeAll(async () => {
    const opened = await storeOnFolder(folder.faults);
    dataDir = opened.dataDir;
    const clock = createManualClock();
    const app = await buildApp({
      config: testConfig(),
      store: opened.store,
      secrets: testSecrets(),
      clock,
      logger: process.env.DEBUG_STORAGE_TEST ? { level: 'debug' } : false,
      validateResponses: true,
      webDistDir: null,
      passwords: createPasswordHasher(10),
      files: createLocalFileStore(join(mkdtempSync(join(tmpdir(), 'skydesk-uploads-')), 'uploads')),
    });
    t = {
      app,
      store: { ...opened.store, dispose: () => opened.store.close() },
      clock,
      close: async () => {
        await app.close();
        await opened.store.close();
      },
    };
    agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
  });
  afterAll(async () => {
    folder.heal();
    await t?.close();
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  });

  const health = () => get(t, '/api/health');
  const ready = () => get(t, '/api/health/ready');

  it('answers writes 503, keeps reads answering through background writes, says not ready, and recovers by itself', async () => {
    const offer = await searchOffer(t, agent);
    const kept = await book(t, agent, bookingBody(offer));
    expect(kept.statusCode, kept.body).toBe(201);

    folder.fail(code);
    const refused = await book(t, agent, bookingBody(offer), { 'idempotency-key': `fail-${code}-1` });
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(STORE_RETRY_AFTER_SECONDS));
    expect(refused.json()).toEqual({ status: false, message: SERVER.storageUnavailable });

    // A search answers from reads and writes its history in the background: the insert fails,
    // and must leave the store answering.
    for (let day = 0; day < 3; day++) {
      const search = await t.app.inject({
        method: 'POST',
        url: '/api/search',
        headers: { authorization: `Bearer ${agent.token}` },
        payload: searchBody({ date: `2026-12-${21 + day}` }),
      });
      expect(search.statusCode, search.body).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));

    for (let round = 0; round < 3; round++) {
      const credits = await get(t, '/api/booking-credits', { token: agent.token });
      expect(credits.statusCode, credits.body).toBe(200);
      const booking = await get(t, `/api/booking/${kept.json().data.id}`, { token: agent.token });
      expect(booking.statusCode, booking.body).toBe(200);
      const again = await book(t, agent, bookingBody(offer), {
        'idempotency-key': `fail-${code}-${round + 2}`,
      });
      expect(again.statusCode, again.body).toBe(503);
    }

    const degraded = await health();
    expect(degraded.statusCode).toBe(503);
    expect(degraded.json().data).toMatchObject({ status: 'unavailable', store: 'degraded' });
    const notReady = await ready();
    expect(notReady.statusCode, notReady.body).toBe(503);
    expect(notReady.json().data).toMatchObject({ status: 'not_ready', failed: ['store'] });
    expect(notReady.json().data.checks.store.detail).toMatch(/cannot write/);

    // Still so after several probes: the mark goes only when the folder can be written.
    await new Promise((resolve) => setTimeout(resolve, PROBE_MS * 6));
    expect((await health()).statusCode).toBe(503);

    folder.heal();
    await expect.poll(async () => (await health()).statusCode, { timeout: 20_000, interval: 50 }).toBe(200);
    expect((await ready()).statusCode).toBe(200);
    const booked = await book(t, agent, bookingBody(offer));
    expect(booked.statusCode, booked.body).toBe(201);
    // The booking acknowledged before the failure is there, and nothing refused was made.
    const bookings = await t.store.db
      .selectFrom('bookings')
      .select('id')
      .where('company_id', '=', agent.companyId)
      .execute();
    expect(bookings.map((row) => row.id).sort()).toEqual([kept.json().data.id, booked.json().data.id].sort());
  });
});

describe('the embedded store after PostgreSQL failed (a PANIC) on a disk that recovered', () => {
  const folder = failingFolder();
  let store: Store | undefined;
  let dataDir: string;
  afterEach(async () => {
    folder.heal();
    await store?.close();
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  });

  it('opens PostgreSQL again for the next statement: rows, LISTEN and prepared statements all work', async () => {
    ({ store, dataDir } = await storeOnFolder(folder.faults));
    const heard: string[] = [];
    await store.listen('storage_failure_test', (payload) => heard.push(payload));
    await sql`create table kept (n int not null)`.execute(store.db);
    await sql`insert into kept values (1)`.execute(store.db);
    const countKept = preparedStatement<{ n: number }>(
      'storage_failure_count',
      ['text'],
      'select count(*)::int as n from kept where n > $1::int',
    );
    expect(await store.query(countKept, ['0'])).toEqual([{ n: 1 }]);

    folder.fail('EIO');
    await expect(sql`insert into kept values (2)`.execute(store.db)).rejects.toMatchObject({
      status: 503,
    });
    folder.heal();

    await sql`insert into kept values (3)`.execute(store.db);
    const rows = await sql<{ n: number }>`select n from kept order by n`.execute(store.db);
    expect(rows.rows.map((row) => row.n)).toEqual([1, 3]);
    expect(await store.query(countKept, ['0'])).toEqual([{ n: 2 }]);
    await sql`select pg_notify('storage_failure_test', 'after the failure')`.execute(store.db);
    await expect.poll(() => heard).toEqual(['after the failure']);
    expect(store.engineMode?.()).toBe('primary');
  });
});

describe('the embedded store starting on a data folder a failure left behind', () => {
  let dataDir: string;
  afterEach(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }));

  it('clears an empty postmaster.pid (a file system that failed mid-write) and starts', async () => {
    ({ dataDir } = await storeOnFolder(() => undefined).then(async ({ store, dataDir }) => {
      await store.close();
      return { dataDir };
    }));
    writeFileSync(join(dataDir, 'postmaster.pid'), '');
    const store = await openStore({ kind: 'pglite', dataDir });
    try {
      expect((await sql<{ one: number }>`select 1 as one`.execute(store.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await store.close();
    }
  });

  it('refuses a postmaster.pid naming a running process, saying what and what to do', async () => {
    ({ dataDir } = await storeOnFolder(() => undefined).then(async ({ store, dataDir }) => {
      await store.close();
      return { dataDir };
    }));
    // The parent of this test process: running, and not this process.
    writeFileSync(join(dataDir, 'postmaster.pid'), `${process.ppid}\n${dataDir}\n`);
    await expect(openStore({ kind: 'pglite', dataDir })).rejects.toThrow(
      new RegExp(`postmaster.pid naming process ${process.ppid}, which is running.*Stop it`),
    );
  });
});
