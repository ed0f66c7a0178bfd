import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER } from '@skydesk/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/platform/db/store.js';
import { startServer } from '../support/server-process.js';
import { createEmptyPostgresDatabase, type StoreKind, storeKinds } from '../support/stores.js';
import {
  bookingBody,
  call,
  data,
  depositFields,
  depositForm,
  searchOffers,
  seededRandom,
  signInDemo,
} from './http-driver.js';
import { createLoopDisk, loopDiskOptedOut, requireLoopDisk } from './loop-disk.js';
import { brokenRules } from './store-invariants.js';

/**
 * Issue 17: a store that cannot write, under a real server process. A booking answers 503 with
 * the clear message and Retry-After, the server logs one line saying why (and one when it is over),
 * reads keep answering, and writes come back by themselves once the store can write — and the
 * store is sound afterwards: the server restarts on it and every money and seat rule holds.
 *
 * Issue 28 adds: readiness says not ready meanwhile (a balancer stops sending writes), an upload
 * (a deposit's receipt) answers 503 and leaves no file behind, and the 503s are not logged as
 * errors.
 *
 * - PGlite: DATA_DIR on a loop-mounted ext4 file system (loop-disk.ts), either filled to its last
 *   block and then emptied, or turned read-only under the server by a file-system error (as a
 *   disk error does) and then checked and mounted again — while the server keeps running: it
 *   serves reads from a copy in memory meanwhile and holds no file there (pglite-engine.ts), so
 *   the file system can be unmounted, and it returns to the folder by itself once it can write.
 *   Root and loop devices are needed (loop-disk.ts says what is missing otherwise).
 * - PostgreSQL: the database made read-only (ALTER DATABASE … SET default_transaction_read_only,
 *   the server's connections ended so that new ones take it), then writable again.
 */

type Case = { kind: StoreKind; failure: 'full' | 'read-only' };
const cases: Case[] = [
  ...(loopDiskOptedOut
    ? []
    : [
        { kind: 'pglite' as const, failure: 'full' as const },
        { kind: 'pglite' as const, failure: 'read-only' as const },
      ]),
  ...storeKinds()
    .filter((kind) => kind === 'postgres')
    .map((kind) => ({ kind, failure: 'read-only' as const })),
];

/** The server's error lines (a 500's cause is only there). */
const errorLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line))
    .join('\n');

/** The files in the uploads folder (none when it was never made). */
const listUploads = (folder: string) =>
  existsSync(folder)
    ? readdirSync(folder)
        .filter((name) => !name.startsWith('.'))
        .sort()
    : [];

