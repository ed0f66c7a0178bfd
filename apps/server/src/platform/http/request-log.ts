import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Request ids and the one log line each request leaves (issue 17).
 *
 * Every request gets an id: Fastify puts it on the request's child logger (`reqId`), so each line
 * logged through `request.log` — the error handler's included — carries it, and it goes back to the
 * client as `X-Request-Id` so a support call can quote it. Behind a trusted proxy (TRUST_PROXY) a
 * sane id the proxy sent is kept, so the proxy's access log and ours share it; from anyone else an
 * incoming id is ignored (a client could otherwise pick ids that collide with other requests' in
 * the logs and the operators' audit trail).
 */

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's id may look like: nginx's $request_id (32 hex), UUIDs, ULIDs, `abc.def:1`. */
const SANE_ID = /^[\w.:-]{1,128}$/;

export function requestIdGenerator(options: { trustProxy: boolean }) {
  return (request: IncomingMessage): string => {
    if (options.trustProxy) {
      const incoming = request.headers[REQUEST_ID_HEADER];
      if (typeof incoming === 'string' && SANE_ID.test(incoming)) return incoming;
    }
    return randomUUID();
  };
}

/** The path of a URL without its query string: queries carry tokens (invitation links) and PII. */
export const pathOf = (url: string) => {
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
};

/** The id of the request whose work is running, through every await of it. */
const currentRequest = new AsyncLocalStorage<string>();

/**
 * Echoes the id on every answer (errors and 404s included: the hook runs before routing), and
 * runs the rest of the request inside its id's context, so what a service logs through the app's
 * own logger while serving it (a mail that failed, a sweep a request set off) carries it too.
 */
export function registerRequestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    currentRequest.run(request.id, done);
  });
}

/** Loggers that already bind a reqId (each request's child logger): not given it twice. */
const bindsRequestId = new WeakMap<object, boolean>();

/** pino's `mixin`: the current request's id on a line logged outside its request logger. */
export function requestIdMixin(
  _fields: object,
  _level: number,
  logger: { bindings(): Record<string, unknown> },
): object {
  const id = currentRequest.getStore();
  if (id === undefined) return {};
  let binds = bindsRequestId.get(logger);
  if (binds === undefined) {
    binds = 'reqId' in logger.bindings();
    bindsRequestId.set(logger, binds);
  }
  return binds ? {} : { reqId: id };
}

/**
 * A file of the SPA answered as asked: its page, a script, a style, a font — everything but the API
 * (`/api/…`) and the metrics, read or revalidated (304) without a failure. A page load asks for a
 * dozen of them (issue 30: 61 % of the log's lines), so they are logged at debug; a failed one, like
 * every API call, stays at info.
 */
export function isStaticFileRequest(method: string, path: string, status: number): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (status >= 400) return false;
  return !(path === '/api' || path.startsWith('/api/') || path === '/metrics');
}

/**
 * Fastify's per-request lines, two per request ("incoming request", "request completed"), become
 * one written when the answer is sent: method, path (no query), route pattern, status and
 * milliseconds — what an access log says, with the request's id like every other line of it.
 * The SPA's own files are logged at debug (isStaticFileRequest).
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: pathOf(request.url),
      route: request.routeOptions.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    // A failed answer's cause was logged by the error handler; a stream that broke mid-way is new.
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else if (isStaticFileRequest(line.method, line.url, line.status))
      request.log.debug(line, 'request completed');
    else request.log.info(line, 'request completed');
  }
}
