/**
 * Seat map benchmark (issue 31, docs/benchmarks.md): the real app on an embedded store with the demo
 * agency, signed in through the real login and TOTP steps. It finds a direct flight flown by a Boeing
 * 777-300ER (338 seats in four cabins, the sandbox's twin-aisle nearest 350) and times
 * `GET /api/seat-maps?offer_id=` over HTTP on 127.0.0.1, one request at a time, beside bare
 * `GET /api/health` in the same run (the baseline: what any answer costs on this machine now); and
 * it measures the answer's JSON per flight before compression.
 *
 *   npm run bench:seat-maps -w @skydesk/server
 *
 * Loopback only, bounded counts: it stops by itself in well under a minute.
 */

import '../src/platform/memory-flags.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PricedItinerary, SeatMap } from '@skydesk/contract';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { seedDemoData } from '../src/db/seed-demo.js';
import { migrate } from '../src/platform/db/migrate.js';
import { openStore } from '../src/platform/db/store.js';
import { createSecretBox } from '../src/platform/security/encryption.js';
import { createPasswordHasher } from '../src/platform/security/password.js';
import { signInDemoOwner } from './demo-session.js';
import { rerunWithStartFlags } from './start-flags.js';

const TARGET_P95_MS = 20;
const TARGET_KB_PER_FLIGHT = 40;
const WARM_UP = 100;
const RUNS = 400;
const TYPE = '77W';
/** Long-haul pairs a 777-300ER flies in the sandbox network; the first with a direct one is used. */
const PAIRS = [
  ['LHR', 'JFK'],
  ['DXB', 'LHR'],
  ['LHR', 'DXB'],
  ['JFK', 'LHR'],
  ['SIN', 'LHR'],
  ['HND', 'LAX'],
  ['CDG', 'JFK'],
  ['FRA', 'JFK'],
  ['DOH', 'LHR'],
  ['LAX', 'SYD'],
] as const;

const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function main() {
  rerunWithStartFlags();
  const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'skydesk-bench-')), LOG_LEVEL: 'silent' });
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

  let offer: PricedItinerary | undefined;
  search: for (const [origin, destination] of PAIRS) {
    for (const days of [10, 11, 12]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/search',
        headers: { authorization },
        payload: {
          trip_type: 'OneWay',
          origin_destinations: [
            {
              departure_date_time: dateIn(days),
              origin_location_code: origin,
              destination_location_code: destination,
            },
          ],
          adult_quantity: 1,
          max_stops: 0,
        },
      });
      if (res.statusCode !== 200) continue;
      const itineraries = res.json().data.PricedItineraries.PricedItinerary as PricedItinerary[];
      offer = itineraries.find((itinerary) => {
        const segments = itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.flatMap(
          (option) => option.FlightSegment,
        );
        return segments.length === 1 && segments[0]!.Equipment.AirEquipType === TYPE;
      });
      if (offer) break search;
    }
  }
  if (!offer) throw new Error(`no direct ${TYPE} flight found among the bench's pairs`);
  const segment = offer.AirItinerary.OriginDestinationOptions.OriginDestinationOption[0]!.FlightSegment[0]!;
  const flight = `${segment.MarketingAirline.Code}${segment.FlightNumber} ${segment.DepartureAirport.LocationCode}→${segment.ArrivalAirport.LocationCode} ${segment.DepartureDateTime.slice(0, 10)}, ${offer.AirItineraryPricingInfo.FareInfos[0]!.BrandName} fare`;

  const seatMapUrl = `${address}/api/seat-maps?offer_id=${encodeURIComponent(offer.offer_id)}`;
  const healthUrl = `${address}/api/health`;
  // A signed-in agency read of nearly nothing: what the guard (session, role, agency) costs any call.
  const creditsUrl = `${address}/api/booking-credits`;
  const headers = { authorization };
  const timed = async (url: string) => {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
    return { ms, body };
  };
  const run = async (url: string) => {
    for (let i = 0; i < WARM_UP; i++) await timed(url);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push((await timed(url)).ms);
    return times.sort((a, b) => a - b);
  };
  // Interleaved halves, so a busy moment of the machine falls on both alike.
  const health = [...(await run(healthUrl))];
  const credits = [...(await run(creditsUrl))];
  const seatMaps = [...(await run(seatMapUrl))];
  health.push(...(await run(healthUrl)));
  credits.push(...(await run(creditsUrl)));
  seatMaps.push(...(await run(seatMapUrl)));
  for (const times of [health, credits, seatMaps]) times.sort((a, b) => a - b);

  const { body } = await timed(seatMapUrl);
  const maps = JSON.parse(body).data as SeatMap[];
  const seats = maps[0]!.cabins.reduce(
    (sum, cabin) =>
      sum + cabin.rows.reduce((count, row) => count + row.seats.filter((s) => 'designator' in s).length, 0),
    0,
  );
  const perFlightKb = Math.max(...maps.map((map) => Buffer.byteLength(JSON.stringify(map)) / 1024));

  const p95 = percentile(seatMaps, 95);
  const base = percentile(health, 95);
  const signedIn = percentile(credits, 95);
  console.log(`Seat map of ${flight}: ${TYPE}, ${seats} seats in ${maps[0]!.cabins.length} cabins`);
  console.log(
    `  requests: ${seatMaps.length} of each call, one at a time over HTTP (after ${WARM_UP} warm-up each)`,
  );
  console.log(`  GET /api/health     p50 ${fmt(percentile(health, 50))}  p95 ${fmt(base)}  (baseline)`);
  console.log(
    `  GET /api/booking-credits  p50 ${fmt(percentile(credits, 50))}  p95 ${fmt(signedIn)}  (baseline: a signed-in read)`,
  );
  console.log(
    `  GET /api/seat-maps  p50 ${fmt(percentile(seatMaps, 50))}  p95 ${fmt(p95)}  p99 ${fmt(percentile(seatMaps, 99))}  — ${(p95 / base).toFixed(1)}× health's p95, ${(p95 / signedIn).toFixed(1)}× the signed-in read's; goal ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  answer ${(Buffer.byteLength(body) / 1024).toFixed(1)} KB; per flight ${perFlightKb.toFixed(1)} KB before compression — goal ≤ ${TARGET_KB_PER_FLIGHT} KB: ${perFlightKb <= TARGET_KB_PER_FLIGHT ? 'met' : 'MISSED'}`,
  );
  await app.close();
  await store.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
