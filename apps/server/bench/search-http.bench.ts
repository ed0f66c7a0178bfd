/**
 * Search latency benchmark (docs/benchmarks.md): the real app on an embedded store with the demo
 * agency, signed in through the real login and TOTP steps, timed for four kinds of search —
 * (a) a direct-heavy pair, (b) a pair that needs one connection, (c) one that needs two,
 * (d) a return trip in the flat answer and (g) the same return trip in the grouped answer (issue 16:
 * `view: 'itineraries'`, with its answer's size beside the flat one's) — first in-process (`inject`, no sockets), then over HTTP on 127.0.0.1 with
 * autocannon at 10 connections (in a child process, so the client does not share the server's
 * event loop), beside bare `GET /api/health` in the same run. It runs the server with `npm start`'s
 * Node flags (start-flags.ts).
 *
 *   npm run bench:http -w @skydesk/server
 *
 * Loopback only, bounded counts and durations: it stops by itself in about two minutes.
 */

import '../src/platform/memory-flags.js';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { seedDemoData } from '../src/db/seed-demo.js';
import { migrate } from '../src/platform/db/migrate.js';
import { openStore } from '../src/platform/db/store.js';
import { createSecretBox } from '../src/platform/security/encryption.js';
import { createPasswordHasher } from '../src/platform/security/password.js';
import { signInDemoOwner } from './demo-session.js';
import type { LoadJob, LoadResult } from './load-client.js';
import { rerunWithStartFlags, START_FLAGS } from './start-flags.js';

const CONNECTIONS = 10;
const HTTP_SECONDS = 6;
const IN_PROCESS_RUNS = 60;
/** Fresh searches of each kind over HTTP before its cold figures are measured. */
const WARM_UP = 300;
/** (d) and (g) are the same return searches, flat and grouped; the issue's target is the grouped one's. */
const TARGET_P95_MS = { a: 30, b: 30, c: 30, d: 60, g: 60 } as const;
/** Issue 16: the grouped London ⇄ New York answer, before compression. */
const TARGET_GROUPED_KB = 150;

type Kind = keyof typeof TARGET_P95_MS;

