/**
 * Memory benchmark (issue 17, docs/benchmarks.md "Memory"): the server as `npm start` runs it —
 * the built dist/main.js in a process of its own, on the embedded store with the demo data and its
 * history, its default search workers — and its resident size (VmRSS: every thread, the PGlite
 * WebAssembly memory included):
 *
 * 1. idle after its first start (the demo and its history seeded), and after a restart on the
 *    same data (the usual start);
 * 2. under the search bench's load: 10 connections of fresh one-way searches on 127.0.0.1 for
 *    BENCH_LOAD_SECONDS (default 15), peak and end;
 * 3. after a warm-up of the same traffic (a tenth of the soak, at most a minute), a soak of mixed
 *    traffic for BENCH_SOAK_SECONDS (default 20; 600 for the 10-minute
 *    figure): four agents searching, holding and cancelling, reading credits, bookings,
 *    notifications and the statement — resident size at its start and end, and its peak; at each
 *    tenth, also the server's JS heap in use and its external memory (PGlite's), from its metrics.
 *
 *   npm run bench:memory -w @skydesk/server
 *   BENCH_SOAK_SECONDS=600 npm run bench:memory -w @skydesk/server
 *
 * Targets: ≤ 250 MB idle, ≤ 350 MB under the search load. Loopback only; it stops by itself.
 */
import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import { DEMO } from '../src/db/seed-demo.js';
import type { LoadJob, LoadResult } from './load-client.js';
import { START_FLAGS } from './start-flags.js';

const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 15);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 20);
/**
 * Node flags for the server: `npm start`'s own (package.json) unless BENCH_SERVER_FLAGS compares
 * another setting (BENCH_SERVER_FLAGS="" for Node's defaults).
 */
const SERVER_FLAGS =
  process.env.BENCH_SERVER_FLAGS === undefined
    ? START_FLAGS
    : process.env.BENCH_SERVER_FLAGS.split(' ').filter(Boolean);
/**
 * A server left alone shrinks for a while: V8's memory reducer collects and hands pages back some
 * 30–40 s after the last work. Its idle size is read IDLE_AFTER_MS after it started.
 */
const IDLE_AFTER_MS = 45_000;
const TARGET_IDLE_MB = 250;
const TARGET_LOAD_MB = 350;

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER = fileURLToPath(new URL('../dist/main.js', import.meta.url));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb: number) => Math.round(kb / 1024);

/** Resident size of a process in kB (Linux /proc; ps elsewhere). */
function rssKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  } catch {
    const ps = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
    return Number(ps.stdout.trim());
  }
}

/** Samples a process' resident size every 250 ms until stopped: the peak and the last. */
function sampler(pid: number) {
  let peak = 0;
  let last = 0;
  const timer = setInterval(() => {
    last = rssKb(pid);
    peak = Math.max(peak, last);
  }, 250);
  return {
    stop: () => {
      clearInterval(timer);
      last = rssKb(pid);
      return { peakMb: mb(Math.max(peak, last)), lastMb: mb(last) };
    },
  };
}

type Server = { child: ChildProcess; url: string; startedInMs: number };

/** A port free on loopback now (the server's metrics listen there, apart from the API). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The server's own split of its memory, from its metrics: the event loop's JS heap in use (live
 * objects and garbage not yet collected) and its external memory (PGlite's WebAssembly memory,
 * buffers), in MB. A leak of JS objects grows the first; the store's data, the second.
 */
async function heapSplit(metricsUrl: string): Promise<{ heapMb: number; externalMb: number }> {
  const text = await (await fetch(metricsUrl)).text();
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    heapMb: Math.round(read('nodejs_heap_size_used_bytes') / 1_048_576),
    externalMb: Math.round(read('nodejs_external_memory_bytes') / 1_048_576),
  };
}

