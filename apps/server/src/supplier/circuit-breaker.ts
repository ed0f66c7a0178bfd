import type { Clock } from '../platform/clock.js';

/**
 * A circuit breaker per supplier (issue 29): after `failureThreshold` failures in a row the
 * supplier is skipped for `openMs` — searches answer without it and name it missing, bookings are
 * told it is unavailable — instead of every request waiting out its deadline on a supplier that is
 * down. Then one call is let through (half-open): its success closes the circuit, its failure
 * opens it again for another `openMs`.
 *
 * Failures are the supplier's (no answer, 5xx, a timeout, rate limited past the retries, refused
 * credentials); a refusal of the request itself (a 4xx about the offer or the passengers) is the
 * request's fault and counts as an answer. Adapter-neutral: any remote adapter keeps one.
 * State is per process, like the health recorder's.
 */
export type CircuitState = 'closed' | 'open' | 'half_open';

export type CircuitBreaker = {
  /** Whether a call may go out now; in half-open, true for one probe at a time. */
  allow(): boolean;
  success(): void;
  failure(): void;
  snapshot(): CircuitSnapshot;
  /** Closes the circuit (an operator turned the supplier back on, tests). */
  reset(): void;
};

export type CircuitSnapshot = {
  state: CircuitState;
  consecutiveFailures: number;
  /** When an open circuit lets its next probe through; null unless open. */
  retryAt: Date | null;
  /** When the circuit last opened; null if it never did. */
  openedAt: Date | null;
};

export type CircuitBreakerOptions = {
  clock: Clock;
  /** Failures in a row that open the circuit. */
  failureThreshold?: number;
  /** How long an open circuit skips the supplier before a probe. */
  openMs?: number;
  /** A half-open probe that never reports back frees its slot after this long. */
  probeTimeoutMs?: number;
};

export const CIRCUIT_DEFAULTS = { failureThreshold: 5, openMs: 30_000, probeTimeoutMs: 30_000 } as const;

export function createCircuitBreaker(options: CircuitBreakerOptions): CircuitBreaker {
  const threshold = options.failureThreshold ?? CIRCUIT_DEFAULTS.failureThreshold;
  const openMs = options.openMs ?? CIRCUIT_DEFAULTS.openMs;
  const probeTimeoutMs = options.probeTimeoutMs ?? CIRCUIT_DEFAULTS.probeTimeoutMs;
  const now = () => options.clock.now().getTime();

  let consecutiveFailures = 0;
  let openUntil: number | null = null;
  let openedAt: number | null = null;
  /** When the half-open probe went out; null when none is out. */
  let probeSince: number | null = null;

  const state = (): CircuitState => {
    if (openUntil === null) return 'closed';
    return now() < openUntil ? 'open' : 'half_open';
  };

  const open = () => {
    openedAt = now();
    openUntil = openedAt + openMs;
    probeSince = null;
  };

  return {
    allow() {
      const current = state();
      if (current === 'closed') return true;
      if (current === 'open') return false;
      // Half-open: one probe at a time, so a recovering supplier is not hit by every waiting search.
      if (probeSince !== null && now() - probeSince < probeTimeoutMs) return false;
      probeSince = now();
      return true;
    },
    success() {
      consecutiveFailures = 0;
      openUntil = null;
      probeSince = null;
    },
    failure() {
      consecutiveFailures += 1;
      // A failed probe opens the circuit again at once; a closed one opens at the threshold.
      if (state() === 'half_open' || consecutiveFailures >= threshold) open();
    },
    snapshot() {
      const current = state();
      return {
        state: current,
        consecutiveFailures,
        retryAt: current === 'open' && openUntil !== null ? new Date(openUntil) : null,
        openedAt: openedAt === null ? null : new Date(openedAt),
      };
    },
    reset() {
      consecutiveFailures = 0;
      openUntil = null;
      probeSince = null;
    },
  };
}
