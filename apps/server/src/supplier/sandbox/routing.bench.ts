/**
 * Sandbox GDS benchmark (docs/benchmarks.md): builds the network as the server does at start,
 * reports its size, build time and memory, then times the routing kernel over 1,000 seeded random
 * airport pairs and dates against one full linear scan of the same day's connections.
 *
 *   npm run bench -w @skydesk/server
 *
 * In-process, no network, fixed work: it stops by itself in well under a minute. Each query is
 * timed in several rounds and its median kept, so a neighbour's CPU burst does not decide a
 * percentile; every round times all kernel queries, then all scans, so both run on the same
 * machine at the same time, each with its own data warm in the caches.
 */
import { createManualClock } from '../../platform/clock.js';
import { buildTimetable } from './build-timetable.js';
import { cabinBit } from './fleet.js';
import { createRandom } from './random.js';
import { type JourneyPlanner, type JourneyQuery, JourneyPlanner as Planner } from './routing.js';
import { createSandboxSupplier } from './shopping.js';
import {
  dateOfEpochDay,
  epochDayOf,
  MINUTES_PER_DAY,
  startOfLocalDay,
  weekdayOfEpochDay,
} from './time-zones.js';
import type { Timetable } from './timetable.js';

const QUERIES = 1_000;
const ROUNDS = 5;
const SEED = 2026;
const FIRST_DATE = '2026-12-01';
const TARGET_BUILD_MS = 3_000;
const TARGET_MEMORY_MB = 150;
const TARGET_P50_MS = 5;

const megabytes = (bytes: number) => bytes / 1_048_576;
const collectGarbage = async () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return false;
  gc();
  await new Promise((resolve) => setTimeout(resolve, 100));
  gc();
  return true;
};

