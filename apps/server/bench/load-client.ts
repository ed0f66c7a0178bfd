/**
 * The load generator of bench/search-http.bench.ts, in a process of its own so that receiving and
 * parsing answers (megabytes per second for big searches) does not compete with the server it
 * measures for the same event loop. It takes one job on IPC, runs autocannon, and sends back the
 * throughput and the exact p50/p95 of every response time.
 */
import autocannon from 'autocannon';

export type LoadJob = {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** One body for every request, or a list sent in turn (each request a different one). */
  bodies?: string[];
  connections: number;
  /** Run for this long… */
  seconds?: number;
  /** …or for exactly this many requests. */
  amount?: number;
};

export type LoadResult = {
  rps: number;
  p50: number;
  p95: number;
  errors: number;
  /** Responses received. */
  requests: number;
  /** CPU time this load generator used for the run (it shares the machine with the server). */
  clientCpuMs: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

function run(job: LoadJob): Promise<Omit<LoadResult, 'clientCpuMs'>> {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const bodies = job.bodies ?? [];
  const started = performance.now();
  let lastResponse = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.url,
        method: job.method,
        headers: job.headers,
        connections: job.connections,
        ...(job.amount ? { amount: job.amount } : { duration: job.seconds ?? 6 }),
        ...(bodies.length > 0
          ? {
              body: bodies[0],
              requests: [
                { setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) },
              ],
            }
          : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        times.sort((x, y) => x - y);
        resolve({
          // Responses over the run's time, to the last response: autocannon's own average is per
          // whole second, and it reports the end of a bounded run on its next one-second tick.
          rps: times.length / ((lastResponse - started) / 1000),
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          errors: errors + result.errors + result.non2xx,
          requests: times.length,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode !== 200) errors += 1;
      times.push(responseTime);
      lastResponse = performance.now();
    });
  });
}

process.once('message', (job: LoadJob) => {
  const before = process.cpuUsage();
  run(job).then(
    (result) => {
      const used = process.cpuUsage(before);
      process.send?.({ ...result, clientCpuMs: (used.user + used.system) / 1000 }, () => process.exit(0));
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
