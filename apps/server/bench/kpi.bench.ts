/**
 * KPI benchmark (docs/benchmarks.md, issue 15): a hundred agencies, a million bookings over two
 * years with their passengers, tickets, history, ledger lines, deposits and searches, made by
 * set-based SQL with the rollup triggers off (bench/kpi-volume.ts), the rollups then rebuilt by
 * `analytics_recount()`; then, through the whole stack (`app.inject`: session check, validation,
 * queries, JSON), the agency's KPIs for 30 days and for a year — the busiest agency's, the demo's,
 * signed in as its owner — and the operator's platform figures for a year. Each is timed against
 * the same call when the store held a thousand bookings, and against bare `GET /api/health`, in
 * the same run. On PGlite (in a data folder on disk, as `npm start` keeps it) and, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names a server it may create a database on, on PostgreSQL.
 *
 *   npm run bench:kpi -w @skydesk/server
 *
 * BENCH_KPI_BOOKINGS (default 1,000,000), BENCH_KPI_AGENCIES (100), BENCH_KPI_SEARCHES (searches
 * per booking, 2) change the volume, BENCH_KPI_RUNS the calls timed per figure (200);
 * BENCH_KPI_STORES=pglite or postgres runs one store. Bounded:
 * the volume is a fixed number of INSERT … SELECT batches, the timings a fixed number of calls on
 * loopback (app.inject: no socket); it stops by itself.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { DEMO, seedDemoData } from '../src/db/seed-demo.js';
import { migrate } from '../src/platform/db/migrate.js';
import { openStore, type Store } from '../src/platform/db/store.js';
import { createSecretBox } from '../src/platform/security/encryption.js';
import { createPasswordHasher } from '../src/platform/security/password.js';
import { signInDemoOperator, signInDemoOwner } from './demo-session.js';
import { addPendingDeposits, createAgencies, loadBatch } from './kpi-volume.js';

const BOOKINGS = Number(process.env.BENCH_KPI_BOOKINGS ?? 1_000_000);
const AGENCIES = Number(process.env.BENCH_KPI_AGENCIES ?? 100);
const SEARCHES_PER_BOOKING = Number(process.env.BENCH_KPI_SEARCHES ?? 2);
const STORES = (process.env.BENCH_KPI_STORES ?? 'pglite,postgres').split(',');
const BASELINE_BOOKINGS = 1_000;
const BATCH = 100_000;
const DAYS = 730;
const RUNS = Number(process.env.BENCH_KPI_RUNS ?? 200);
const WARM_UP = 10;
const TARGETS = { agency: 100, operator: 500 };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
const count = (value: number) => value.toLocaleString('en-US');

type Timing = { p50: number; p95: number; body: string };

async function bench(label: string, store: Store, dataDir: string) {
  console.log(`\n── ${label} ──`);
  await migrate(store.db);
  const secrets = { jwtSecret: randomBytes(48).toString('base64url'), dataEncryptionKey: randomBytes(32) };
  // The demo agency without its seeded months: the bench makes its two years itself.
  await seedDemoData(store.db, {
    hasher: createPasswordHasher(10),
    secretBox: createSecretBox(secrets.dataEncryptionKey),
    currency: 'USD',
    now: new Date(),
    history: false,
  });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEARCH_WORKERS: '0' });
  const app = await buildApp({ config, store, secrets, logger: false, webDistDir: null });
  try {
    const { authorization, companyId } = await signInDemoOwner(app);
    const owner = { authorization };
    const operator = await signInDemoOperator(app);
    const { rows: operators } = await sql<{ id: string }>`
      select id from operators where email = ${DEMO.operatorEmail}`.execute(store.db);

    // The agency's today (its zone) and the platform's (UTC), and the ranges asked for.
    const profile = await app.inject({ method: 'GET', url: '/api/company/profile', headers: owner });
    const zone = profile.json().data?.time_zone ?? 'UTC';
    const dayIn = (timeZone: string, at: Date) => at.toLocaleDateString('en-CA', { timeZone });
    const minusDays = (day: string, days: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    const now = new Date();
    const agencyToday = dayIn(zone, now);
    const utcToday = now.toISOString().slice(0, 10);
    const calls = [
      { name: 'agency, last 30 days', url: '/api/company/company-kpi', as: owner, target: TARGETS.agency },
      {
        name: 'agency, one year',
        url: `/api/company/company-kpi?fromDate=${minusDays(agencyToday, 364)}&toDate=${agencyToday}`,
        as: owner,
        target: TARGETS.agency,
      },
      {
        name: 'operator, one year',
        url: `/api/admin/kpi?fromDate=${minusDays(utcToday, 364)}&toDate=${utcToday}`,
        as: operator,
        target: TARGETS.operator,
      },
    ];

    const time = async (url: string, headers: { authorization: string }): Promise<Timing> => {
      const times: number[] = [];
      let body = '';
      // A few calls first, untimed: the statements get prepared, the pages they read cached.
      for (let run = 0; run < WARM_UP; run += 1) await app.inject({ method: 'GET', url, headers });
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        times.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        body = res.body;
      }
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 50), p95: percentile(times, 95), body };
    };
    const report = (name: string, result: Timing, extra = '') =>
      console.log(
        `  ${name.padEnd(44)} p50 ${ms(result.p50).padStart(10)}  p95 ${ms(result.p95).padStart(10)}${extra}`,
      );

    const from = new Date(now.getTime() - DAYS * 86_400_000);
    let started = performance.now();
    await createAgencies(store.db, {
      count: AGENCIES,
      demoCompanyId: companyId,
      operatorId: operators[0]!.id,
      from,
    });
    console.log(`  ${AGENCIES} agencies with ${AGENCIES * 10} staff in ${seconds(started)}`);

    const phase = async (phaseFirst: number, phaseCount: number) => {
      const made: Record<string, number> = {};
      for (let first = phaseFirst; first < phaseFirst + phaseCount; first += BATCH) {
        const batchStarted = performance.now();
        const rows = await loadBatch(store.db, {
          phaseFirst,
          phaseCount,
          first,
          count: Math.min(BATCH, phaseFirst + phaseCount - first),
          from,
          days: DAYS,
          agencies: AGENCIES,
          searchesPerBooking: SEARCHES_PER_BOOKING,
        });
        for (const [table, n] of Object.entries(rows)) made[table] = (made[table] ?? 0) + n;
        if (phaseCount > BATCH) {
          console.log(
            `    bookings ${count(first + 1)}–${count(first + (rows.bookings ?? 0))} in ${seconds(batchStarted)}`,
          );
        }
      }
      const recountStarted = performance.now();
      await sql`select analytics_recount()`.execute(store.db);
      const recount = seconds(recountStarted);
      return { made, recount };
    };

    // Baselines, same run: bare health, and every call while the store holds 1,000 bookings.
    const health = await time('/api/health', owner);
    report('GET /api/health (baseline)', health);
    started = performance.now();
    await phase(0, BASELINE_BOOKINGS);
    console.log(`  ${count(BASELINE_BOOKINGS)} bookings made and counted in ${seconds(started)}`);
    const baselines = new Map<string, Timing>();
    for (const call of calls) {
      const result = await time(call.url, call.as);
      baselines.set(call.name, result);
      report(`${call.name}, ${count(BASELINE_BOOKINGS)} bookings (baseline)`, result);
    }

    started = performance.now();
    const big = await phase(BASELINE_BOOKINGS, BOOKINGS - BASELINE_BOOKINGS);
    await addPendingDeposits(store.db, now);
    console.log(
      `  ${count(BOOKINGS - BASELINE_BOOKINGS)} more bookings made in ${seconds(started)} (rollups recounted in ${big.recount}): ${Object.entries(
        big.made,
      )
        .map(([table, n]) => `${table} ${count(n)}`)
        .join(', ')}`,
    );
    const volume = await sql<{ table: string; rows: string }>`
      select 'bookings' as table, count(*)::text as rows from bookings
      union all select 'company_daily_stats', count(*)::text from company_daily_stats
      union all select 'company_daily_breakdown', count(*)::text from company_daily_breakdown
      union all select 'company_daily_searches', count(*)::text from company_daily_searches
      union all select 'demo agency bookings', count(*)::text from bookings where company_id = ${companyId}
    `.execute(store.db);
    console.log(
      `  ${[...volume.rows]
        .sort((a, b) => a.table.localeCompare(b.table))
        .map((row) => `${row.table} ${count(Number(row.rows))}`)
        .join(', ')}`,
    );

    for (const call of calls) {
      const result = await time(call.url, call.as);
      const baseline = baselines.get(call.name)!;
      const kpis = JSON.parse(result.body).data;
      const bookings = Array.isArray(kpis)
        ? kpis.find((kpi: { key: string }) => kpi.key === 'bookings')?.value
        : kpis.kpis.find((kpi: { key: string }) => kpi.key === 'bookings')?.value;
      report(
        `${call.name} (${count(bookings)} bookings in it)`,
        result,
        `  ×${(result.p95 / baseline.p95).toFixed(2)} the ${count(BASELINE_BOOKINGS)}-booking call, ×${(result.p95 / health.p95).toFixed(1)} health  target p95 ≤ ${call.target} ms ${result.p95 <= call.target ? '✓' : '✗'}`,
      );
    }
  } finally {
    await app.close();
  }
}

async function main() {
  console.log(
    `KPIs of ${AGENCIES} agencies with ${count(BOOKINGS)} bookings over two years (${RUNS} calls per figure)`,
  );
  if (STORES.includes('pglite')) {
    // On disk, as `npm start` keeps its embedded store.
    const dataDir = mkdtempSync(join(tmpdir(), 'skydesk-bench-kpi-'));
    const pglite = await openStore({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      await bench('PGlite (embedded, on disk)', pglite, dataDir);
    } finally {
      await pglite.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!STORES.includes('postgres')) return;
  if (!serverUrl) {
    console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to run it too)');
    return;
  }
  // A database of its own, dropped at the end.
  const database = `skydesk_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const postgres = await openStore({ kind: 'postgres', url: url.toString() });
  const dataDir = mkdtempSync(join(tmpdir(), 'skydesk-bench-kpi-'));
  try {
    await bench('PostgreSQL', postgres, dataDir);
  } finally {
    await postgres.close();
    await admin(`drop database if exists ${database} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