async function main() {
  console.log(`Sandbox GDS benchmark — node ${process.version}, ${new Date().toISOString()}\n`);

  // Network build, as at server start.
  await collectGarbage();
  const before = process.memoryUsage();
  const { timetable, report } = await buildTimetable();
  const built = process.memoryUsage();
  const collected = await collectGarbage();
  const settled = process.memoryUsage();
  const peakRss = process.resourceUsage().maxRSS * 1024;

  const served = new Set<number>();
  for (let link = 0; link < timetable.linkCount; link++) {
    served.add(timetable.linkOrigin[link]!);
    served.add(timetable.linkDestination[link]!);
  }
  const firstDay = epochDayOf(FIRST_DATE);
  const perWeekday = Array.from({ length: 7 }, (_, i) => timetable.departuresOnDay(firstDay + i).length);

  console.log('Network');
  console.log(`  airports with service       ${served.size} (of ${timetable.airportCount} loaded)`);
  const flying = new Set(timetable.flightAirline).size;
  console.log(`  airlines flying             ${flying} (of ${timetable.airlines.length} in the data)`);
  console.log(`  directed routes             ${timetable.linkCount}`);
  console.log(`  scheduled flights           ${timetable.flightCount} (flight legs with weekday patterns)`);
  console.log(
    `  flights a day               ${Math.min(...perWeekday)}–${Math.max(...perWeekday)} (by weekday)`,
  );
  console.log(
    `  build                       ${report.totalMs.toFixed(0)} ms (data ${report.loadMs.toFixed(0)}, routes ${report.planMs.toFixed(0)}, ` +
      `schedule ${report.scheduleMs.toFixed(0)}, index ${report.indexMs.toFixed(0)})  target ≤ ${TARGET_BUILD_MS} ms ${mark(report.totalMs <= TARGET_BUILD_MS)}`,
  );
  console.log('Memory');
  console.log(
    `  timetable typed arrays      ${megabytes(timetable.byteSize).toFixed(1)} MB  target ≤ ${TARGET_MEMORY_MB} MB ${mark(megabytes(timetable.byteSize) <= TARGET_MEMORY_MB)}`,
  );
  console.log(
    `  JS heap used                ${megabytes(before.heapUsed).toFixed(0)} MB before → ${megabytes(built.heapUsed).toFixed(0)} MB built → ` +
      `${megabytes(settled.heapUsed).toFixed(0)} MB ${collected ? 'after GC' : '(run with --expose-gc to collect)'}`,
  );
  console.log(
    `  process RSS                 ${megabytes(before.rss).toFixed(0)} MB before → ${megabytes(settled.rss).toFixed(0)} MB after build ` +
      `(peak ${megabytes(peakRss).toFixed(0)} MB while unpacking the airport data)`,
  );

  // Routing kernel against the linear scan.
  const planner = new Planner(timetable);
  const queries = randomQueries(timetable, SEED, (random) => Math.floor(random() * timetable.airportCount));
  const largeAirports = timetable.airports.flatMap((airport, index) =>
    airport.size === 'large' ? [index] : [],
  );
  const largeQueries = randomQueries(
    timetable,
    SEED + 1,
    (random) => largeAirports[Math.floor(random() * largeAirports.length)]!,
  );
  const scanner = new LinearScan(timetable);

  console.log(
    `\nRouting kernel: ${QUERIES} seeded random queries (0–2 connections, economy, the origin's local day), median of ${ROUNDS} rounds per query`,
  );
  const uniform = measure(planner, scanner, queries);
  printKernel('uniform random airport pairs (the target set)', uniform, true);
  const large = measure(planner, scanner, largeQueries);
  printKernel('large-airport pairs (hub-heavy; for information)', large, false);

  // Whole searches: routing, seats, fares, offers and the API shape, for information.
  const supplier = await createSandboxSupplier({
    offerKey: 'bench',
    timetable,
    clock: createManualClock(new Date('2026-11-22T12:00:00Z')),
  });
  const searchTimes: number[] = [];
  let results = 0;
  for (const query of largeQueries.slice(0, 300)) {
    const request = {
      tripType: 'OneWay' as const,
      legs: [
        {
          origin: timetable.airport(query.origin).code,
          destination: timetable.airport(query.destination).code,
          departureDate: query.date,
        },
      ],
      passengers: { adults: 2, children: 1, infants: 1 },
      cabin: 'Economy' as const,
      maxStops: 2,
      preferredAirlines: [],
    };
    const started = performance.now();
    results += (await supplier.search(request)).itineraries.length;
    searchTimes.push(performance.now() - started);
  }
  searchTimes.sort((a, b) => a - b);
  console.log(
    '\nsearch() end to end (300 large-airport one-way searches, 2 ADT + 1 CNN + 1 INF; for information)',
  );
  console.log(
    `  p50 ${quantile(searchTimes, 0.5).toFixed(2)} ms, p99 ${quantile(searchTimes, 0.99).toFixed(2)} ms, ` +
      `${(results / searchTimes.length).toFixed(1)} itineraries per search`,
  );
}

/** Seeded queries: origin and destination from `pick`, a date in the year from FIRST_DATE. */
function randomQueries(t: Timetable, seed: number, pick: (random: () => number) => number) {
  const random = createRandom(seed);
  const firstDay = epochDayOf(FIRST_DATE);
  const list: (JourneyQuery & { date: string })[] = [];
  while (list.length < QUERIES) {
    const origin = pick(random);
    const destination = pick(random);
    if (origin === destination) continue;
    const date = dateOfEpochDay(firstDay + Math.floor(random() * 365));
    const zone = t.airport(origin).timeZone;
    list.push({
      origin,
      destination,
      date,
      // The window is set up outside the timing: time zones are not the routing kernel.
      departureFrom: startOfLocalDay(zone, date),
      departureUntil: startOfLocalDay(zone, dateOfEpochDay(epochDayOf(date) + 1)),
      maxConnections: 2,
      cabinBit: cabinBit('Economy'),
    });
  }
  return list;
}

type Measurement = { kernel: number[]; scan: number[]; answered: number; journeys: number };

