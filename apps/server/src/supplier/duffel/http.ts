import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../platform/clock.js';
import { systemClock } from '../../platform/clock.js';
import type { CircuitBreaker } from '../circuit-breaker.js';
import { SupplierCallError } from '../remote-orders.js';
import type { SupplierFailureCause, SupplierHealth } from '../supplier-health.js';
import type { ApiResponseError, PaginationMeta } from './types.js';

/**
 * Duffel's HTTP API, as the adapter calls it (decision 019: a thin client on Node's fetch, typed
 * with the official `@duffel/api` types, because the official client can set no deadline per call
 * and hides 202 and Retry-After). Every call:
 *
 * - sends `Authorization: Bearer <token>`, `Duffel-Version: v2`, JSON bodies wrapped in `{ data }`;
 *   reads `{ data, meta }` and Duffel's error objects (`errors[].type, code, title, message`);
 * - runs within one deadline (`deadlineMs`, an AbortSignal), retries included;
 * - retries 429 after `Retry-After` (bounded: a few tries, each wait within the deadline);
 * - fails as a SupplierCallError by what the caller may do (remote-orders.ts): a 4xx is `refused`
 *   in the agent's words (`gone` when the offer or order no longer exists); a 5xx, timeout or
 *   reset is `unknown_outcome` for a write (it may have happened: look it up, never repeat it
 *   blind) and `unavailable` for a read;
 * - is recorded in the supplier's health and circuit breaker; an open circuit fails the call at
 *   once as `unavailable` without sending it (nothing happened, so even a write may be tried later).
 */

export type DuffelMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export type DuffelCall = {
  method: DuffelMethod;
  /** '/air/offer_requests' — appended to the base URL. */
  path: string;
  /** The request body's `data`. */
  data?: unknown;
  /** Query parameters; an array repeats its key (`passenger_name[]`). Undefined ones are left out. */
  params?: Record<string, string | number | boolean | readonly string[] | undefined>;
  /** The whole call's deadline, retries included (defaults: reads 15 s, writes 30 s). */
  deadlineMs?: number;
  /**
   * Whether the call changes something at Duffel. A write's lost answer is an unknown outcome.
   * Defaults to every method but GET; an offer request (a POST that creates nothing anyone pays
   * for) passes `write: false`.
   */
  write?: boolean;
  /** The caller gives up (a search cancelled): the call stops, and counts as no failure of Duffel's. */
  signal?: AbortSignal;
};

export type DuffelAnswer<T> = {
  /** 200, 201, 202 (accepted, to be confirmed later: an order create), 204. */
  status: number;
  data: T;
  meta?: PaginationMeta & Record<string, unknown>;
};

export type DuffelHttp = {
  request<T>(call: DuffelCall): Promise<DuffelAnswer<T>>;
};

/** A SupplierCallError with what Duffel said (its errors, the request id), for logs and branching. */
export class DuffelCallError extends SupplierCallError {
  constructor(
    kind: SupplierCallError['kind'],
    message: string,
    details: { status?: number; code?: string },
    readonly failureCause: SupplierFailureCause | 'cancelled',
    readonly errors: ApiResponseError[] = [],
    readonly requestId: string | null = null,
  ) {
    super(kind, message, { ...details, supplier: 'duffel' });
    this.name = 'DuffelCallError';
  }
}

export type DuffelHttpOptions = {
  token: string;
  /** 'https://api.duffel.com' or a test server's URL. */
  baseUrl: string;
  health?: SupplierHealth;
  breaker?: CircuitBreaker;
  clock?: Clock;
  /** 429 retries per call (default 3). */
  maxRetries?: number;
  /** The longest one wait for Retry-After may be (default 5 s): past it the call gives up. */
  maxRetryWaitMs?: number;
  /** Tests: a fetch that is not the global one. */
  fetch?: typeof fetch;
};

export const DUFFEL_API_VERSION = 'v2';
export const DEFAULT_READ_DEADLINE_MS = 15_000;
export const DEFAULT_WRITE_DEADLINE_MS = 30_000;

