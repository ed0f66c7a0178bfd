import { describe, expect, it } from 'vitest';
import { runScript } from '../support/run-script.js';

/**
 * The benchmarks that go through the portal's own rules still run (docs/benchmarks.md), on a
 * small volume each: they are not part of the test run otherwise, and a change of those rules can
 * break them unseen — the live bench waited forever for notifications its sockets' staff were no
 * longer allowed to see once notifications were gated by permission. Figures are not checked here
 * (performance lives in `npm run bench`), only that each bench completes and reports them.
 */

const runBench = (script: string, env: Record<string, string>) =>
  runScript(script, [], { ...process.env, ...env });

describe('the benchmarks run on a small volume', () => {
  it('bench:live fans a notification and a support message out to every socket', async () => {
    const { code, output } = await runBench('bench/live-fanout.bench.ts', {
      BENCH_LIVE_SOCKETS: '16',
      BENCH_LIVE_ROUNDS: '2',
    });
    expect(code, output).toBe(0);
    expect(output).toMatch(/A company-wide notification, commit to receipt/);
    expect(output).toMatch(/A support chat message, request to receipt/);
    expect(output.match(/16 sockets of one agency +per socket p50/g)).toHaveLength(2);
  }, 120_000);

  it('bench:store times holds and issues with durability off and on, and a mixed load on many connections', async () => {
    const { code, output } = await runBench('bench/store-load.bench.ts', {
      BENCH_DURABLE_BOOKINGS: '4',
      BENCH_DURABLE_ROUNDS: '1',
      BENCH_MIXED_CONNECTIONS: '4',
      BENCH_MIXED_SECONDS: '2',
      BENCH_MIXED_WARM_UP_SECONDS: '1',
      // The embedded store only: PostgreSQL's run is the same code on another store.
      BENCH_DATABASE_URL: '',
    });
    expect(code, output).toBe(0);
    expect(output).toMatch(/\| off \(not synced: the baseline\) +\| +\d/);
    expect(output).toMatch(/\| on \(fsync at each commit\) +\| +\d/);
    expect(output).toMatch(/embedded store \(durability on\): \d+ requests\/s/);
    expect(output).toMatch(/GET \/api\/me +\| +\d+ \|/);
  }, 300_000);

  it('bench:kpi makes its volume, recounts the rollups and times every figure', async () => {
    const { code, output } = await runBench('bench/kpi.bench.ts', {
      BENCH_KPI_BOOKINGS: '3000',
      BENCH_KPI_AGENCIES: '10',
      BENCH_KPI_RUNS: '3',
      BENCH_KPI_STORES: 'pglite',
    });
    expect(code, output).toBe(0);
    for (const figure of ['agency, last 30 days (', 'agency, one year (', 'operator, one year (']) {
      expect(output).toContain(figure);
    }
  }, 120_000);
});
