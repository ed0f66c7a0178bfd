import type { Clock } from '../platform/clock.js';

/**
 * How a remote supplier has been answering (issue 29, the console's Suppliers page): calls,
 * failures by cause and the 95th percentile latency over the last hour, the last failure and when,
 * and the offers left out because no rate converts their currency. Adapter-neutral: an adapter's
 * HTTP client records every call it makes. Kept in the process's memory — each server process
 * counts its own calls (docs/operations.md says so); nothing here is worth a database write per call.
 */

/**
 * Why a call failed, as an operator reads it: `timeout` (the call's deadline passed), `connection`
 * (refused, reset, DNS), `rate_limited` (429 past its retries), `server_error` (5xx),
 * `authentication` (the token is refused: 401/403), `refused` (a 4xx about the request), `gone`
 * (the offer or order no longer exists).
 */
export const SUPPLIER_FAILURE_CAUSES = [
  'timeout',
  'connection',
  'rate_limited',
  'server_error',
  'authentication',
  'refused',
  'gone',
] as const;
export type SupplierFailureCause = (typeof SUPPLIER_FAILURE_CAUSES)[number];

export type SupplierCallRecord = {
  /** 'POST /air/offer_requests' — the route, never an id. */
  operation: string;
  latencyMs: number;
  /** Absent when the call was answered. */
  failure?: { cause: SupplierFailureCause; message: string; status?: number; code?: string };
};

export type SupplierHealthSnapshot = {
  /** The window the counts cover, in ms (an hour). */
  windowMs: number;
  calls: number;
  errors: Record<SupplierFailureCause, number>;
  /** null with no call in the window. */
  p95LatencyMs: number | null;
  lastError: {
    cause: SupplierFailureCause;
    operation: string;
    message: string;
    status: number | null;
    code: string | null;
    at: Date;
  } | null;
  /** Calls not made because the circuit was open, in the window. */
  skipped: number;
  /** Offers left out of answers for want of a rate, in the window, and the currencies missing. */
  offersWithoutRate: { count: number; currencies: string[] };
};

export type SupplierHealth = {
  record(call: SupplierCallRecord): void;
  recordSkipped(): void;
  recordOffersWithoutRate(currency: string, count: number): void;
  snapshot(): SupplierHealthSnapshot;
};

export const HEALTH_WINDOW_MS = 60 * 60 * 1000;
/** Samples kept at most: Duffel's rate limit keeps a process well under this in an hour. */
const MAX_SAMPLES = 20_000;

type Sample = { at: number; latencyMs: number; cause: SupplierFailureCause | null };

export function createSupplierHealth(options: { clock: Clock; windowMs?: number }): SupplierHealth {
  const windowMs = options.windowMs ?? HEALTH_WINDOW_MS;
  const now = () => options.clock.now().getTime();
  let samples: Sample[] = [];
  let skipped: number[] = [];
  let leftOut: { at: number; currency: string; count: number }[] = [];
  let lastError: SupplierHealthSnapshot['lastError'] = null;

  // Old entries go when something is added or read, so memory follows the last hour's traffic.
  const prune = () => {
    const since = now() - windowMs;
    if (samples.length > 0 && samples[0]!.at < since) samples = samples.filter((s) => s.at >= since);
    if (samples.length > MAX_SAMPLES) samples = samples.slice(samples.length - MAX_SAMPLES);
    if (skipped.length > 0 && skipped[0]! < since) skipped = skipped.filter((at) => at >= since);
    if (leftOut.length > 0 && leftOut[0]!.at < since) leftOut = leftOut.filter((l) => l.at >= since);
  };

  return {
    record(call) {
      const at = now();
      samples.push({ at, latencyMs: call.latencyMs, cause: call.failure?.cause ?? null });
      if (call.failure) {
        lastError = {
          cause: call.failure.cause,
          operation: call.operation,
          message: call.failure.message,
          status: call.failure.status ?? null,
          code: call.failure.code ?? null,
          at: new Date(at),
        };
      }
      prune();
    },
    recordSkipped() {
      skipped.push(now());
      prune();
    },
    recordOffersWithoutRate(currency, count) {
      if (count <= 0) return;
      leftOut.push({ at: now(), currency, count });
      prune();
    },
    snapshot() {
      prune();
      const errors = Object.fromEntries(SUPPLIER_FAILURE_CAUSES.map((cause) => [cause, 0])) as Record<
        SupplierFailureCause,
        number
      >;
      for (const sample of samples) if (sample.cause) errors[sample.cause] += 1;
      return {
        windowMs,
        calls: samples.length,
        errors,
        p95LatencyMs: percentile(
          samples.map((s) => s.latencyMs),
          0.95,
        ),
        lastError,
        skipped: skipped.length,
        offersWithoutRate: {
          count: leftOut.reduce((sum, l) => sum + l.count, 0),
          currencies: [...new Set(leftOut.map((l) => l.currency))].sort(),
        },
      };
    },
  };
}

/** The nearest-rank percentile, rounded to whole ms; null for no values. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return Math.round(sorted[rank - 1]!);
}
