import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FailureEnvelope, SERVER } from '@skydesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { onCommittedWrite } from '../db/committed-writes.js';
import type { Store } from '../db/store.js';
import { createMetrics, type Metrics } from './metrics.js';

/**
 * Prometheus metrics (issue 17, docs/architecture.md §7), never on the public port for anyone:
 * - METRICS_TOKEN: `GET /metrics` on the main port answers a request bearing
 *   `Authorization: Bearer <token>` (401 without it);
 * - METRICS_PORT: a port of its own, on METRICS_HOST (loopback by default), answers without one —
 *   whoever can reach it is on the machine or the network the operator opened it to;
 * - neither: nothing is measured and `/metrics` answers 404 (it must not fall to the SPA).
 * Registered before every route, so its hooks see them all.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics' own port once it listens ('http://127.0.0.1:9464/metrics'); undefined without one. */
    metricsUrl(): string | undefined;
  }
}

export const METRICS_PATH = '/metrics';
const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export type MetricsOptions = { config: Config; store: Store; version: string };

export const metricsPlugin = fp<MetricsOptions>(
  async (app, { config, store, version }) => {
    const enabled = config.metricsToken !== undefined || config.metricsPort !== undefined;
    const metrics = enabled ? createMetrics({ store, version }) : undefined;
    let server: Server | undefined;
    app.decorate('metricsUrl', () => {
      const address = server?.address() as AddressInfo | null | undefined;
      return address ? `http://${hostOf(address)}:${address.port}${METRICS_PATH}` : undefined;
    });

    // Scrapes log below info: one line every 15 s from Prometheus is noise.
    app.get(METRICS_PATH, { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      if (!metrics || config.metricsToken === undefined) {
        return reply.code(404).send({ status: false, message: SERVER.notFound } satisfies FailureEnvelope);
      }
      if (!bearerMatches(request, config.metricsToken)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ status: false, message: 'The metrics need their bearer token' } satisfies FailureEnvelope);
      }
      return reply.type(CONTENT_TYPE).send(await metrics.registry.metrics());
    });
    if (!metrics) return;

    measureRequests(app, metrics);
    const stopWatching = onCommittedWrite((write) => {
      if (write.table === 'booking_events') metrics.bookingChanged(write.toStatus);
      else metrics.ledgerPosted(write.kind);
    });
    app.addHook('onClose', async () => stopWatching());

    const port = config.metricsPort;
    if (port !== undefined) {
      // Opened when the app is ready, before the main port: a port already taken stops the start
      // (onListen would only log it). Closed with the app, before the store.
      app.addHook('onReady', async () => {
        server = await listenForScrapes(metrics, port, config.metricsHost);
        app.log.info({ url: app.metricsUrl() }, 'metrics served on their own port');
      });
      app.addHook('onClose', async () => {
        await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      });
    }
  },
  { name: 'skydesk-metrics', fastify: '5.x' },
);

/**
 * Request rate, latency and in-flight count of HTTP requests (not WebSocket handshakes); a request
 * aborted before its answer counts once.
 */
function measureRequests(app: FastifyInstance, metrics: Metrics) {
  const open = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request) => {
    // A WebSocket's handshake is taken over by the socket and never "answered": left out, or it
    // would stay in flight for the socket's life.
    if (request.headers.upgrade !== undefined) return;
    open.add(request);
    metrics.requestStarted();
  });
  const end = (request: FastifyRequest, status: number, seconds: number | undefined) => {
    if (!open.delete(request)) return;
    metrics.requestEnded({ method: request.method, route: request.routeOptions.url, status, seconds });
  };
  app.addHook('onResponse', async (request, reply) =>
    end(request, reply.statusCode, reply.elapsedTime / 1000),
  );
  // The client went away before its answer: 499 as nginx logs it, and no latency to observe.
  app.addHook('onRequestAbort', async (request) => end(request, 499, undefined));
}

/** The scrape port: `GET /metrics` and nothing else. */
async function listenForScrapes(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': CONTENT_TYPE }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/** Compares digests, so the comparison takes the same time whatever the guess. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return given !== '' && timingSafeEqual(digest(given), digest(token));
}

const hostOf = (address: AddressInfo) =>
  address.family === 'IPv6' ? `[${address.address}]` : address.address;
