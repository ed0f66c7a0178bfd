/**
 * The embedded store under load (issue 28, docs/benchmarks.md "The embedded store: durability and
 * many connections"), on a data folder on disk as `npm start` runs it:
 *
 * 1. What durability costs: the demo agency holds bookings and then issues them over HTTP on
 *    127.0.0.1, DURABLE_CONCURRENCY calls at a time, with durability off (commits not synced:
 *    PGlite's behaviour before issue 28, the baseline) and on (each commit fsync'ed before its
 *    answer, the default) in turn, BENCH_DURABLE_ROUNDS runs of each, each on a fresh store —
 *    bookings and issues per second, p50 and p95 over each mode's runs, and on / off; with what
 *    one fdatasync costs on that disk.
 * 2. Many connections: MIXED_CONNECTIONS keep-alive connections of mixed traffic — the session
 *    check and profile (`GET /api/me`), credits, the bookings list, notifications, fresh searches
 *    and holds with Idempotency-Keys — from a load generator in a process of its own
 *    (mixed-load-client.ts), for MIXED_SECONDS after a warm-up: requests a second and each kind's
 *    p50 / p95 / p99, against the target of a p99 under 500 ms at 50 connections. On PostgreSQL
 *    too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, for comparison.
 *
 *   npm run bench:store -w @skydesk/server
 *   BENCH_STORE_PARTS=connections BENCH_MIXED_SECONDS=30 npm run bench:store -w @skydesk/server
 *   BENCH_STORE_PARTS=connections BENCH_MIXED_BASELINE_ROUNDS=2 npm run bench:store -w @skydesk/server
 *     (the embedded store against its baseline without the session cache, alternating)
 *
 * The server runs in this process with `npm start`'s Node flags (start-flags.ts) and its default
 * search workers. Loopback only, bounded counts and durations: about four minutes on a quiet
 * machine. The machine's load average is printed with each part: on a shared machine the times
 * say as much about the neighbours as about the server; the server's CPU time per call does not.
 */

import '../src/platform/memory-flags.js';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, fdatasyncSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { seedDemoData } from '../src/db/seed-demo.js';
import { postLedgerEntry } from '../src/modules/payments/ledger.js';
import { migrate } from '../src/platform/db/migrate.js';
import { openStore, type Store } from '../src/platform/db/store.js';
import { createSecretBox } from '../src/platform/security/encryption.js';
import { createPasswordHasher } from '../src/platform/security/password.js';
import { signInDemoOwner } from './demo-session.js';
import type { MixedCall, MixedJob, MixedResult } from './mixed-load-client.js';
import { rerunWithStartFlags } from './start-flags.js';

const PARTS = (process.env.BENCH_STORE_PARTS ?? 'durability,connections').split(',');
const DURABLE_BOOKINGS = Number(process.env.BENCH_DURABLE_BOOKINGS ?? 120);
const DURABLE_CONCURRENCY = 4;
const DURABLE_ROUNDS = Number(process.env.BENCH_DURABLE_ROUNDS ?? 2);
const MIXED_CONNECTIONS = Number(process.env.BENCH_MIXED_CONNECTIONS ?? 50);
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 20);
const MIXED_WARM_UP_SECONDS = Number(process.env.BENCH_MIXED_WARM_UP_SECONDS ?? 5);
/**
 * Rounds of the embedded store's mixed load alternating with its baseline: the same code with the
 * access guard reading the session from the store on every call (live-sessions.ts keeps what it
 * read, cleared by every write of those tables). 0: the embedded store once, no baseline.
 */
const MIXED_BASELINE_ROUNDS = Number(process.env.BENCH_MIXED_BASELINE_ROUNDS ?? 0);
const TARGET_P99_MS = 500;
// An empty BENCH_DATABASE_URL leaves PostgreSQL out even when TEST_DATABASE_URL is set.
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;
/** The machine's load over the last minute, printed with each run: these 2 cores are shared. */
const loadAverage = () => loadavg()[0]!.toFixed(1);

type Running = {
  base: string;
  authorization: string;
  companyId: string;
  close(): Promise<void>;
};

/** The app on a fresh store with the demo agency (no history), listening on 127.0.0.1. */
type Target = { kind: 'pglite'; durable: boolean; sessionReadEachCall?: boolean } | { kind: 'postgres' };