function measure(
  planner: JourneyPlanner,
  scanner: LinearScan,
  queries: readonly JourneyQuery[],
): Measurement {
  const kernelRounds = queries.map(() => [] as number[]);
  const scanRounds = queries.map(() => [] as number[]);
  let answered = 0;
  let journeys = 0;
  // Warm-up: compile the hot paths and build the scan's day arrays.
  for (const query of queries) {
    planner.plan(query);
    scanner.scan(query.origin, query.departureFrom);
  }
  // Each round times every query with the kernel, then every scan: each in its steady state.
  for (let round = 0; round < ROUNDS; round++) {
    queries.forEach((query, index) => {
      const started = performance.now();
      const found = planner.plan(query);
      kernelRounds[index]!.push(performance.now() - started);
      if (round === 0) {
        journeys += found.length;
        if (found.length > 0) answered++;
      }
    });
    queries.forEach((query, index) => {
      const started = performance.now();
      scanner.scan(query.origin, query.departureFrom);
      scanRounds[index]!.push(performance.now() - started);
    });
  }
  const median = (values: number[]) =>
    quantile(
      [...values].sort((a, b) => a - b),
      0.5,
    );
  return {
    kernel: kernelRounds.map(median).sort((a, b) => a - b),
    scan: scanRounds.map(median).sort((a, b) => a - b),
    answered,
    journeys,
  };
}

function printKernel(title: string, { kernel, scan, answered, journeys }: Measurement, judged: boolean) {
  const p50 = quantile(kernel, 0.5);
  const p99 = quantile(kernel, 0.99);
  const scanTime = quantile(scan, 0.5);
  console.log(`  ${title}`);
  console.log(
    `    answered ${answered}/${kernel.length} queries, ${(journeys / kernel.length).toFixed(1)} journeys per query`,
  );
  console.log(
    `    kernel p50 ${ms(p50)}  p90 ${ms(quantile(kernel, 0.9))}  p99 ${ms(p99)}  max ${ms(kernel[kernel.length - 1]!)}` +
      (judged ? `  target p50 ≤ ${TARGET_P50_MS} ms ${mark(p50 <= TARGET_P50_MS)}` : ''),
  );
  console.log(
    `    one linear scan of the day's connections: ${ms(scanTime)} (median; p99 ${ms(quantile(scan, 0.99))})  ` +
      `p99 / scan = ${(p99 / scanTime).toFixed(2)}${judged ? `  target ≤ 1 ${mark(p99 <= scanTime)}` : ''}`,
  );
}

/**
 * The baseline: one pass of the Connection Scan Algorithm over every connection of the day in
 * departure order (earliest arrival from the origin, 45-minute connections), over contiguous
 * arrays built beforehand — what a search that looks at every flight of the day costs at least.
 */
class LinearScan {
  private readonly days = new Map<
    number,
    { departure: Int32Array; arrival: Int32Array; from: Uint16Array; to: Uint16Array }
  >();
  private readonly reached: Int32Array;
  sink = 0;

  constructor(private readonly timetable: Timetable) {
    this.reached = new Int32Array(timetable.airportCount);
  }

  scan(origin: number, start: number): void {
    const day = Math.floor(start / MINUTES_PER_DAY);
    const c = this.connections(day);
    const reached = this.reached;
    reached.fill(0x7fffffff);
    // Connection times are minutes of the UTC day; the origin is ready from the window's start.
    reached[origin] = start - day * MINUTES_PER_DAY - 45;
    const count = c.departure.length;
    for (let i = 0; i < count; i++) {
      const departure = c.departure[i]!;
      if (reached[c.from[i]!]! + 45 <= departure) {
        const to = c.to[i]!;
        if (c.arrival[i]! < reached[to]!) reached[to] = c.arrival[i]!;
      }
    }
    this.sink += reached[0]!;
  }

  private connections(day: number) {
    const weekday = weekdayOfEpochDay(day);
    let c = this.days.get(weekday);
    if (!c) {
      const t = this.timetable;
      const flights = t.departuresOnDay(day);
      c = {
        departure: Int32Array.from(flights, (f) => t.flightDeparture[f]!),
        arrival: Int32Array.from(flights, (f) => t.flightDeparture[f]! + t.flightBlock[f]!),
        from: Uint16Array.from(flights, (f) => t.flightOrigin[f]!),
        to: Uint16Array.from(flights, (f) => t.flightDestination[f]!),
      };
      this.days.set(weekday, c);
    }
    return c;
  }
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function ms(value: number): string {
  return `${value < 1 ? value.toFixed(3) : value.toFixed(2)} ms`;
}

function mark(ok: boolean): string {
  return ok ? '✓' : '✗';
}

await main();
