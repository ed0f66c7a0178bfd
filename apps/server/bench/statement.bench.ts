/**
 * Statement benchmark (docs/benchmarks.md, issue 12): an agency with 1,000,000 ledger lines, the
 * first page of its statement timed through the whole stack (`app.inject`: session check,
 * validation, queries, JSON) against the same page when its ledger had 1,000 lines and against
 * bare `GET /api/health`, all in the same run; then its CSV export streamed over loopback HTTP
 * with the process's peak RSS sampled while it streams. On PGlite always, and on PostgreSQL too
 * when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server it may create a database on.
 *
 *   npm run bench:statement -w @skydesk/server
 *
 * BENCH_STATEMENT_LINES changes the ledger's length (default 1,000,000). Bounded: the lines are
 * made by one INSERT … SELECT generate_series (about 1–2 minutes on PGlite), the timings are a
 * fixed number of calls, the export one pass; it stops by itself.
 */

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STATEMENT_PDF_MAX_LINES } from '@skydesk/contract';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { seedDemoData } from '../src/db/seed-demo.js';
import { migrate } from '../src/platform/db/migrate.js';
import { openStore, type Store } from '../src/platform/db/store.js';
import { createSecretBox } from '../src/platform/security/encryption.js';
import { createPasswordHasher } from '../src/platform/security/password.js';
import { signInDemoOwner } from './demo-session.js';
import { appendSyntheticLedger } from './ledger-lines.js';

const LINES = Number(process.env.BENCH_STATEMENT_LINES ?? 1_000_000);
const BASELINE_LINES = 1_000;
const RUNS = 200;
const WARM_UP = 10;
const TARGET_P95_MS = 50;
/** The lines are stamped a minute apart from here: 1,000,000 lines cover about 694 days. */
const FIRST_DAY = new Date('2024-01-01T00:00:00Z');
const STEP_SECONDS = 60;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const verdict = (p95: number) => `target p95 ≤ ${TARGET_P95_MS} ms ${p95 <= TARGET_P95_MS ? '✓' : '✗'}`;