async function startServer(dataDir: string, metricsPort: number): Promise<Server> {
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_FLAGS, SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      METRICS_PORT: String(metricsPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /running at (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  return { child, url, startedInMs: performance.now() - started };
}

async function stopServer(server: Server) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

async function json<T>(url: string, init: RequestInit & { token?: string; body?: string } = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  const envelope = (await response.json()) as { message: string; data: T };
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

async function signIn(base: string): Promise<string> {
  const step = await json<{ challenge_token: string }>(`${base}/api/login`, {
    method: 'POST',
    body: JSON.stringify({ email: DEMO.ownerEmail, password: DEMO.password }),
  });
  const code = new TOTP({ secret: Secret.fromBase32(DEMO.totpSecret) }).generate();
  const session = await json<{ token: string }>(`${base}/api/user/verify-google-authenticator`, {
    method: 'POST',
    token: step.challenge_token,
    body: JSON.stringify({ code }),
  });
  return session.token;
}

const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const PAIRS = [
  ['LHR', 'JFK'],
  ['SFO', 'JFK'],
  ['DXB', 'LHR'],
  ['CDG', 'SIN'],
  ['FRA', 'LAX'],
  ['SYD', 'NRT'],
  ['AMS', 'ORD'],
  ['MAD', 'MIA'],
] as const;
/** One-way searches over many pairs and days: most are fresh, as the search bench's are. */
const searchBody = (i: number) => {
  const [origin, destination] = PAIRS[i % PAIRS.length]!;
  return {
    trip_type: 'OneWay',
    origin_destinations: [
      {
        departure_date_time: dateIn(7 + (Math.floor(i / PAIRS.length) % 60)),
        origin_location_code: origin,
        destination_location_code: destination,
      },
    ],
    adult_quantity: 1,
    max_stops: 1,
  };
};

function load(job: LoadJob): Promise<LoadResult> {
  const child = fork(fileURLToPath(new URL('./load-client.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (result) => resolve(result as LoadResult));
    child.once('exit', (code) =>
      code === 0 ? undefined : reject(new Error(`load client exited with ${code}`)),
    );
    child.send(job);
  });
}

type Offer = { offer_id: string };

/** One agent of the soak: a round of what an agent does, again and again until `until`. */
async function agent(base: string, token: string, index: number, until: number) {
  const call = <T>(path: string, method = 'GET', body?: unknown) =>
    json<T>(`${base}${path}`, {
      method,
      token,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  let round = 0;
  let errors = 0;
  while (Date.now() < until) {
    round++;
    try {
      const answer = await call<{ PricedItineraries: { PricedItinerary: Offer[] } }>(
        '/api/search',
        'POST',
        searchBody(index * 1000 + round),
      );
      await call('/api/booking-credits');
      await call('/api/orders/company');
      await call('/api/notification');
      const offer = answer.PricedItineraries.PricedItinerary[0];
      if (offer && round % 3 === 0) {
        const held = await call<{ id: string }>('/api/booking', 'POST', {
          offer_id: offer.offer_id,
          passengers: [
            {
              passenger_type: 'adult',
              title: 'MR',
              first_name: 'SOAK',
              last_name: `AGENT${String.fromCharCode(65 + index)}`,
              gender: 'M',
              date_of_birth: '1985-04-12',
              nationality: 'GB',
              passport_number: `P${index}${String(round).padStart(7, '0')}`,
              passport_expiry: '2032-01-01',
            },
          ],
          contact: { email: 'soak@agency.test', phone: '+44 20 7946 0000' },
          save_travellers: false,
        });
        await call('/api/request-cancel-booking', 'POST', { booking_id: held.id, reason: 'Memory soak' });
      }
      if (round % 10 === 0) await call('/api/company/statement');
    } catch (error) {
      errors++;
      if (errors <= 3) console.error(`  soak agent ${index}: ${(error as Error).message}`);
    }
  }
  return { rounds: round, errors };
}

async function main() {
  console.log(
    `Memory (issue 17): the built server (node ${[...SERVER_FLAGS, 'dist/main.js'].join(' ')}) on the embedded store with the demo and its history`,
  );
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-if-changed.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);

  const dataDir = mkdtempSync(join(tmpdir(), 'skydesk-memory-bench-'));
  const rows: [string, string][] = [];
  try {
    const metricsPort = await freePort();
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    const first = await startServer(dataDir, metricsPort);
    await pause(IDLE_AFTER_MS);
    const firstIdle = mb(rssKb(first.child.pid!));
    rows.push([
      'idle after the first start (demo + history seeded)',
      `${firstIdle} MB (started in ${(first.startedInMs / 1000).toFixed(0)} s)`,
    ]);
    await stopServer(first);

    const server = await startServer(dataDir, metricsPort);
    const pid = server.child.pid!;
    await pause(IDLE_AFTER_MS);
    const idle = mb(rssKb(pid));
    rows.push([
      'idle after a restart on the same data',
      `${idle} MB (started in ${(server.startedInMs / 1000).toFixed(0)} s)`,
    ]);

    const token = await signIn(server.url);
    const underLoad = sampler(pid);
    const result = await load({
      url: `${server.url}/api/search`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      bodies: Array.from({ length: 2_000 }, (_, i) => JSON.stringify(searchBody(i))),
      connections: 10,
      seconds: LOAD_SECONDS,
    });
    const loaded = underLoad.stop();
    rows.push([
      `search load, 10 connections, ${LOAD_SECONDS} s (${result.rps.toFixed(0)} req/s, p95 ${result.p95.toFixed(0)} ms, ${result.errors} errors)`,
      `peak ${loaded.peakMb} MB, end ${loaded.lastMb} MB`,
    ]);
    await pause(5_000);
    rows.push(['5 s after the load', `${mb(rssKb(pid))} MB`]);

    // The soak's own paths (holds, cancellations, statements) first run in it, not in the search
    // load: a warm-up of the same traffic (a tenth of the soak, at most a minute) comes first, so
    // its start → end measures growth, not code and tables used the first time.
    const warmUpSeconds = Math.min(60, SOAK_SECONDS / 10);
    const warmUntil = Date.now() + warmUpSeconds * 1000;
    await Promise.all([4, 5, 6, 7].map((i) => agent(server.url, token, i, warmUntil)));
    rows.push([`warm-up: the soak's traffic for ${warmUpSeconds} s`, `${mb(rssKb(pid))} MB`]);

    const soakStart = mb(rssKb(pid));
    const soakStartSplit = await heapSplit(metricsUrl);
    const soak = sampler(pid);
    const until = Date.now() + SOAK_SECONDS * 1000;
    // Each tenth's reading, in order, awaited once the soak is over (none lost to a slow scrape).
    const readings: Promise<string>[] = [];
    const marks = setInterval(
      () => {
        const rss = mb(rssKb(pid));
        readings.push(
          heapSplit(metricsUrl).then(({ heapMb, externalMb }) => `${rss} (${heapMb} + ${externalMb})`),
        );
      },
      Math.max(5_000, (SOAK_SECONDS * 1000) / 10),
    );
    const agents = await Promise.all([0, 1, 2, 3].map((i) => agent(server.url, token, i, until)));
    clearInterval(marks);
    const soaked = soak.stop();
    await pause(5_000);
    const soakEnd = mb(rssKb(pid));
    const rounds = agents.reduce((sum, a) => sum + a.rounds, 0);
    const errors = agents.reduce((sum, a) => sum + a.errors, 0);
    rows.push([
      `soak of mixed traffic, ${SOAK_SECONDS} s (4 agents, ${rounds} rounds, ${errors} errors)`,
      `start ${soakStart} MB, end ${soakEnd} MB (5 s after), peak ${soaked.peakMb} MB`,
    ]);
    const soakEndSplit = await heapSplit(metricsUrl);
    rows.push([
      '  JS heap used + external (the store) at the start → end',
      `${soakStartSplit.heapMb} + ${soakStartSplit.externalMb} → ${soakEndSplit.heapMb} + ${soakEndSplit.externalMb} MB`,
    ]);
    rows.push([
      '  during the soak, every tenth of it: resident (heap used + external)',
      `${(await Promise.all(readings)).join(' → ')} MB`,
    ]);
    await stopServer(server);

    const width = Math.max(...rows.map(([label]) => label.length));
    for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
    console.log(
      `  targets: idle ≤ ${TARGET_IDLE_MB} MB (${idle <= TARGET_IDLE_MB ? 'met' : 'not met'}), ` +
        `under the search load ≤ ${TARGET_LOAD_MB} MB (${loaded.peakMb <= TARGET_LOAD_MB ? 'met' : 'not met'}); ` +
        `the soak's growth, start → end: ${soakEnd - soakStart >= 0 ? '+' : ''}${soakEnd - soakStart} MB`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
