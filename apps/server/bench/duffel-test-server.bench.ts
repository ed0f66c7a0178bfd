/**
 * The Duffel test server's start-up (docs/benchmarks.md; the goal its test held until issue 30
 * moved it here): the suites start one per test, so it must start in milliseconds. Each round
 * starts and closes it on 127.0.0.1; the baseline, in the same run and interleaved with it, is a
 * bare node:http server doing the same, so a loaded machine moves both figures together.
 *
 *   npm run bench:duffel-server -w @skydesk/server
 *
 * BENCH_ROUNDS changes the rounds (default 50). Goals: median ≤ 250 ms, and ≤ 20 × the bare server.
 */
import { createServer } from 'node:http';
import { createDuffelTestServer } from '../test/support/duffel/duffel-test-server.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const WARM_UP = 3;
const GOAL_MS = 250;
const GOAL_RATIO = 20;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function bareServer(): Promise<number> {
  const began = performance.now();
  const server = createServer((_request, response) => response.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const took = performance.now() - began;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return took;
}

async function duffelServer(): Promise<number> {
  const began = performance.now();
  const server = await createDuffelTestServer({ token: 'duffel_test_bench' });
  const took = performance.now() - began;
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(server.url)) throw new Error(`not on 127.0.0.1: ${server.url}`);
  await server.close();
  return took;
}

async function main() {
  const bare: number[] = [];
  const duffel: number[] = [];
  for (let round = 0; round < WARM_UP + ROUNDS; round += 1) {
    const [b, d] = [await bareServer(), await duffelServer()];
    if (round >= WARM_UP) {
      bare.push(b);
      duffel.push(d);
    }
  }
  const [bareMedian, duffelMedian] = [median(bare), median(duffel)];
  const ratio = duffelMedian / bareMedian;
  const met = duffelMedian <= GOAL_MS && ratio <= GOAL_RATIO;
  console.log(`Duffel test server start-up, ${ROUNDS} rounds after ${WARM_UP} warm-up:`);
  console.log(`  bare node:http server (baseline)  median ${ms(bareMedian)}  max ${ms(Math.max(...bare))}`);
  console.log(
    `  Duffel test server                median ${ms(duffelMedian)}  max ${ms(Math.max(...duffel))}`,
  );
  console.log(`  ratio ${ratio.toFixed(1)} × the baseline`);
  console.log(`  goals: median ≤ ${GOAL_MS} ms, ≤ ${GOAL_RATIO} × the baseline — ${met ? 'met' : 'MISSED'}`);
  if (!met) process.exitCode = 1;
}

await main();