async function startApp(target: Target): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'skydesk-store-bench-'));
  let store: Store;
  let dropDatabase = async () => {};
  if (target.kind === 'pglite') {
    mkdirSync(join(dataDir, 'pglite'));
    store = await openStore({ kind: 'pglite', dataDir: join(dataDir, 'pglite'), durable: target.durable });
  } else {
    const database = `skydesk_bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(POSTGRES_URL!);
    url.pathname = `/${database}`;
    store = await openStore({ kind: 'postgres', url: url.toString() });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
    };
  }
  await migrate(store.db);
  const secrets = { jwtSecret: randomBytes(48).toString('base64url'), dataEncryptionKey: randomBytes(32) };
  await seedDemoData(store.db, {
    hasher: createPasswordHasher(10),
    secretBox: createSecretBox(secrets.dataEncryptionKey),
    currency: 'USD',
    now: new Date(),
  });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // The bench wants writes, not refusals for want of credits or seats.
    HOLD_VALUE_RATIO: '0',
    MAX_HELD_SEATS_PER_FLIGHT: '0',
    ...(process.env.SEARCH_WORKERS ? { SEARCH_WORKERS: process.env.SEARCH_WORKERS } : {}),
  });
  // The baseline of the session cache: a store that can't tell who writes reads each time.
  const served: Store =
    target.kind === 'pglite' && target.sessionReadEachCall ? { ...store, watchWrites: undefined } : store;
  const app = await buildApp({ config, store: served, secrets, logger: false, webDistDir: null });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const { authorization, companyId } = await signInDemoOwner(app);
  await store.db.transaction().execute((trx) =>
    postLedgerEntry(trx, {
      companyId,
      kind: 'adjustment',
      amountMinor: 50_000_000_00,
      note: 'bench credits',
    }),
  );
  return {
    base,
    authorization,
    companyId,
    close: async () => {
      await app.close();
      await store.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call(
  running: Running,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  keyed = false,
  // biome-ignore lint/suspicious/noExplicitAny: answers of several shapes, read field by field
): Promise<{ status: number; data: any; ms: number }> {
  const began = performance.now();
  const response = await fetch(`${running.base}${path}`, {
    method,
    headers: {
      authorization: running.authorization,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(keyed ? { 'idempotency-key': randomBytes(12).toString('hex') } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const envelope = (await response.json()) as { message: string; data: any };
  const took = performance.now() - began;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${envelope.message}`);
  return { status: response.status, data: envelope.data, ms: took };
}

const PAIRS = [
  ['LHR', 'JFK'],
  ['JFK', 'LHR'],
  ['DXB', 'LHR'],
  ['SFO', 'JFK'],
  ['CDG', 'JFK'],
  ['FRA', 'ORD'],
] as const;
const searchBody = (i: number) => {
  const [origin, destination] = PAIRS[i % PAIRS.length]!;
  return {
    trip_type: 'OneWay',
    origin_destinations: [
      {
        departure_date_time: dateIn(14 + (Math.floor(i / PAIRS.length) % 90)),
        origin_location_code: origin,
        destination_location_code: destination,
      },
    ],
    adult_quantity: 1,
    child_quantity: 0,
    infant_quantity: 0,
    cabin: 'Economy',
    max_stops: 0,
  };
};
const bookingBody = (offerId: string, i: number) => ({
  offer_id: offerId,
  passengers: [
    {
      passenger_type: 'adult',
      title: 'MRS',
      first_name: 'AMIRA',
      last_name: 'HADDAD',
      gender: 'F',
      date_of_birth: '1990-03-14',
      nationality: 'GB',
      passport_number: `P${String(10_000_000 + i)}`,
      passport_expiry: '2034-01-01',
    },
  ],
  contact: { email: 'desk@agency.test', phone: '+971 4 555 0100' },
  save_travellers: false,
});

/** Offers to hold, spread over many flights and days (none runs out of seats). */
async function offers(running: Running, count: number): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; found.length < count && i < count * 4; i++) {
    const answer = await call(running, 'POST', '/api/search', searchBody(i));
    found.push(
      ...(answer.data.PricedItineraries.PricedItinerary as { offer_id: string }[])
        .slice(0, 3)
        .map((offer) => offer.offer_id),
    );
  }
  return found;
}

/** `work` for each of `count` items, `concurrency` at a time: the time of each and the run's length. */
async function inTurns(
  count: number,
  concurrency: number,
  work: (i: number) => Promise<number>,
): Promise<Timed> {
  const times: number[] = [];
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) times.push(await work(next++));
    }),
  );
  return { times, seconds: (performance.now() - began) / 1000 };
}

type Timed = { times: number[]; seconds: number };
type Figures = { perSecond: number; p50: number; p95: number };
type DurabilityRun = { holds: Timed; issues: Timed };

