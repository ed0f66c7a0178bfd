import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { AppError, type FailureEnvelope } from '@skydesk/contract';
import type { ConnectionError, FastifyInstance } from 'fastify';

/**
 * The answers Node and Fastify give before any route of ours runs, each in the docs/api.md
 * envelope (issue 27): a request Node's parser refuses (headers or URL past its limit, a broken
 * request line or framing) or that arrives too slowly, an expectation the server doesn't meet,
 * CONNECT, a request without Host, one that arrives while the server closes, and a method a path
 * doesn't take. Without this they answered Fastify's `{"error":…,"statusCode":…}`, or an empty
 * body, or nothing at all.
 */

export const HTTP_MESSAGES = {
  malformed: 'The request is malformed: this is not HTTP the server can read',
  timeout: 'The request took too long to arrive. Please try again.',
  headersTooLarge: 'The request headers are too large',
  urlTooLong: 'The URL is too long',
  expectation: 'The server meets no expectation but 100-continue',
  noHost: 'The request has no Host header',
  noTunnel: 'This server is no proxy: it takes no CONNECT',
  closing: 'The server is restarting. Please try again in a moment.',
  methodNotAllowed: (method: string, allowed: readonly string[]) =>
    `This path does not take ${method}: it takes ${allowed.join(', ')}`,
} as const;

/** An answer written straight to a socket Fastify never saw: the envelope, then the connection closes. */
function writeEnvelope(socket: Duplex, error: AppError, extraHeaders: Record<string, string> = {}) {
  if (!socket.writable) return;
  const body = JSON.stringify({ status: false, message: error.message } satisfies FailureEnvelope);
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    Connection: 'close',
    ...extraHeaders,
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n${head}\r\n${body}`);
}

/** A request line that the parser was still reading when it overflowed: the URL is what is too long. */
function overflowedInRequestLine(error: { rawPacket: Buffer | undefined; bytesParsed: number | undefined }) {
  const packet = error.rawPacket;
  if (!packet) return false;
  const parsed = packet.subarray(0, error.bytesParsed ?? packet.length);
  return /^[A-Z]+ /.test(parsed.subarray(0, 16).toString('latin1')) && !parsed.includes('\r\n');
}

/**
 * Fastify's `clientErrorHandler` (Node's `clientError`): the request never became one Fastify
 * could route. A reset connection needs no answer; anything else is the client's to fix.
 */
export function answerClientError(this: FastifyInstance, connectionError: ConnectionError, socket: Socket) {
  const error = connectionError as ConnectionError & { code?: string; bytesParsed?: number };
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let answer: AppError;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    answer = new AppError('request_timeout', HTTP_MESSAGES.timeout);
  else if (error.code === 'HPE_HEADER_OVERFLOW') {
    // Node's rawPacket is a Buffer (Fastify's typings say otherwise).
    const packet = error.rawPacket as unknown as Buffer | undefined;
    answer = overflowedInRequestLine({ rawPacket: packet, bytesParsed: error.bytesParsed })
      ? new AppError('uri_too_long', HTTP_MESSAGES.urlTooLong)
      : new AppError('headers_too_large', HTTP_MESSAGES.headersTooLarge);
  } else answer = new AppError('bad_request', HTTP_MESSAGES.malformed);
  // Scanners and broken clients send these all day: worth a line when looking, not a warning.
  this.log.debug({ code: error.code, status: answer.status }, 'client error answered');
  writeEnvelope(socket, answer);
  socket.destroy();
}

/**
 * The methods each route pattern takes, recorded as routes are added (call before any), so a
 * request for a path that exists under other methods answers 405 with `Allow` instead of 404.
 * Catch-all patterns (the SPA's files) are left out: they would make every path "exist".
 */
export function trackRouteMethods(app: FastifyInstance): (path: string) => string[] {
  const patterns = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    let entry = patterns.get(route.url);
    if (!entry) {
      entry = { pattern: patternOf(route.url), methods: new Set() };
      patterns.set(route.url, entry);
    }
    for (const method of [route.method].flat()) entry.methods.add(String(method).toUpperCase());
  });
  return (path) => {
    const allowed = new Set<string>();
    for (const { pattern, methods } of patterns.values()) {
      if (pattern.test(path)) for (const method of methods) allowed.add(method);
    }
    return [...allowed].sort();
  };
}

/** `/api/user/:id` as a regular expression of concrete paths (a trailing slash allowed, as routed). */
function patternOf(url: string): RegExp {
  const source = url
    .split(/(:\w+)/)
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source.replace(/\/$/, '')}/?$`);
}

/**
 * What Node answers on its own unless told otherwise, answered in the envelope: an `Expect` it
 * doesn't meet (417), CONNECT (405: nothing here tunnels), a request without Host (Node's empty
 * 400; `requireHostHeader: false` lets it reach this hook), and, once the server is closing, a
 * request that still arrives on a kept-alive connection (503, as `return503OnClosing` would, but
 * in the envelope).
 */
export function registerProtocolAnswers(app: FastifyInstance) {
  app.server.on('checkExpectation', (_request, response) => {
    const error = new AppError('expectation_failed', HTTP_MESSAGES.expectation);
    response.shouldKeepAlive = false;
    response
      .writeHead(error.status, {
        'content-type': 'application/json; charset=utf-8',
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      })
      .end(JSON.stringify({ status: false, message: error.message } satisfies FailureEnvelope));
  });
  app.server.on('connect', (_request, socket: Duplex) => {
    writeEnvelope(socket, new AppError('method_not_allowed', HTTP_MESSAGES.noTunnel), { Allow: 'GET, HEAD' });
    socket.destroy();
  });

  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing) {
      // Expected while a deployment restarts the process: answered, not logged as a failure.
      return reply
        .code(503)
        .header('connection', 'close')
        .header('retry-after', '1')
        .header('x-content-type-options', 'nosniff')
        .send({ status: false, message: HTTP_MESSAGES.closing } satisfies FailureEnvelope);
    }
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      throw new AppError('bad_request', HTTP_MESSAGES.noHost);
    }
  });
}