/** Thrown out of one attempt to the retry loop: no answer came (timeout, reset, refused). */
class NoAnswer extends Error {
  constructor(
    readonly reason: 'timeout' | 'connection' | 'cancelled',
    readonly detail: string,
  ) {
    super(detail);
  }
}

export function createDuffelHttp(options: DuffelHttpOptions): DuffelHttp {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const clock = options.clock ?? systemClock;
  const maxRetries = options.maxRetries ?? 3;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 5_000;
  const doFetch = options.fetch ?? fetch;

  const url = (call: DuffelCall) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(call.params ?? {})) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) query.append(key, item);
      else query.append(key, String(value));
    }
    const search = query.toString();
    return `${baseUrl}${call.path}${search ? `?${search}` : ''}`;
  };

  async function attempt(call: DuffelCall, signal: AbortSignal): Promise<Response & { text_: string }> {
    let response: Response;
    try {
      response = await doFetch(url(call), {
        method: call.method,
        headers: {
          Authorization: `Bearer ${options.token}`,
          'Duffel-Version': DUFFEL_API_VERSION,
          Accept: 'application/json',
          'User-Agent': 'SkyDesk',
          ...(call.data === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(call.data === undefined ? {} : { body: JSON.stringify({ data: call.data }) }),
        signal,
      });
      // The body is read within the same deadline: a server that sends headers then stalls times out too.
      const text = await response.text();
      return Object.assign(response, { text_: text });
    } catch (error) {
      throw noAnswer(error, signal, call.signal);
    }
  }

  return {
    async request<T>(call: DuffelCall): Promise<DuffelAnswer<T>> {
      const write = call.write ?? call.method !== 'GET';
      const operation = operationName(call);
      const deadlineMs = call.deadlineMs ?? (write ? DEFAULT_WRITE_DEADLINE_MS : DEFAULT_READ_DEADLINE_MS);
      if (options.breaker && !options.breaker.allow()) {
        options.health?.recordSkipped();
        throw new DuffelCallError(
          'unavailable',
          'The airline connection is paused after repeated failures; try again in a minute.',
          { code: 'circuit_open' },
          'connection',
        );
      }
      const started = performance.now();
      const deadline = AbortSignal.timeout(deadlineMs);
      const signal = call.signal ? AbortSignal.any([deadline, call.signal]) : deadline;
      const remaining = () => deadlineMs - (performance.now() - started);

      const finish = (failure?: DuffelCallError) => {
        const latencyMs = performance.now() - started;
        if (failure?.failureCause === 'cancelled') return; // the caller gave up: no verdict on Duffel
        const cause = failure?.failureCause as SupplierFailureCause | undefined;
        options.health?.record({
          operation,
          latencyMs,
          ...(failure && cause
            ? {
                failure: {
                  cause,
                  message: failure.errors[0]?.message ?? failure.message,
                  ...(failure.details.status === undefined ? {} : { status: failure.details.status }),
                  ...(failure.details.code === undefined ? {} : { code: failure.details.code }),
                },
              }
            : {}),
        });
        if (!options.breaker) return;
        if (cause && BREAKER_FAILURES.has(cause)) options.breaker.failure();
        else options.breaker.success();
      };

      for (let retry = 0; ; retry += 1) {
        let response: Response & { text_: string };
        try {
          response = await attempt(call, signal);
        } catch (error) {
          const failure = failureOfNoAnswer(error as NoAnswer, write);
          finish(failure);
          throw failure;
        }
        const body = parseJson(response.text_);

        if (response.status === 429) {
          const wait = Math.max(retryAfterMs(response.headers.get('retry-after'), clock), backoffMs(retry));
          if (retry < maxRetries && wait <= maxRetryWaitMs && wait < remaining()) {
            try {
              await sleep(wait, undefined, { signal });
            } catch (error) {
              const failure = failureOfNoAnswer(noAnswer(error, signal, call.signal), false);
              finish(failure);
              throw failure;
            }
            continue;
          }
          // Duffel did nothing with a 429: even a write may be tried again later.
          const failure = errorAnswer(response.status, body, false, 'rate_limited');
          finish(failure);
          throw failure;
        }

        if (response.status >= 200 && response.status < 300) {
          if (response.status !== 204 && (body === undefined || typeof body !== 'object' || body === null)) {
            // An answer we cannot read: for a write, it may have been done.
            const failure = new DuffelCallError(
              write ? 'unknown_outcome' : 'unavailable',
              UNREADABLE,
              { status: response.status, code: 'unreadable_answer' },
              'server_error',
            );
            finish(failure);
            throw failure;
          }
          finish();
          const envelope = (body ?? {}) as { data?: T; meta?: DuffelAnswer<T>['meta'] };
          return {
            status: response.status,
            data: envelope.data as T,
            ...(envelope.meta ? { meta: envelope.meta } : {}),
          };
        }

        const failure = errorAnswer(response.status, body, write);
        finish(failure);
        throw failure;
      }
    },
  };
}

/** Causes that say the supplier is in trouble (the breaker counts them); the others are answers. */
const BREAKER_FAILURES = new Set<SupplierFailureCause>([
  'timeout',
  'connection',
  'rate_limited',
  'server_error',
  'authentication',
]);

const UNREADABLE = 'The airline system sent an answer SkyDesk could not read.';

/** Routes, not ids, name an operation in the health table ('GET /air/orders/{id}'); an id has a digit. */
export function operationName(call: Pick<DuffelCall, 'method' | 'path'>): string {
  const path = call.path
    .split('/')
    .map((part) => (/^[a-z]{2,5}_(?=[0-9A-Za-z]*[0-9])[0-9A-Za-z]+$/.test(part) ? '{id}' : part))
    .join('/');
  return `${call.method} ${path}`;
}

function noAnswer(error: unknown, signal: AbortSignal, callerSignal?: AbortSignal): NoAnswer {
  if (callerSignal?.aborted) return new NoAnswer('cancelled', 'The call was cancelled.');
  if (signal.aborted) return new NoAnswer('timeout', 'The airline system did not answer in time.');
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return new NoAnswer('connection', cause?.code ?? cause?.message ?? String(error));
}

function failureOfNoAnswer(error: NoAnswer, write: boolean): DuffelCallError {
  if (error.reason === 'cancelled') {
    return new DuffelCallError(write ? 'unknown_outcome' : 'unavailable', error.detail, {}, 'cancelled');
  }
  const message =
    error.reason === 'timeout'
      ? 'The airline system did not answer in time.'
      : 'The airline system could not be reached.';
  return new DuffelCallError(
    write ? 'unknown_outcome' : 'unavailable',
    write
      ? `${message} SkyDesk is checking whether the airline recorded it.`
      : `${message} Try again shortly.`,
    { code: error.reason === 'timeout' ? 'timeout' : `connection:${error.detail}` },
    error.reason,
  );
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Retry-After in seconds or as an HTTP date; 0 when absent or unreadable. */
export function retryAfterMs(header: string | null, clock: Clock): number {
  if (!header) return 0;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 0 : Math.max(0, at - clock.now().getTime());
}

/** 200, 400, 800 ms (plus a little jitter so waiting searches do not retry in step). */
function backoffMs(retry: number): number {
  return 200 * 2 ** retry + Math.floor(Math.random() * 50);
}

/** Codes that say the thing asked about is no longer for sale or no longer exists. */
const GONE_CODES = new Set(['offer_no_longer_available', 'not_found', 'hold_expired']);

/** A Duffel error answer as a SupplierCallError. */
function errorAnswer(
  status: number,
  body: unknown,
  write: boolean,
  forced?: SupplierFailureCause,
): DuffelCallError {
  const errors = readErrors(body);
  const first = errors[0];
  const code = first?.code;
  const requestId = (body as { meta?: { request_id?: string } } | undefined)?.meta?.request_id ?? null;
  const details = { status, ...(code ? { code } : {}) };

  if (forced === 'rate_limited') {
    return new DuffelCallError(
      'unavailable',
      'The airline system is busy; try again in a minute.',
      details,
      'rate_limited',
      errors,
      requestId,
    );
  }
  if (status === 401 || status === 403) {
    return new DuffelCallError(
      'unavailable',
      'The airline connection is not set up correctly; the operator needs to check it.',
      details,
      'authentication',
      errors,
      requestId,
    );
  }
  if (status >= 500) {
    // Duffel's published promise: order_not_created means no order and no payment.
    if (code === 'order_not_created') {
      return new DuffelCallError('refused', agentMessage(errors), details, 'server_error', errors, requestId);
    }
    return new DuffelCallError(
      write ? 'unknown_outcome' : 'unavailable',
      write
        ? 'The airline system failed while handling this; SkyDesk is checking whether it was recorded.'
        : 'The airline system is not answering properly; try again shortly.',
      details,
      'server_error',
      errors,
      requestId,
    );
  }
  if (status === 404 || status === 410 || (code && GONE_CODES.has(code))) {
    return new DuffelCallError('gone', agentMessage(errors), details, 'gone', errors, requestId);
  }
  return new DuffelCallError('refused', agentMessage(errors), details, 'refused', errors, requestId);
}

function readErrors(body: unknown): ApiResponseError[] {
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (error): error is ApiResponseError =>
      typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string',
  );
}

/** Duffel's codes in an agent's words (the reference's codes, and the test server's local ones). */
const AGENT_WORDS: Record<string, string> = {
  offer_no_longer_available: 'The airline no longer sells this fare. Search again for current fares.',
  not_found: 'The airline has no record of this any more. Search again for current fares.',
  price_changed: 'The airline changed the price of this fare. Check the new price and try again.',
  already_cancelled: 'The airline has already cancelled this booking.',
  already_paid: 'The airline has already been paid for this booking.',
  already_confirmed: 'This cancellation was already confirmed with the airline.',
  hold_expired: "The airline's hold on this booking has ended.",
  cancellation_expired: 'The cancellation quote has expired. Ask the airline for a new one.',
  invalid_payment_amount: 'The amount does not match what the airline asks for this booking.',
  order_awaiting_payment: 'The airline is still waiting for this booking to be paid.',
  flight_departed: 'The flight has already departed.',
  order_not_created: 'The airline could not confirm the booking; nothing was booked or charged. Try again.',
  ancillary_service_not_available: 'The airline does not offer this extra on this flight.',
  unavailable_feature: 'The airline does not offer this for this booking.',
  invalid_order_type: 'The airline does not allow holding this fare; it must be issued at once.',
  // Issue 32: order changes.
  change_not_allowed: 'The fare does not allow changes.',
  order_change_exists: 'A change from this offer is already under way with the airline.',
};

/** Passenger and order fields Duffel names in validation errors, as the booking form calls them. */
const FIELD_WORDS: Record<string, string> = {
  born_on: 'date of birth',
  given_name: 'first name',
  family_name: 'last name',
  phone_number: 'phone number',
  email: 'e-mail',
  title: 'title',
  gender: 'gender',
  infant_passenger_id: 'infant',
};

export function agentMessage(errors: readonly ApiResponseError[]): string {
  const first = errors[0];
  if (!first) return 'The airline refused the request.';
  const known = AGENT_WORDS[first.code];
  if (known) return known;
  if (first.type === 'validation_error') {
    const fields = errors
      .map((error) => (error as ApiResponseError & { source?: { field?: string } }).source?.field)
      .filter((field): field is string => typeof field === 'string')
      .map((field) => FIELD_WORDS[field.split('.').pop() ?? field] ?? field.split('.').pop() ?? field);
    const named = [...new Set(fields)];
    return named.length > 0
      ? `The airline refused the booking details: check the ${named.join(', ')}.`
      : 'The airline refused the booking details.';
  }
  if (first.type === 'airline_error')
    return 'The airline could not do this right now. Try again or search again.';
  return 'The airline refused the request.';
}