/** Several runs' calls as one: calls a second over their summed time, percentiles of all of them. */
function pooled(runs: Timed[]): Figures {
  const times = runs.flatMap((run) => run.times).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  return { perSecond: times.length / seconds, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function durabilityRun(durable: boolean): Promise<DurabilityRun> {
  const running = await startApp({ kind: 'pglite', durable });
  try {
    const offered = await offers(running, 30);
    // A few calls of each before the timing: code paths' first use is not what is measured.
    for (let i = 0; i < 4; i++) {
      const held = await call(running, 'POST', '/api/booking', bookingBody(offered[i]!, 900 + i), true);
      await call(running, 'POST', '/api/booking-issue', { pnr: held.data.pnr }, true);
    }
    const pnrs: string[] = [];
    const holds = await inTurns(DURABLE_BOOKINGS, DURABLE_CONCURRENCY, async (i) => {
      const held = await call(
        running,
        'POST',
        '/api/booking',
        bookingBody(offered[i % offered.length]!, i),
        true,
      );
      pnrs.push(held.data.pnr);
      return held.ms;
    });
    const issues = await inTurns(
      pnrs.length,
      DURABLE_CONCURRENCY,
      async (i) => (await call(running, 'POST', '/api/booking-issue', { pnr: pnrs[i] }, true)).ms,
    );
    return { holds, issues };
  } finally {
    await running.close();
  }
}

/** What one fdatasync of 8 KiB costs on the disk the data folders are on (what each commit waits for). */
function diskSyncTime(): { p50: number; p95: number } {
  const folder = mkdtempSync(join(tmpdir(), 'skydesk-sync-probe-'));
  const fd = openSync(join(folder, 'probe'), 'w');
  const page = Buffer.alloc(8192, 1);
  const times: number[] = [];
  try {
    for (let i = 0; i < 100; i++) {
      writeSync(fd, page, 0, page.length, (i % 16) * page.length);
      const began = performance.now();
      fdatasyncSync(fd);
      times.push(performance.now() - began);
    }
  } finally {
    closeSync(fd);
    rmSync(folder, { recursive: true, force: true });
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function durability() {
  const sync = diskSyncTime();
  console.log(
    `\nDurability: ${DURABLE_BOOKINGS} holds, then their issues, ${DURABLE_CONCURRENCY} calls at a time, on a data folder in ${tmpdir()} (one fdatasync there: p50 ${ms(sync.p50)}, p95 ${ms(sync.p95)}); off and on in turn, ${DURABLE_ROUNDS} runs each, each on a fresh store; load average ${loadAverage()}`,
  );
  // Off and on alternate, so that what else the machine runs meanwhile weighs on both alike.
  const runs: Record<'off' | 'on', DurabilityRun[]> = { off: [], on: [] };
  for (let round = 0; round < DURABLE_ROUNDS; round++) {
    runs.off.push(await durabilityRun(false));
    runs.on.push(await durabilityRun(true));
  }
  const figures = (mode: 'off' | 'on') => ({
    holds: pooled(runs[mode].map((run) => run.holds)),
    issues: pooled(runs[mode].map((run) => run.issues)),
  });
  const off = figures('off');
  const on = figures('on');
  const row = (name: string, r: { holds: Figures; issues: Figures }) =>
    `| ${name.padEnd(32)} | ${r.holds.perSecond.toFixed(1).padStart(7)} | ${ms(r.holds.p50).padStart(9)} | ${ms(r.holds.p95).padStart(9)} | ${r.issues.perSecond.toFixed(1).padStart(8)} | ${ms(r.issues.p50).padStart(9)} | ${ms(r.issues.p95).padStart(9)} |`;
  console.log(
    '| durability                       | holds/s | hold p50  | hold p95  | issues/s | issue p50 | issue p95 |',
  );
  console.log(
    '| -------------------------------- | ------- | --------- | --------- | -------- | --------- | --------- |',
  );
  console.log(row('off (not synced: the baseline)', off));
  console.log(row('on (fsync at each commit)', on));
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  console.log(
    `| on / off                         | ${ratio(on.holds.perSecond, off.holds.perSecond).padStart(7)} | ${ratio(on.holds.p50, off.holds.p50).padStart(9)} | ${ratio(on.holds.p95, off.holds.p95).padStart(9)} | ${ratio(on.issues.perSecond, off.issues.perSecond).padStart(8)} | ${ratio(on.issues.p50, off.issues.p50).padStart(9)} | ${ratio(on.issues.p95, off.issues.p95).padStart(9)} |`,
  );
}

/** One mixed-load run from a load generator in a process of its own. */
function mixedLoad(job: MixedJob): Promise<MixedResult> {
  const child = fork(fileURLToPath(new URL('./mixed-load-client.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (result) => resolve(result as MixedResult));
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load generator exited with ${code}`));
    });
    child.send(job);
  });
}

async function connectionsRun(target: Target) {
  const running = await startApp(target);
  try {
    const offered = await offers(running, 60);
    const calls: MixedCall[] = [
      { label: 'GET /api/me', method: 'GET', path: '/api/me', weight: 4 },
      { label: 'GET /api/booking-credits', method: 'GET', path: '/api/booking-credits', weight: 2 },
      {
        label: 'GET /api/booking/company/…',
        method: 'GET',
        path: `/api/booking/company/${running.companyId}?page=1&limit=10`,
        weight: 2,
      },
      { label: 'GET /api/notification/summary', method: 'GET', path: '/api/notification/summary', weight: 1 },
      {
        label: 'POST /api/search (fresh)',
        method: 'POST',
        path: '/api/search',
        bodies: Array.from({ length: 540 }, (_, i) => searchBody(i + 100)),
        weight: 1,
      },
      {
        label: 'POST /api/booking (hold)',
        method: 'POST',
        path: '/api/booking',
        bodies: offered.map((offer, i) => bookingBody(offer, 5_000 + i)),
        keyed: true,
        weight: 1,
      },
    ];
    // The server's CPU time per call (its main thread and search workers: this process but the
    // load generator) says what a call costs whatever else the machine runs; the times do not.
    const cpu = process.cpuUsage();
    const result = await mixedLoad({
      url: running.base,
      token: running.authorization.replace(/^Bearer /, ''),
      calls,
      connections: MIXED_CONNECTIONS,
      seconds: MIXED_SECONDS,
      warmUpSeconds: MIXED_WARM_UP_SECONDS,
    });
    const used = process.cpuUsage(cpu);
    return { ...result, cpuMsPerCall: (used.user + used.system) / 1000 / result.answered };
  } finally {
    await running.close();
  }
}

function printMixed(name: string, result: MixedResult & { cpuMsPerCall: number }) {
  console.log(
    `\n${name}: ${result.rps.toFixed(0)} requests/s, p50 ${ms(result.overall.p50)}, p95 ${ms(result.overall.p95)}, p99 ${ms(result.overall.p99)}, ${result.overall.errors} errors of ${result.overall.count}; the server's CPU ${ms(result.cpuMsPerCall)} a call; load average ${loadAverage()}`,
  );
  console.log('| call                          | count | p50       | p95       | p99       | errors |');
  console.log('| ----------------------------- | ----- | --------- | --------- | --------- | ------ |');
  for (const [label, figures] of Object.entries(result.byCall)) {
    console.log(
      `| ${label.padEnd(29)} | ${String(figures.count).padStart(5)} | ${ms(figures.p50).padStart(9)} | ${ms(figures.p95).padStart(9)} | ${ms(figures.p99).padStart(9)} | ${String(figures.errors).padStart(6)} |`,
    );
  }
  for (const [what, example] of Object.entries(result.failures)) console.log(`  failed: ${what}: ${example}`);
  const met = result.overall.p99 < TARGET_P99_MS;
  console.log(
    `  p99 of every call ${ms(result.overall.p99)} against ${TARGET_P99_MS} ms: ${met ? 'met' : 'NOT met'}`,
  );
}

async function connections() {
  console.log(
    `\nMany connections: ${MIXED_CONNECTIONS} keep-alive connections of mixed traffic for ${MIXED_SECONDS} s after ${MIXED_WARM_UP_SECONDS} s of warm-up`,
  );
  if (MIXED_BASELINE_ROUNDS > 0) {
    const ratios: { rps: number; p99: number; cpu: number }[] = [];
    for (let round = 1; round <= MIXED_BASELINE_ROUNDS; round += 1) {
      const before = await connectionsRun({ kind: 'pglite', durable: true, sessionReadEachCall: true });
      printMixed(`round ${round}, embedded store, session read on every call (the baseline)`, before);
      const after = await connectionsRun({ kind: 'pglite', durable: true });
      printMixed(`round ${round}, embedded store, sessions kept`, after);
      ratios.push({
        rps: after.rps / before.rps,
        p99: after.overall.p99 / before.overall.p99,
        cpu: after.cpuMsPerCall / before.cpuMsPerCall,
      });
    }
    console.log('\n| round | req/s kept ÷ baseline | p99 kept ÷ baseline | CPU a call kept ÷ baseline |');
    console.log('| ----- | --------------------- | ------------------- | -------------------------- |');
    for (const [i, ratio] of ratios.entries()) {
      console.log(
        `| ${i + 1}     | ${ratio.rps.toFixed(2).padStart(21)} | ${ratio.p99.toFixed(2).padStart(19)} | ${ratio.cpu.toFixed(2).padStart(26)} |`,
      );
    }
  } else {
    printMixed('embedded store (durability on)', await connectionsRun({ kind: 'pglite', durable: true }));
  }
  if (POSTGRES_URL) printMixed('PostgreSQL', await connectionsRun({ kind: 'postgres' }));
}

async function main() {
  rerunWithStartFlags();
  if (PARTS.includes('durability')) await durability();
  if (PARTS.includes('connections')) await connections();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
