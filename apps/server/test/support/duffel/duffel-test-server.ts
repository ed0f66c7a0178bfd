import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { triggerAirlineChange } from './airline-changes.js';
import type { AirlineInitiatedChange, DuffelOrder, WebhookEvent } from './duffel-types.js';
import { DuffelApiError, duffelError, errorBody } from './errors.js';
import { createFailureSwitch, type Failure } from './failures.js';
import { parseAmount } from './money.js';
import { acceptPendingOrder, type BookingContext, failPendingOrder } from './orders.js';
import { type DuffelRoute, handleRoute, matchRoute, type RouteAnswer } from './routes.js';
import { expireOffer, raiseOfferPrice } from './shopping.js';
import { createStateView, createStore, type ServerConfig } from './store.js';
import { createWebhookSender, type WebhookConfig } from './webhooks.js';

/**
 * A local, stateful server that speaks Duffel's Flights API (Duffel-Version v2) for tests, starts
 * and benchmarks: nothing here reaches beyond 127.0.0.1. Built from Duffel's API reference and the
 * official client's types (@duffel/api); see README.md beside this file for what it models.
 *
 *   const duffel = await createDuffelTestServer({ token: 'duffel_test_local' });
 *   const client = new Duffel({ token: 'duffel_test_local', basePath: duffel.url });
 *   duffel.failures.next('POST /air/orders', { kind: 'server_error', when: 'after' });
 *   …
 *   expect(duffel.state.orders()).toHaveLength(1);
 *   await duffel.close();
 */
export type DuffelTestServerOptions = {
  /** The access token callers must send as `Authorization: Bearer <token>`. */
  token: string;
  /** 0 (default): any free port. */
  port?: number;
  /** Same seed, same calls: same flights, prices and ids. */
  seed?: number;
  /** Currency of offers and services (default GBP, to exercise conversion into the portal's). */
  currency?: string;
  /** The server's clock (default: the real one). */
  now?: () => Date;
  /** Where signed events go; loopback addresses only. */
  webhook?: WebhookConfig;
  offerLifetimeMs?: number;
  holdLifetimeMs?: number;
  cancellationQuoteLifetimeMs?: number;
  /** How long an order change offer can be taken and confirmed (default 20 minutes). */
  changeOfferLifetimeMs?: number;
};

export type RequestLogEntry = {
  requestId: string;
  method: string;
  path: string;
  route: DuffelRoute | null;
  query: Record<string, string>;
  /** The `data` the caller sent, if any. */
  data: unknown;
  status: number | null;
  /** How the call ended: an answer, a connection left hanging, or a connection cut. */
  outcome: 'answered' | 'hung' | 'reset';
  failure: Failure['kind'] | null;
  at: string;
};

export type DuffelTestServer = Awaited<ReturnType<typeof createDuffelTestServer>>;

const SUPPORTED_VERSION = 'v2';
const RETIRED_VERSIONS = new Set(['beta', 'v1']);
const MAX_BODY_BYTES = 1_000_000;