async function onDatabase(url: string, statements: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.each(cases)(
  'a store that cannot write under a server process: $kind, $failure',
  ({ kind, failure }) => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    }, 60_000);

    it('answers 503 with a log line, keeps reading, recovers by itself, and leaves the store sound', async () => {
      const random = seededRandom(10);
      const env: Record<string, string> = {
        DEMO_DATA: 'true',
        DEMO_HISTORY: 'false',
        SEARCH_WORKERS: '0',
        LOG_LEVEL: 'info',
      };
      let stopWrites: () => Promise<void>;
      let allowWrites: () => Promise<void>;
      let openChecked: () => Promise<Store>;
      let uploads: string | undefined;
      if (kind === 'pglite') {
        requireLoopDisk('The embedded store test of a data folder that cannot write');
        const disk = createLoopDisk(512);
        cleanups.push(async () => disk.dispose());
        env.DATA_DIR = disk.mountPoint;
        uploads = join(disk.mountPoint, 'uploads');
        if (failure === 'full') {
          stopWrites = async () => disk.fill();
          allowWrites = async () => disk.free();
        } else {
          stopWrites = async () => disk.forceReadOnly();
          // Checked and mounted again under the running server: it must hold no file there.
          allowWrites = async () => disk.remount();
        }
        openChecked = () => openStore({ kind: 'pglite', dataDir: join(disk.mountPoint, 'pglite') });
      } else {
        const database = await createEmptyPostgresDatabase();
        cleanups.push(database.drop);
        const name = new URL(database.url).pathname.slice(1);
        const admin = process.env.TEST_DATABASE_URL!;
        env.DATABASE_URL = database.url;
        env.DATA_DIR = mkdtempSync(join(tmpdir(), 'skydesk-readonly-'));
        uploads = join(env.DATA_DIR, 'uploads');
        env.JWT_SECRET = randomBytes(48).toString('base64url');
        env.DATA_ENCRYPTION_KEY = randomBytes(32).toString('base64');
        const switchTo = async (readOnly: boolean) => {
          await onDatabase(admin, [
            `alter database ${name} set default_transaction_read_only = ${readOnly ? 'on' : 'off'}`,
            // Connections take the setting when they open: end the server's, its pool opens new ones
            // (once its idle connections have heard that they were ended).
            `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
          ]);
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        };
        stopWrites = () => switchTo(true);
        allowWrites = () => switchTo(false);
        openChecked = () => openStore({ kind: 'postgres', url: database.url, maxConnections: 2 });
        cleanups.push(allowWrites);
      }

      let server = startServer(env);
      cleanups.push(async () => {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      });
      let base = await server.url;
      const token = await signInDemo(base, 'agency');
      const [banks] = await data<[{ id: string }[]]>(base, 'GET', '/api/bank', { token });
      const bankId = banks[0]!.id;
      const offers = await searchOffers(base, token, { origin: 'LHR', destination: 'JFK', daysAhead: 30 });
      const book = (offer = 0) =>
        call(base, 'POST', '/api/booking', {
          token,
          key: randomBytes(8).toString('hex'),
          body: bookingBody(offers[offer % offers.length]!, random),
        });
      const first = await book();
      expect(first.status, first.body.message).toBe(201);

      await stopWrites();
      // Every booking the server acknowledges is kept. A write may still fit where the store has room
      // (PostgreSQL preallocates its WAL, a page may have space left) and the first after the
      // switch may meet a connection the database ended: what counts is 503 soon, and never a 500.
      const acknowledged = [first.body.data.id as string];
      let refused = await book(1);
      for (let attempt = 0; refused.status !== 503 && attempt < 100; attempt++) {
        expect(refused.status, refused.body.message).toBeLessThan(500);
        if (refused.status === 201) acknowledged.push(refused.body.data.id);
        refused = await book(attempt);
      }
      expect(refused.status, refused.body.message).toBe(503);
      expect(refused.body).toEqual({ status: false, message: SERVER.storageUnavailable });
      const health = await call(base, 'GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.body.data).toMatchObject({ status: 'unavailable', store: 'degraded' });
      await server.waitForOutput('store degraded: it cannot save changes');
      const notReady = await call(base, 'GET', '/api/health/ready');
      expect(notReady.status, notReady.body.message).toBe(503);
      expect(notReady.body.data).toMatchObject({ status: 'not_ready', failed: ['store'] });
      for (let round = 0; round < 3; round++) {
        const reads = await call(base, 'GET', '/api/booking-credits', { token });
        expect(reads.status, reads.body.message).toBe(200);
        const list = await call(base, 'GET', `/api/booking/${first.body.data.id}`, { token });
        expect(list.status, list.body.message).toBe(200);
        // A search reads, and writes its history in the background: that write fails quietly.
        await searchOffers(base, token, { origin: 'LHR', destination: 'JFK', daysAhead: 31 + round });
      }
      // An upload answers 503 too, and leaves no file behind.
      const filesBefore = listUploads(uploads!);
      const deposit = await call(base, 'POST', '/api/company/create-transaction', {
        token,
        key: randomBytes(8).toString('hex'),
        form: depositForm(depositFields(bankId, '100.00')),
      });
      expect(deposit.status, `${deposit.body.message}\n${errorLines(server.output())}`).toBe(503);
      // On PostgreSQL the uploads' disk is fine: the receipt is written before the refused insert,
      // and left unreferenced under its random name (payments/deposits.ts says so).
      if (kind === 'pglite') expect(listUploads(uploads!)).toEqual(filesBefore);
      const again503 = await book(3);
      expect(again503.status, again503.body.message).toBe(503);

      await allowWrites();
      await expect
        .poll(async () => (await call(base, 'GET', '/api/health')).status, { timeout: 30_000, interval: 250 })
        .toBe(200);
      await server.waitForOutput('store writable again');
      expect((await call(base, 'GET', '/api/health/ready')).status).toBe(200);
      // Each refusal was one request line, not an error with a stack.
      const errors = server
        .output()
        .split('\n')
        .filter((line) => /"level":50/.test(line));
      expect(errors, errors.join('\n')).toEqual([]);
      const second = await book(2);
      expect(second.status, second.body.message).toBe(201);
      acknowledged.push(second.body.data.id);

      // Sound afterwards: the server stops and starts again on it, and the rules hold.
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      server = startServer(env);
      base = await server.url;
      const again = await call(base, 'GET', `/api/booking/${second.body.data.id}`, { token });
      expect(again.status, again.body.message).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const store = await openChecked();
      try {
        expect(await brokenRules(store.db)).toEqual([]);
        const bookings = await store.db.selectFrom('bookings').select('id').execute();
        expect(bookings.map((row) => row.id).sort()).toEqual(acknowledged.sort());
      } finally {
        await store.close();
      }
    }, 300_000);
  },
);
