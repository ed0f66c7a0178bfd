import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HealthProblem, SERVER } from '@skydesk/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createManualClock } from '../../src/platform/clock.js';
import { openStore } from '../../src/platform/db/store.js';
import { STORE_RETRY_AFTER_SECONDS } from '../../src/platform/db/store-health.js';
import { createPasswordHasher } from '../../src/platform/security/password.js';
import { createLocalFileStore } from '../../src/platform/storage/file-store.js';
import { createTestApp, testConfig, testSecrets } from '../support/app.js';
import { get, type TestApp } from '../support/auth-flow.js';
import { type Agent, book, bookingAgent, bookingBody, searchOffer } from '../support/bookings.js';
import { fillDisk } from '../support/full-disk.js';
import { storeKinds } from '../support/stores.js';

/**
 * A store that cannot write (issue 10): a booking answers 503 with a clear message instead of a
 * 500, health answers 503 `degraded` instead of "fine", reads keep working, and both recover by
 * themselves once the store can write again. The store's probe runs every 50 ms here.
 */
const PROBE_MS = 50;

/** The behaviour both cases below check, whatever stops the writes. */
function degradedStoreBehaviour(
  setUp: () => Promise<{ t: TestApp; stopWrites(): Promise<void>; allowWrites(): Promise<void> }>,
) {
  let t: TestApp;
  let agent: Agent;
  let stopWrites: () => Promise<void>;
  let allowWrites: () => Promise<void>;
  beforeAll(async () => {
    ({ t, stopWrites, allowWrites } = await setUp());
    agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
  });

  const health = () => get(t, '/api/health');
  const bookingCount = async () =>
    (await t.store.db.selectFrom('bookings').select('id').where('company_id', '=', agent.companyId).execute())
      .length;

  it('answers 503 to a booking and to health while writes fail, keeps reads working, and recovers by itself', async () => {
    const offer = await searchOffer(t, agent);
    expect((await health()).statusCode).toBe(200);
    const before = await bookingCount();

    await stopWrites();
    const refused = await book(t, agent, bookingBody(offer), { 'idempotency-key': `full-${Date.now()}` });
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(STORE_RETRY_AFTER_SECONDS));
    expect(refused.json()).toEqual({ status: false, message: SERVER.storageUnavailable });

    const degraded = await health();
    expect(degraded.statusCode).toBe(503);
    expect(degraded.json()).toMatchObject({ status: false, message: SERVER.storeDegraded });
    expect(HealthProblem.parse(degraded.json().data)).toMatchObject({
      status: 'unavailable',
      store: 'degraded',
    });
    expect(new Date(degraded.json().data.degraded_since).getTime()).not.toBeNaN();

    // Reads answer as before; the refused booking left nothing behind.
    const credits = await get(t, '/api/booking-credits', { token: agent.token });
    expect(credits.statusCode, credits.body).toBe(200);
    expect(await bookingCount()).toBe(before);
    // Still degraded after several probes: the mark only goes when a write works.
    await new Promise((resolve) => setTimeout(resolve, PROBE_MS * 4));
    expect((await health()).statusCode).toBe(503);

    await allowWrites();
    await expect.poll(async () => (await health()).statusCode, { timeout: 10_000, interval: 50 }).toBe(200);
    const booked = await book(t, agent, bookingBody(offer));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await bookingCount()).toBe(before + 1);
  });

  afterAll(async () => {
    await allowWrites?.();
    await t?.close();
  });
}

describe.each(storeKinds())('a read-only store on %s', (kind) => {
  // One connection, so the session setting below is the setting of every statement the app runs.
  degradedStoreBehaviour(async () => {
    const t = await createTestApp(kind, {}, { maxConnections: 1, probeIntervalMs: PROBE_MS });
    return {
      t,
      // What a failed-over standby or an operator's emergency stop looks like to the app: 25006.
      stopWrites: async () => {
        await sql`set default_transaction_read_only = on`.execute(t.store.db);
      },
      allowWrites: async () => {
        await sql`set default_transaction_read_only = off`.execute(t.store.db);
      },
    };
  });
});

const isRoot = process.getuid?.() === 0;

/**
 * The real thing: the embedded store's files on a small tmpfs, filled up, then emptied. Mounting
 * needs root; elsewhere this is skipped (the read-only cases above still run).
 */
describe.skipIf(!isRoot)('a full disk under the embedded store (mounts a tmpfs: root only)', () => {
  const mountPoint = mkdtempSync(join(tmpdir(), 'skydesk-full-disk-'));
  const filler = join(mountPoint, 'filler');

  degradedStoreBehaviour(async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', mountPoint]);
    const dataDir = join(mountPoint, 'pglite');
    mkdirSync(dataDir);
    const template = readFileSync(inject('pgliteTemplatePath'));
    const store = await openStore({
      kind: 'pglite',
      dataDir,
      loadDataDir: new Blob([template]),
      probeIntervalMs: PROBE_MS,
    });
    const clock = createManualClock();
    const app = await buildApp({
      config: testConfig(),
      store,
      secrets: testSecrets(),
      clock,
      logger: false,
      validateResponses: true,
      webDistDir: null,
      passwords: createPasswordHasher(10),
      files: createLocalFileStore(join(mkdtempSync(join(tmpdir(), 'skydesk-uploads-')), 'uploads')),
    });
    const t: TestApp = {
      app,
      store: { ...store, dispose: () => store.close() },
      clock,
      close: async () => {
        await app.close();
        await store.close();
        execFileSync('umount', [mountPoint]);
      },
    };
    return {
      t,
      stopWrites: async () => fillDisk(filler),
      allowWrites: async () => rmSync(filler, { force: true }),
    };
  });
});