export async function createDuffelTestServer(options: DuffelTestServerOptions) {
  const now = options.now ?? (() => new Date());
  const config: ServerConfig = {
    currency: options.currency ?? 'GBP',
    offerLifetimeMs: options.offerLifetimeMs ?? 30 * 60_000,
    holdLifetimeMs: options.holdLifetimeMs ?? 24 * 3_600_000,
    cancellationQuoteLifetimeMs: options.cancellationQuoteLifetimeMs ?? 15 * 60_000,
    changeOfferLifetimeMs: options.changeOfferLifetimeMs ?? 20 * 60_000,
  };
  const store = createStore({ seed: options.seed ?? 1, now, config });
  const webhooks = createWebhookSender({
    config: options.webhook,
    ids: store.ids,
    now,
    organisationId: store.organisationId,
  });
  const booking: BookingContext = {
    store,
    notify: (type, object, key) => void webhooks.emit(type, object, key),
  };
  const failures = createFailureSwitch();
  const requests: RequestLogEntry[] = [];
  const timers = new Map<NodeJS.Timeout, () => void>();
  const scheduled = new Set<Promise<void>>();
  let requestCounter = 0;
  let closed = false;

  /** A timer close() can end at once (its promise then resolves without running `run`). */
  function after(ms: number, run: () => void = () => {}): Promise<void> {
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!closed) run();
        resolve();
      }, ms);
      timers.set(timer, resolve);
    });
    scheduled.add(done);
    void done.finally(() => scheduled.delete(done));
    return done;
  }

  function authenticate(header: string | undefined): void {
    if (!header) throw duffelError.unauthenticated('missing_authorization_header');
    const match = /^Bearer (\S+)$/.exec(header);
    if (!match) throw duffelError.unauthenticated('invalid_authorization_header');
    if (match[1] !== options.token) throw duffelError.unauthenticated('access_token_not_found');
  }

  function checkVersion(header: string | undefined): void {
    if (!header) throw duffelError.badVersion('missing_version_header');
    if (RETIRED_VERSIONS.has(header)) throw duffelError.badVersion('unsupported_version');
    if (header !== SUPPORTED_VERSION) throw duffelError.badVersion('invalid_version_header');
  }

  async function readData(request: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES)
        throw duffelError.badRequest('bad_request', 'The request body is too large.');
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (!(request.headers['content-type'] ?? '').includes('application/json')) {
      throw duffelError.badRequest(
        'invalid_content_type_header',
        'The Content-Type should be set to application/json.',
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw duffelError.badRequest('bad_request', 'The request body is not valid JSON.');
    }
    if (!body || typeof body !== 'object' || !('data' in body)) {
      throw duffelError.badRequest(
        'missing_data_param',
        'The data in the request body should be nested under the data key.',
      );
    }
    const data = (body as { data: unknown }).data;
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      throw duffelError.badRequest(
        'invalid_data_param',
        'The data in the request body should be a JSON object.',
      );
    }
    return data;
  }

  /** The offer a call names, for failures that change an offer before the call runs. */
  function offerNamed(route: DuffelRoute, id: string, query: URLSearchParams, data: unknown): string {
    if (route === 'GET /air/offers/{id}') return id;
    if (route === 'GET /air/seat_maps') return query.get('offer_id') ?? '';
    const selected = (data as { selected_offers?: unknown } | undefined)?.selected_offers;
    return Array.isArray(selected) && typeof selected[0] === 'string' ? selected[0] : '';
  }

  function send(
    response: ServerResponse,
    entry: RequestLogEntry,
    answer: RouteAnswer,
    headers: Record<string, string> = {},
  ) {
    entry.status = answer.status;
    response.writeHead(answer.status, {
      'content-type': 'application/json; charset=utf-8',
      'x-request-id': entry.requestId,
      ...headers,
    });
    response.end(JSON.stringify(answer.body));
  }

  function sendError(response: ServerResponse, entry: RequestLogEntry, error: DuffelApiError) {
    send(response, entry, { status: error.status, body: errorBody(error, entry.requestId) }, error.headers);
  }

  /** Runs the call for a failure that happens "after": its effects stay, its answer is lost. */
  function runQuietly(run: () => RouteAnswer): void {
    try {
      run();
    } catch (error) {
      if (!(error instanceof DuffelApiError)) throw error;
    }
  }

  function hang(response: ServerResponse, entry: RequestLogEntry, hangMs: number | undefined) {
    entry.outcome = 'hung';
    // Without hangMs the connection stays open until the client gives up or the server closes.
    if (hangMs !== undefined) void after(hangMs, () => response.socket?.destroy());
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    requestCounter += 1;
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const entry: RequestLogEntry = {
      requestId: `req_${String(requestCounter).padStart(8, '0')}`,
      method: request.method ?? 'GET',
      path: url.pathname,
      route: null,
      query: Object.fromEntries(url.searchParams),
      data: undefined,
      status: null,
      outcome: 'answered',
      failure: null,
      at: now().toISOString(),
    };
    requests.push(entry);
    try {
      authenticate(request.headers.authorization);
      checkVersion(request.headers['duffel-version'] as string | undefined);
      const matched = matchRoute(entry.method, url.pathname);
      if (!matched) throw duffelError.notFound(`There is no ${entry.method} ${url.pathname} endpoint.`);
      entry.route = matched.name;
      const data = matched.readsBody ? await readData(request) : undefined;
      entry.data = data;
      const call = () =>
        handleRoute(matched.name, { booking, id: matched.id, query: url.searchParams, data });

      const failure = failures.take(matched.name);
      entry.failure = failure?.kind ?? null;
      switch (failure?.kind) {
        case undefined:
          return send(response, entry, call());
        case 'rate_limited': {
          const seconds = failure.retryAfterSeconds ?? 1;
          const error = duffelError.rateLimited(seconds);
          Object.assign(error.headers, {
            'ratelimit-limit': '60',
            'ratelimit-remaining': '0',
            'ratelimit-reset': new Date(now().getTime() + seconds * 1000).toUTCString(),
          });
          throw error;
        }
        case 'error':
          throw duffelError.custom(
            failure.status,
            failure.type,
            failure.code,
            failure.message ?? failure.code,
          );
        case 'delay':
          await after(failure.ms);
          if (closed) return;
          return send(response, entry, call());
        case 'price_rise': {
          const amount = parseAmount(failure.amount);
          if (amount === null)
            throw new Error(`price_rise needs an amount such as "25.00", not ${failure.amount}`);
          const offerId = offerNamed(matched.name, matched.id, url.searchParams, data);
          if (store.offers.has(offerId)) raiseOfferPrice(store, offerId, amount);
          return send(response, entry, call());
        }
        case 'offer_expired': {
          const offerId = offerNamed(matched.name, matched.id, url.searchParams, data);
          if (store.offers.has(offerId)) expireOffer(store, offerId);
          return send(response, entry, call());
        }
        case 'server_error':
          if (failure.when === 'after') runQuietly(call);
          throw duffelError.server(failure.status ?? 500, failure.code ?? 'internal_server_error');
        case 'timeout':
          if (failure.when === 'after') runQuietly(call);
          return hang(response, entry, failure.hangMs);
        case 'connection_reset':
          if (failure.when === 'after') runQuietly(call);
          entry.outcome = 'reset';
          request.socket.destroy();
          return;
        case 'accepted_then_failed': {
          const pending = acceptPendingOrder(booking, data);
          void after(failure.failAfterMs ?? 50, () => failPendingOrder(booking, pending.id));
          return send(response, entry, { status: 202, body: { data: pending } });
        }
      }
    } catch (error) {
      if (error instanceof DuffelApiError) return sendError(response, entry, error);
      // A bug in this server: say so loudly in the test's output, answer as Duffel would.
      console.error('Duffel test server failed on', entry.method, entry.path, error);
      return sendError(response, entry, duffelError.server(500, 'internal_server_error'));
    }
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const controls = {
    /** The offer expires now: reads and orders of it answer offer_no_longer_available. */
    expireOffer: (offerId: string) => expireOffer(store, offerId),
    /** The airline asks `amount` more for the offer (re-pricing shows it; old amounts get price_changed). */
    raisePrice(offerId: string, amount: string) {
      const minor = parseAmount(amount);
      if (minor === null) throw new Error(`Not an amount: ${amount}`);
      raiseOfferPrice(store, offerId, minor);
    },
    /** A hold order's time to pay has passed. */
    expireHold(orderId: string) {
      const order = store.orders.get(orderId);
      if (!order) throw new Error(`No order ${orderId}`);
      order.payment_status.payment_required_by = new Date(now().getTime() - 1_000).toISOString();
    },
    /** Issue 32: an order change offer (and a change made from it) can no longer be taken. */
    expireChangeOffer(offerId: string) {
      const record = store.orderChangeOffers.get(offerId);
      if (!record) throw new Error(`No order change offer ${offerId}`);
      const past = new Date(now().getTime() - 1_000).toISOString();
      record.answer.expires_at = past;
      const changeId = record.answer.order_change_id;
      const change = changeId ? store.orderChanges.get(changeId) : undefined;
      if (change) change.answer.expires_at = past;
    },
    /** The airline moves a slice by `minutes`: the order changes and the event goes out. */
    airlineInitiatedChange(
      orderId: string,
      change: { minutes?: number; sliceIndex?: number } = {},
    ): AirlineInitiatedChange {
      return structuredClone(
        triggerAirlineChange(booking, orderId, {
          minutes: change.minutes ?? 90,
          sliceIndex: change.sliceIndex ?? 0,
        }),
      );
    },
    /** The order changes at the airline (`change` edits it) and `order.updated` goes out. */
    updateOrder(orderId: string, change: (order: DuffelOrder) => void = () => {}): DuffelOrder {
      const order = store.orders.get(orderId);
      if (!order) throw new Error(`No order ${orderId}`);
      change(order);
      order.synced_at = now().toISOString();
      booking.notify('order.updated', order, `${order.id}-${order.synced_at}`);
      return structuredClone(order);
    },
    /** Any event, for a receiver's tests (e.g. 'ping.triggered'). */
    sendEvent: <T>(type: WebhookEvent['type'], object: T, idempotencyKey = `test-${type}`): WebhookEvent<T> =>
      webhooks.emit(type, object, idempotencyKey),
  };

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    /** Currency and lifetimes for what is made from now on. */
    config,
    failures,
    /** What was searched, ordered, paid, cancelled: copies to assert on. */
    state: createStateView(store),
    /** Every call received, in order. */
    requests,
    /** The calls that reached one endpoint. */
    requestsTo: (route: DuffelRoute) => requests.filter((entry) => entry.route === route),
    webhooks: {
      /** Every event made, sent or not (no webhook configured: none sent). */
      events: webhooks.events,
      deliveries: webhooks.deliveries,
    },
    controls,
    /** Resolves once scheduled work (202 outcomes, delays) and webhook deliveries are done. */
    async idle(): Promise<void> {
      while (scheduled.size > 0) await Promise.all([...scheduled]);
      await webhooks.idle();
    },
    /** Stops at once: open and hanging connections are cut, timers and retries end. */
    async close(): Promise<void> {
      closed = true;
      for (const [timer, resolve] of timers) {
        clearTimeout(timer);
        resolve();
      }
      timers.clear();
      webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