async function bench(label: string, store: Store) {
  console.log(`\n── ${label} ──`);
  await migrate(store.db);
  const secrets = { jwtSecret: randomBytes(48).toString('base64url'), dataEncryptionKey: randomBytes(32) };
  await seedDemoData(store.db, {
    hasher: createPasswordHasher(10),
    secretBox: createSecretBox(secrets.dataEncryptionKey),
    currency: 'USD',
    now: new Date(),
    // The bare demo: its ledger is the one line of its credits, then the bench's lines.
    history: false,
  });
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'skydesk-bench-')),
    LOG_LEVEL: 'silent',
    SEARCH_WORKERS: '0',
  });
  const app = await buildApp({ config, store, secrets, logger: false, webDistDir: null });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const { authorization, companyId } = await signInDemoOwner(app);

    const time = async (url: string, runs = RUNS) => {
      const times: number[] = [];
      let body = '';
      // A few calls first, untimed: the statements get prepared, the pages they read cached.
      for (let run = 0; run < WARM_UP; run += 1)
        await app.inject({ method: 'GET', url, headers: { authorization } });
      for (let run = 0; run < runs; run += 1) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization } });
        times.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        body = res.body;
      }
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 50), p95: percentile(times, 95), body };
    };
    const report = (name: string, result: { p50: number; p95: number }, extra = '') =>
      console.log(`  ${name.padEnd(58)} p50 ${ms(result.p50)}  p95 ${ms(result.p95)}${extra}`);

    // Baselines, same run: bare health, and the first page while the ledger is short.
    const health = await time('/api/health');
    report('GET /api/health (baseline)', health);
    await appendSyntheticLedger(store.db, companyId, {
      lines: BASELINE_LINES - 1,
      from: FIRST_DAY,
      stepSeconds: STEP_SECONDS,
    });
    const short = await time('/api/company/statement');
    report(`first page, ${BASELINE_LINES.toLocaleString('en-US')} lines (baseline)`, short);

    const started = performance.now();
    await appendSyntheticLedger(store.db, companyId, {
      lines: LINES - BASELINE_LINES,
      from: new Date(FIRST_DAY.getTime() + BASELINE_LINES * STEP_SECONDS * 1000),
      stepSeconds: STEP_SECONDS,
    });
    console.log(
      `  ${(LINES - BASELINE_LINES).toLocaleString('en-US')} more lines by one INSERT … SELECT generate_series in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const first = await time('/api/company/statement');
    const total = JSON.parse(first.body).data.total as number;
    report(
      `first page, ${total.toLocaleString('en-US')} lines`,
      first,
      `  ×${(first.p95 / short.p95).toFixed(2)} the ${BASELINE_LINES.toLocaleString('en-US')}-line page, ×${(first.p95 / health.p95).toFixed(1)} health  ${verdict(first.p95)}`,
    );
    const lastPage = Math.ceil(total / 50) - 1;
    report(`last page (page=${lastPage})`, await time(`/api/company/statement?page=${lastPage}`));
    const midDay = new Date(FIRST_DAY.getTime() + (LINES / 2) * STEP_SECONDS * 1000)
      .toISOString()
      .slice(0, 10);
    const day = await time(`/api/company/statement?fromDate=${midDay}&toDate=${midDay}&limit=500`);
    report(`one day in the middle (${JSON.parse(day.body).data.total} lines), limit=500`, day);

    // CSV over loopback, read by a child process as it comes and dropped, while this process (the
    // server alone) samples its RSS: first a tenth of the ledger, then all of it. Flat memory is
    // the same peak for both, whatever the length.
    const tenthDay = new Date(FIRST_DAY.getTime() + (LINES / 10) * STEP_SECONDS * 1000)
      .toISOString()
      .slice(0, 10);
    for (const [name, query] of [
      ['a tenth', `toDate=${tenthDay}`],
      ['all', ''],
    ] as const) {
      globalThis.gc?.();
      const { rss: before, heapUsed: heapBefore } = process.memoryUsage();
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      const result = await download(`${address}/api/company/statement?format=csv&${query}`, authorization);
      clearInterval(sampler);
      // What the export left behind: the heap after a collection, against before it.
      globalThis.gc?.();
      const heapAfter = process.memoryUsage().heapUsed;
      const lines = result.rows - 3;
      console.log(
        `  CSV export, ${name}: ${lines.toLocaleString('en-US')} lines (${mb(result.bytes)}) streamed in ${result.seconds.toFixed(1)} s (${Math.round(lines / result.seconds).toLocaleString('en-US')} lines/s); server RSS ${mb(before)} before, peak ${mb(peak)} (+${mb(peak - before)}); JS heap after GC ${mb(heapBefore)} before, ${mb(heapAfter)} after`,
      );
    }

    // For information: the longest PDF a statement prints.
    const lastDay = new Date(
      FIRST_DAY.getTime() + STATEMENT_PDF_MAX_LINES * STEP_SECONDS * 1000 - 86_400_000,
    );
    const pdfStarted = performance.now();
    const pdf = await fetch(
      `${address}/api/company/statement?format=pdf&toDate=${lastDay.toISOString().slice(0, 10)}`,
      { headers: { authorization } },
    );
    const pdfBytes = (await pdf.arrayBuffer()).byteLength;
    console.log(
      `  PDF export up to ${lastDay.toISOString().slice(0, 10)}: ${pdf.status}, ${mb(pdfBytes)} in ${((performance.now() - pdfStarted) / 1000).toFixed(1)} s`,
    );
  } finally {
    await app.close();
  }
}

/** A download by a child process (so its buffers are not this process's): bytes, rows, time. */
function download(
  url: string,
  authorization: string,
): Promise<{ bytes: number; rows: number; seconds: number }> {
  const client = `
    const started = performance.now();
    const res = await fetch(process.argv[1], { headers: { authorization: process.argv[2], 'accept-encoding': 'identity' } });
    if (res.status !== 200) throw new Error('CSV export: ' + res.status);
    let bytes = 0, rows = 0;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows += 1;
    }
    console.log(JSON.stringify({ bytes, rows, seconds: (performance.now() - started) / 1000 }));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', client, url, authorization]);
    let out = '';
    child.stdout.on('data', (data) => {
      out += data;
    });
    child.stderr.pipe(process.stderr);
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`client exited with ${code}`)),
    );
  });
}

async function main() {
  console.log(
    `Statement of an agency with ${LINES.toLocaleString('en-US')} ledger lines (${RUNS} calls per figure)`,
  );
  const pglite = await openStore({ kind: 'pglite' });
  try {
    await bench('PGlite (embedded)', pglite);
  } finally {
    await pglite.close();
  }

  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
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
  try {
    await bench('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    await admin(`drop database if exists ${database} with (force)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
