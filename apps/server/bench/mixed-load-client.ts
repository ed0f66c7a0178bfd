/**
 * The load generator of bench/store-load.bench.ts, in a process of its own (as load-client.ts is
 * for the search bench): `connections` keep-alive connections to 127.0.0.1, each sending the job's
 * calls in turn, one at a time, for `seconds` after a warm-up of `warmUpSeconds`. It reports every
 * call kind's response times (exact percentiles: every time is kept) and the errors.
 */
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';

export type MixedCall = {
  /** How the call is reported ('GET /api/me'). */
  label: string;
  method: 'GET' | 'POST';
  path: string;
  /** JSON bodies sent in turn (each call of this kind the next one). */
  bodies?: unknown[];
  /** Sends a fresh Idempotency-Key with each call. */
  keyed?: boolean;
  /** How many of every `sum of weights` calls are of this kind. */
  weight: number;
};

export type MixedJob = {
  url: string;
  token: string;
  calls: MixedCall[];
  connections: number;
  seconds: number;
  warmUpSeconds: number;
};

export type CallFigures = { count: number; p50: number; p95: number; p99: number; errors: number };
export type MixedResult = {
  rps: number;
  overall: CallFigures;
  byCall: Record<string, CallFigures>;
  /** Status codes other than 2xx, by code, with an example message. */
  failures: Record<string, string>;
  /** Every call answered, the warm-up's included (the server's CPU time is divided by it). */
  answered: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

function figures(times: number[], errors: number): CallFigures {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors,
  };
}

async function run(job: MixedJob): Promise<MixedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.connections });
  const url = new URL(job.url);
  // A fixed, interleaved order of the kinds, by weight: every connection walks it from its own place.
  const order: MixedCall[] = [];
  const total = job.calls.reduce((sum, call) => sum + call.weight, 0);
  for (let slot = 0; slot < total; slot++) {
    let pick = (slot * 7919) % total;
    for (const call of job.calls) {
      if (pick < call.weight) {
        order.push(call);
        break;
      }
      pick -= call.weight;
    }
  }
  const next = new Map<string, number>();
  const times = new Map<string, number[]>(job.calls.map((call) => [call.label, []]));
  const errors = new Map<string, number>(job.calls.map((call) => [call.label, 0]));
  const failures: Record<string, string> = {};
  let measuring = false;
  let stopped = false;
  let measuredFrom = 0;
  let measuredTo = 0;
  let answered = 0;

  const send = (call: MixedCall) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const index = next.get(call.label) ?? 0;
      next.set(call.label, index + 1);
      const body = call.bodies ? JSON.stringify(call.bodies[index % call.bodies.length]) : undefined;
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: call.method,
          path: call.path,
          headers: {
            authorization: `Bearer ${job.token}`,
            ...(body
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
              : {}),
            ...(call.keyed ? { 'idempotency-key': randomBytes(12).toString('hex') } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  const connection = async (start: number) => {
    for (let i = start; !stopped; i++) {
      const call = order[i % order.length]!;
      const began = performance.now();
      let status = 0;
      let text = '';
      try {
        ({ status, text } = await send(call));
      } catch (error) {
        text = String(error);
      }
      const took = performance.now() - began;
      answered += 1;
      if (!measuring || stopped) continue;
      times.get(call.label)!.push(took);
      if (status < 200 || status >= 300) {
        errors.set(call.label, (errors.get(call.label) ?? 0) + 1);
        failures[`${call.label} ${status}`] ??= text.slice(0, 200);
      }
    }
  };

  const workers = Array.from({ length: job.connections }, (_, n) => connection(n * 3));
  await new Promise((resolve) => setTimeout(resolve, job.warmUpSeconds * 1000));
  measuring = true;
  measuredFrom = performance.now();
  await new Promise((resolve) => setTimeout(resolve, job.seconds * 1000));
  measuredTo = performance.now();
  stopped = true;
  await Promise.all(workers);
  agent.destroy();

  const all = [...times.values()].flat();
  const allErrors = [...errors.values()].reduce((sum, n) => sum + n, 0);
  return {
    rps: all.length / ((measuredTo - measuredFrom) / 1000),
    overall: figures(all, allErrors),
    byCall: Object.fromEntries(
      job.calls.map((call) => [call.label, figures(times.get(call.label)!, errors.get(call.label)!)]),
    ),
    failures,
    answered,
  };
}

process.once('message', (job: MixedJob) => {
  run(job).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