const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const leg = (origin: string, destination: string, date: string) => ({
  departure_date_time: date,
  origin_location_code: origin,
  destination_location_code: destination,
});
const oneWay = (origin: string, destination: string, maxStops = 2, daysAhead = 10) => ({
  trip_type: 'OneWay',
  origin_destinations: [leg(origin, destination, dateIn(daysAhead))],
  adult_quantity: 1,
  max_stops: maxStops,
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function main() {
  rerunWithStartFlags();
  const dataDir = mkdtempSync(join(tmpdir(), 'skydesk-bench-'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(process.env.SEARCH_WORKERS ? { SEARCH_WORKERS: process.env.SEARCH_WORKERS } : {}),
    }),
  };
  const secrets = { jwtSecret: randomBytes(48).toString('base64url'), dataEncryptionKey: randomBytes(32) };
  const store = await openStore({ kind: 'pglite' });
  await migrate(store.db);
  await seedDemoData(store.db, {
    hasher: createPasswordHasher(10),
    secretBox: createSecretBox(secrets.dataEncryptionKey),
    currency: 'USD',
    now: new Date(),
  });
  const app = await buildApp({ config, store, secrets, logger: false, webDistDir: null });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });

  const { authorization } = await signInDemoOwner(app);
  const search = (body: unknown) =>
    app.inject({ method: 'POST', url: '/api/search', headers: { authorization }, payload: body as object });

  // Pairs that need exactly one and exactly two connections, found in the network itself.
  const routes = (
    await app.inject({ method: 'POST', url: '/api/booking-all-active-routes', headers: { authorization } })
  ).json().data as { Routes: { origin_location_code: string; destination_location_codes: string[] }[] };
  const hubs = routes.Routes.filter((r) => r.destination_location_codes.length >= 60).map(
    (r) => r.origin_location_code,
  );
  const regionals = routes.Routes.filter((r) => r.destination_location_codes.length <= 3).map(
    (r) => r.origin_location_code,
  );
  async function findPair(origins: string[], destinations: string[], connections: 1 | 2) {
    for (let i = 0; i < 400; i += 1) {
      const origin = origins[(i * 7) % origins.length]!;
      const destination = destinations[(i * 13 + 5) % destinations.length]!;
      if (origin === destination) continue;
      const fewer = await search(oneWay(origin, destination, connections - 1));
      if (fewer.statusCode !== 404) continue;
      const enough = await search(oneWay(origin, destination, connections));
      if (enough.statusCode === 200) return [origin, destination] as const;
    }
    throw new Error(`no pair with exactly ${connections} connection(s) found`);
  }
  const [b1, b2] = await findPair(hubs, regionals, 1);
  const [c1, c2] = await findPair(regionals, regionals, 2);
  /**
   * Variant 0 is the search itself; every other variant is the same search on another date or
   * for another party size: a search nobody has made yet, so the shopping cache cannot answer it.
   */
  const COLD_VARIANTS = 720;
  const bodyOf = (kind: Kind, variant: number): unknown => {
    const shift = variant % 240;
    const adults = 1 + Math.floor(variant / 240);
    if (kind === 'd' || kind === 'g') {
      return {
        trip_type: 'Return',
        origin_destinations: [leg('LHR', 'JFK', dateIn(10 + shift)), leg('JFK', 'LHR', dateIn(17 + shift))],
        adult_quantity: 2 + adults - 1,
        child_quantity: 1,
        infant_quantity: 1,
        ...(kind === 'g' ? { view: 'itineraries' } : {}),
      };
    }
    const [origin, destination] = kind === 'a' ? ['LHR', 'JFK'] : kind === 'b' ? [b1, b2] : [c1, c2];
    return { ...oneWay(origin, destination, 2, 10 + shift), adult_quantity: adults };
  };
  const labels: Record<Kind, string> = {
    a: 'a direct-heavy pair, LHR → JFK',
    b: `b one connection, ${b1} → ${b2}`,
    c: `c two connections, ${c1} → ${c2}`,
    d: 'd return LHR ⇄ JFK, 2 ADT + 1 CNN + 1 INF',
    g: 'g the same return, grouped (view: itineraries)',
  };
  /** What an answer holds: the flat one's itineraries, or the grouped one's options per leg. */
  const resultsOf = (data: {
    PricedItineraries?: { PricedItinerary: unknown[] };
    legs?: { options: unknown[] }[];
  }) =>
    data.PricedItineraries
      ? `${data.PricedItineraries.PricedItinerary.length} itineraries`
      : `${data.legs!.map((leg) => leg.options.length).join(' + ')} options`;
  const kinds = Object.keys(TARGET_P95_MS) as Kind[];
  const verdict = (kind: Kind, p95: number) =>
    `target p95 ≤ ${TARGET_P95_MS[kind]} ms ${p95 <= TARGET_P95_MS[kind] ? '✓' : '✗'}`;

  // Cold: each run a search not made before (variants 1…). Warm: variant 0 again and again, as
  // agents repeat the popular searches — answered from the shopping cache, seats re-checked.
  const inProcessVariants = { cold: (run: number) => 1 + run, warm: () => 0 };
  for (const [temperature, variantOf] of Object.entries(inProcessVariants)) {
    console.log(
      `\nSearch latency, in-process, ${temperature} (app.inject through the whole stack, ${IN_PROCESS_RUNS} runs each)`,
    );
    for (const kind of kinds) {
      const times: number[] = [];
      let results = '';
      for (let run = 0; run < IN_PROCESS_RUNS; run += 1) {
        const started = performance.now();
        const res = await search(bodyOf(kind, variantOf(run)));
        times.push(performance.now() - started);
        results = resultsOf(res.json().data);
      }
      times.sort((x, y) => x - y);
      const p95 = percentile(times, 95);
      console.log(
        `  ${labels[kind].padEnd(46)} p50 ${fmt(percentile(times, 50))}  p95 ${fmt(p95)}  (${results})  ${verdict(kind, p95)}`,
      );
    }
  }

  // The return answer's size, flat and grouped: JSON as sent without compression, and gzipped.
  console.log('\nAnswer size of the return search (d flat, g grouped), before and after gzip');
  for (const kind of ['d', 'g'] as const) {
    const body = bodyOf(kind, 0);
    const plain = await search(body);
    const gzip = await app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { authorization, 'accept-encoding': 'gzip' },
      payload: body as object,
    });
    const kb = plain.rawPayload.length / 1024;
    const target =
      kind === 'g' ? `  target ≤ ${TARGET_GROUPED_KB} KB ${kb <= TARGET_GROUPED_KB ? '✓' : '✗'}` : '';
    console.log(
      `  ${labels[kind].padEnd(46)} ${kb.toFixed(1)} KB JSON, ${(gzip.rawPayload.length / 1024).toFixed(1)} KB gzip (${resultsOf(plain.json().data)})${target}`,
    );
  }

  console.log(
    `\nOver HTTP on loopback: autocannon, ${CONNECTIONS} connections; searches on ${config.searchWorkers} worker thread(s) (SEARCH_WORKERS); node ${START_FLAGS.join(' ')}`,
  );
  const health = await load({ url: `${address}/api/health`, method: 'GET', seconds: HTTP_SECONDS });
  console.log(
    `  GET /api/health (${HTTP_SECONDS} s)                           ${health.rps.toFixed(0)} req/s  p50 ${fmt(health.p50)}  p95 ${fmt(health.p95)}`,
  );
  const headers = { authorization, 'content-type': 'application/json', 'accept-encoding': 'gzip' };
  const report = (label: string, result: LoadResult & { serverCpuMs: number }, kind: Kind) =>
    console.log(
      `  ${label.padEnd(52)} ${result.rps.toFixed(0).padStart(5)} req/s  p50 ${fmt(result.p50)}  p95 ${fmt(result.p95)}  throughput / health ${(result.rps / health.rps).toFixed(3)}  ${verdict(kind, result.p95)}${result.errors ? `  (${result.errors} errors)` : ''}\n` +
        `  ${''.padEnd(52)} CPU per request: server ${(result.serverCpuMs / result.requests).toFixed(2)} ms, load generator ${(result.clientCpuMs / result.requests).toFixed(2)} ms`,
    );
  // Cold over HTTP: a bounded number of requests, each a search not made before (variants from
  // the far end, unused in-process), so no answer comes from the cache. Each kind first runs
  // WARM_UP fresh searches unmeasured (larger parties: variants from COLD_VARIANTS on): V8 keeps
  // optimizing and re-optimizing the search code for the first few hundred searches of a kind,
  // which a server that has run for a while has long finished (docs/benchmarks.md, issue 16).
  for (const kind of kinds) {
    const fresh = (count: number, variantOf: (i: number) => number) =>
      Array.from({ length: count }, (_, i) => JSON.stringify(bodyOf(kind, variantOf(i))));
    await load({
      url: `${address}/api/search`,
      method: 'POST',
      headers,
      amount: WARM_UP,
      bodies: fresh(WARM_UP, (i) => COLD_VARIANTS + i),
    });
    const amount = kind === 'd' || kind === 'g' ? 300 : 600;
    const bodies = fresh(amount, (i) => COLD_VARIANTS - 1 - i);
    const result = await load({ url: `${address}/api/search`, method: 'POST', headers, amount, bodies });
    report(`${labels[kind]}, cold`, result, kind);
  }
  for (const kind of kinds) {
    const result = await load({
      url: `${address}/api/search`,
      method: 'POST',
      headers,
      seconds: HTTP_SECONDS,
      bodies: [JSON.stringify(bodyOf(kind, 0))],
    });
    report(`${labels[kind]}, warm (${HTTP_SECONDS} s)`, result, kind);
  }

  await app.close();
  await store.close();
}

/** One load run in a child process (bench/load-client.ts), on loopback, bounded in time or count. */
function load(job: Omit<LoadJob, 'connections'>): Promise<LoadResult & { serverCpuMs: number }> {
  const child = fork(fileURLToPath(new URL('./load-client.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
  });
  // The server's CPU time over the run, every thread of it (event loop and search workers).
  const before = process.cpuUsage();
  return new Promise((resolve, reject) => {
    child.once('message', (result) => {
      const used = process.cpuUsage(before);
      resolve({ ...(result as LoadResult), serverCpuMs: (used.user + used.system) / 1000 });
    });
    child.once('exit', (code) =>
      code === 0 ? undefined : reject(new Error(`load client exited with ${code}`)),
    );
    child.send({ ...job, connections: CONNECTIONS });
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
