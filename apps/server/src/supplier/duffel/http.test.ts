import { afterEach, describe, expect, it } from 'vitest';
import {
  createDuffelTestServer,
  type DuffelTestServer,
} from '../../../test/support/duffel/duffel-test-server.js';
import { createManualClock, systemClock } from '../../platform/clock.js';
import { createCircuitBreaker } from '../circuit-breaker.js';
import { SupplierCallError } from '../remote-orders.js';
import { createSupplierHealth } from '../supplier-health.js';
import { createDuffelHttp, type DuffelCallError, operationName } from './http.js';
import type { OfferRequest } from './types.js';

const TOKEN = 'duffel_test_local';
let server: DuffelTestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: { breaker?: boolean; threshold?: number } = {}) {
  server = await createDuffelTestServer({ token: TOKEN, seed: 7 });
  const health = createSupplierHealth({ clock: systemClock });
  const breakerClock = createManualClock();
  const breaker = options.breaker
    ? createCircuitBreaker({ clock: breakerClock, failureThreshold: options.threshold ?? 3, openMs: 10_000 })
    : undefined;
  const http = createDuffelHttp({
    token: TOKEN,
    baseUrl: server.url,
    health,
    ...(breaker ? { breaker } : {}),
  });
  return { server, http, health, breaker, breakerClock };
}

const inThirtyDays = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

const offerRequest = (http: ReturnType<typeof createDuffelHttp>, deadlineMs?: number) =>
  http.request<OfferRequest>({
    method: 'POST',
    path: '/air/offer_requests',
    params: { return_offers: true },
    data: {
      slices: [{ origin: 'LHR', destination: 'JFK', departure_date: inThirtyDays() }],
      passengers: [{ type: 'adult' }],
      cabin_class: 'economy',
    },
    write: false,
    ...(deadlineMs ? { deadlineMs } : {}),
  });

async function failureOf(promise: Promise<unknown>): Promise<DuffelCallError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SupplierCallError);
    return error as DuffelCallError;
  }
  throw new Error('the call succeeded');
}

