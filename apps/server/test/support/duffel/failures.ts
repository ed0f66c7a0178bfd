import type { DuffelRoute } from './routes.js';

/**
 * Switchable failures, the ways a supplier fails an adapter must survive (issue 29). A failure is
 * set on one route (or '*', every route) for the next call, the next `times` calls, or every call
 * until cleared; the first matching one is used. "before" fails without doing anything; "after"
 * does the work (an order is made, a payment taken) and then loses the answer.
 */
export type Failure =
  /** 429 with `Retry-After` (seconds) and Duffel's rate_limit_exceeded error. */
  | { kind: 'rate_limited'; retryAfterSeconds?: number }
  /** A 5xx with Duffel's error body (500 internal_server_error by default; 502 order_not_created…). */
  | { kind: 'server_error'; when: 'before' | 'after'; status?: number; code?: string }
  /** No answer: the connection stays open until the client gives up (or `hangMs`, then it is cut). */
  | { kind: 'timeout'; when: 'before' | 'after'; hangMs?: number }
  /** The connection is cut without an answer. */
  | { kind: 'connection_reset'; when: 'before' | 'after' }
  /** POST /air/orders only: 202 Accepted, then `order.creation_failed` after `failAfterMs`; no order. */
  | { kind: 'accepted_then_failed'; failAfterMs?: number }
  /** The offer the call names costs `amount` more (in its currency) from now on; then the call runs. */
  | { kind: 'price_rise'; amount: string }
  /** The offer the call names expires now; then the call runs (and answers offer_no_longer_available). */
  | { kind: 'offer_expired' }
  /** The call is answered normally after `ms` (a slow airline, for deadlines). */
  | { kind: 'delay'; ms: number }
  /** Any Duffel error answer, nothing done (e.g. 503, or 422 insufficient_balance). */
  | {
      kind: 'error';
      status: number;
      type:
        | 'api_error'
        | 'airline_error'
        | 'invalid_state_error'
        | 'validation_error'
        | 'invalid_request_error';
      code: string;
      message?: string;
    };

export type FailureRoute = DuffelRoute | '*';

type Armed = { route: FailureRoute; failure: Failure; remaining: number };

/** Failures that name an offer: where the route finds it. */
export const OFFER_FAILURE_ROUTES: FailureRoute[] = [
  'GET /air/offers/{id}',
  'POST /air/orders',
  'GET /air/seat_maps',
];

export type FailureSwitch = ReturnType<typeof createFailureSwitch>;

export function createFailureSwitch() {
  const armed: Armed[] = [];

  function arm(route: FailureRoute, failure: Failure, remaining: number): void {
    if (failure.kind === 'accepted_then_failed' && route !== 'POST /air/orders') {
      throw new Error('accepted_then_failed applies to POST /air/orders only');
    }
    if (
      (failure.kind === 'price_rise' || failure.kind === 'offer_expired') &&
      !OFFER_FAILURE_ROUTES.includes(route)
    ) {
      throw new Error(`${failure.kind} applies to ${OFFER_FAILURE_ROUTES.join(', ')}`);
    }
    armed.push({ route, failure, remaining });
  }

  return {
    /** The next call (or `times` calls) to the route fails so. */
    next(route: FailureRoute, failure: Failure, options: { times?: number } = {}): void {
      arm(route, failure, options.times ?? 1);
    },
    /** Every call to the route fails so until `clear`. */
    always(route: FailureRoute, failure: Failure): void {
      arm(route, failure, Number.POSITIVE_INFINITY);
    },
    clear(route?: FailureRoute): void {
      for (let i = armed.length - 1; i >= 0; i -= 1) {
        if (route === undefined || armed[i]!.route === route) armed.splice(i, 1);
      }
    },
    /** Failures still waiting for their calls. */
    pending(): { route: FailureRoute; failure: Failure; remaining: number }[] {
      return armed.map((entry) => ({ ...entry }));
    },
    /** The failure this call meets, used up if one-shot (the server calls it once per request). */
    take(route: DuffelRoute): Failure | undefined {
      const index = armed.findIndex((entry) => entry.route === route || entry.route === '*');
      if (index < 0) return undefined;
      const entry = armed[index]!;
      entry.remaining -= 1;
      if (entry.remaining <= 0) armed.splice(index, 1);
      return entry.failure;
    },
  };
}