describe('the Duffel HTTP client', () => {
  it('sends the token and version, wraps the body in data and reads data and meta', async () => {
    const { http, server, health } = await start();
    const answer = await offerRequest(http);
    expect(answer.status).toBe(201);
    expect(answer.data.offers.length).toBeGreaterThan(0);
    const list = await http.request<unknown[]>({
      method: 'GET',
      path: '/air/offers',
      params: { offer_request_id: answer.data.id, limit: 2 },
    });
    expect(list.data).toHaveLength(2);
    expect(list.meta?.limit).toBe(2);
    expect(server.requestsTo('POST /air/offer_requests')[0]?.data).toMatchObject({ cabin_class: 'economy' });
    expect(health.snapshot()).toMatchObject({ calls: 2, lastError: null });
    expect(health.snapshot().p95LatencyMs).toBeGreaterThanOrEqual(0);
  });

  it('refuses without the token: unavailable, counted as an authentication failure', async () => {
    const { server, health } = await start();
    const http = createDuffelHttp({ token: 'wrong', baseUrl: server.url, health });
    const error = await failureOf(offerRequest(http));
    expect(error.kind).toBe('unavailable');
    expect(error.details).toMatchObject({ status: 401, code: 'access_token_not_found', supplier: 'duffel' });
    expect(health.snapshot().errors.authentication).toBe(1);
  });

  it('waits for Retry-After on a 429 and tries again within the deadline', async () => {
    const { http, server, health } = await start();
    server.failures.next('POST /air/offer_requests', { kind: 'rate_limited', retryAfterSeconds: 1 });
    const began = performance.now();
    const answer = await offerRequest(http);
    expect(answer.status).toBe(201);
    expect(performance.now() - began).toBeGreaterThanOrEqual(950);
    expect(server.requestsTo('POST /air/offer_requests').map((r) => r.status)).toEqual([429, 201]);
    expect(health.snapshot().errors.rate_limited).toBe(0);
  });

  it('gives up on a 429 whose wait does not fit in the deadline: unavailable, nothing retried', async () => {
    const { http, server, health } = await start();
    server.failures.next('POST /air/offer_requests', { kind: 'rate_limited', retryAfterSeconds: 3 });
    const error = await failureOf(offerRequest(http, 1_000));
    expect(error).toMatchObject({
      kind: 'unavailable',
      details: { status: 429, code: 'rate_limit_exceeded' },
    });
    expect(server.requestsTo('POST /air/offer_requests')).toHaveLength(1);
    expect(health.snapshot().errors.rate_limited).toBe(1);
  });

  it('retries a 429 a bounded number of times', async () => {
    const { http, server } = await start();
    server.failures.always('GET /air/offers', { kind: 'rate_limited', retryAfterSeconds: 0 });
    const error = await failureOf(
      http.request({ method: 'GET', path: '/air/offers', params: { offer_request_id: 'orq_x' } }),
    );
    expect(error.kind).toBe('unavailable');
    expect(server.requestsTo('GET /air/offers')).toHaveLength(4);
  });

  it('stops at the deadline: a read is unavailable, a write an unknown outcome', async () => {
    const { http, server, health } = await start();
    server.failures.next('POST /air/offer_requests', { kind: 'timeout', when: 'before' });
    // Ended by its deadline: the cause says so (a call that never ended would fail the test's timeout).
    const read = await failureOf(offerRequest(http, 300));
    expect(read).toMatchObject({ kind: 'unavailable', failureCause: 'timeout' });

    server.failures.next('POST /air/orders', { kind: 'timeout', when: 'before' });
    const write = await failureOf(
      http.request({ method: 'POST', path: '/air/orders', data: { type: 'hold' }, deadlineMs: 300 }),
    );
    expect(write).toMatchObject({ kind: 'unknown_outcome', failureCause: 'timeout' });
    expect(health.snapshot().errors.timeout).toBe(2);
  });

  it('a reset or a 5xx is an unknown outcome for a write and unavailable for a read', async () => {
    const { http, server } = await start();
    server.failures.next('POST /air/orders', { kind: 'connection_reset', when: 'before' });
    const reset = await failureOf(
      http.request({ method: 'POST', path: '/air/orders', data: { type: 'hold' } }),
    );
    expect(reset).toMatchObject({ kind: 'unknown_outcome', failureCause: 'connection' });

    server.failures.next('POST /air/orders', { kind: 'server_error', when: 'before' });
    const fiveHundred = await failureOf(
      http.request({ method: 'POST', path: '/air/orders', data: { type: 'hold' } }),
    );
    expect(fiveHundred).toMatchObject({ kind: 'unknown_outcome', details: { status: 500 } });

    server.failures.next('GET /air/orders', { kind: 'server_error', when: 'before' });
    const read = await failureOf(http.request({ method: 'GET', path: '/air/orders' }));
    expect(read).toMatchObject({ kind: 'unavailable', details: { status: 500 } });

    server.failures.next('POST /air/orders', {
      kind: 'server_error',
      when: 'before',
      status: 502,
      code: 'order_not_created',
    });
    const notCreated = await failureOf(
      http.request({ method: 'POST', path: '/air/orders', data: { type: 'hold' } }),
    );
    expect(notCreated.kind).toBe('refused');
    expect(notCreated.message).toMatch(/nothing was booked or charged/);
  });

  it("puts a 4xx in the agent's words: gone for an offer no longer sold, refused with the fields named", async () => {
    const { http, server } = await start();
    const request = await offerRequest(http);
    const offer = request.data.offers[0]!;
    server.controls.expireOffer(offer.id);
    const gone = await failureOf(http.request({ method: 'GET', path: `/air/offers/${offer.id}` }));
    expect(gone).toMatchObject({ kind: 'gone', details: { code: 'offer_no_longer_available' } });
    expect(gone.message).toMatch(/no longer sells this fare/);

    const missing = await failureOf(
      http.request({ method: 'GET', path: '/air/orders/ord_0000000000000000000000' }),
    );
    expect(missing.kind).toBe('gone');

    const fresh = (await offerRequest(http)).data.offers[0]!;
    const invalid = await failureOf(
      http.request({
        method: 'POST',
        path: '/air/orders',
        data: {
          type: 'hold',
          selected_offers: [fresh.id],
          passengers: [{ id: fresh.passengers[0]!.id, born_on: 'not a date' }],
        },
      }),
    );
    expect(invalid.kind).toBe('refused');
    expect(invalid.details.status).toBe(422);
    expect(invalid.message).toMatch(/^The airline refused the booking details/);
    expect(invalid.message).not.toMatch(/malformed_data_param/);
  });

  it('opens the circuit after repeated failures, skips calls while open, and closes after a good probe', async () => {
    const { http, server, breaker, breakerClock, health } = await start({ breaker: true, threshold: 3 });
    server.failures.always('*', {
      kind: 'error',
      status: 503,
      type: 'api_error',
      code: 'service_unavailable',
    });
    for (let i = 0; i < 3; i += 1) await failureOf(offerRequest(http));
    expect(breaker!.snapshot().state).toBe('open');

    const skipped = await failureOf(offerRequest(http));
    expect(skipped).toMatchObject({ kind: 'unavailable', details: { code: 'circuit_open' } });
    expect(server.requestsTo('POST /air/offer_requests')).toHaveLength(3);
    expect(health.snapshot().skipped).toBe(1);

    breakerClock.advance(10_001);
    expect(breaker!.snapshot().state).toBe('half_open');
    await failureOf(offerRequest(http));
    expect(breaker!.snapshot().state).toBe('open');

    server.failures.clear();
    breakerClock.advance(10_001);
    await offerRequest(http);
    expect(breaker!.snapshot()).toMatchObject({ state: 'closed', consecutiveFailures: 0 });
  });

  it('names operations by route, never by id', () => {
    expect(operationName({ method: 'GET', path: '/air/offers/off_0000AbC123' })).toBe('GET /air/offers/{id}');
    expect(operationName({ method: 'POST', path: '/air/order_cancellations/ore_12ab/actions/confirm' })).toBe(
      'POST /air/order_cancellations/{id}/actions/confirm',
    );
  });
});
