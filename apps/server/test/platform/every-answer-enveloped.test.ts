import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import type { TestApp } from '../support/auth-flow.js';
import { type RawAnswer, rawRequest } from './raw-http.js';

/**
 * Issue 27, "every answer in the envelope": every path by which Node or Fastify answer before
 * our handlers — headers or a URL past Node's limit, a request line or framing Node can't parse, a
 * missing Host, an expectation we don't meet, CONNECT, a method the path doesn't take, slow clients,
 * a server closing — answers `{ status: false, message }` as JSON like every call, with the
 * status that says what was wrong. Raw sockets: `inject()` never reaches Node's parser.
 */

const HOST = 'Host: skydesk.test\r\n';

/** The envelope docs/api.md promises every failure, as a raw answer carries it. */
function expectEnvelope(answer: RawAnswer, status: number, label: string) {
  expect(answer.status, `${label}: ${answer.status} ${JSON.stringify(answer.headers)} ${answer.body}`).toBe(
    status,
  );
  expect(answer.headers['content-type'] ?? '', label).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as { status?: unknown; message?: unknown };
  expect(body.status, label).toBe(false);
  expect(typeof body.message, label).toBe('string');
  expect((body.message as string).length, label).toBeGreaterThan(0);
  expect(Object.keys(body).sort(), `${label}: ${answer.body}`).toEqual(['message', 'status']);
  expect(answer.headers['x-content-type-options'], label).toBe('nosniff');
}

describe('answers before our handlers', () => {
  let t: TestApp;
  let port: number;
  const SHORT = { headersMs: 300, requestMs: 800, checkIntervalMs: 100 };

  beforeAll(async () => {
    t = await createTestApp('pglite', { timeouts: SHORT });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t?.close());

  const send = (...parts: (string | Buffer | number)[]) => rawRequest(port, parts);

  const CASES: [label: string, status: number, parts: (string | number)[]][] = [
    [
      'headers past the limit',
      431,
      [`GET /api/health HTTP/1.1\r\n${HOST}X-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
    ],
    [
      'too many headers',
      431,
      [
        `GET /api/health HTTP/1.1\r\n${HOST}${Array.from({ length: 4_000 }, (_, i) => `X-H${i}: 1\r\n`).join('')}\r\n`,
      ],
    ],
    ['a URL past the limit', 414, [`GET /api/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\n${HOST}\r\n`]],
    ['a method that is no token', 400, [`G@T /api/health HTTP/1.1\r\n${HOST}\r\n`]],
    ['a method HTTP does not know', 400, [`FETCH /api/health HTTP/1.1\r\n${HOST}\r\n`]],
    ['a header name with a space', 400, [`GET /api/health HTTP/1.1\r\nX Bad: 1\r\n${HOST}\r\n`]],
    ['an HTTP version that does not exist', 400, [`GET /api/health HTTP/9.9\r\n${HOST}\r\n`]],
    ['a NUL in the request line', 400, [`GET /api/he\u0000alth HTTP/1.1\r\n${HOST}\r\n`]],
    ['a space in the URL', 400, ['GET /api/he alth HTTP/1.1\r\n', HOST, '\r\n']],
    ['HTTP/1.1 without a Host', 400, ['GET /api/health HTTP/1.1\r\n\r\n']],
    [
      'a chunk size that is no number',
      400,
      [
        `POST /api/login HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`,
      ],
    ],
    [
      'both Content-Length and chunked',
      400,
      [`POST /api/login HTTP/1.1\r\n${HOST}Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`],
    ],
    [
      'a Content-Length that is no number',
      400,
      [`POST /api/login HTTP/1.1\r\n${HOST}Content-Length: abc\r\n\r\n`],
    ],
    [
      'a body past the limit',
      413,
      [
        `POST /api/login HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 2000000\r\n\r\n{"a":"`,
      ],
    ],
    [
      'an expectation other than 100-continue',
      417,
      [
        `POST /api/login HTTP/1.1\r\n${HOST}Expect: a-pony\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
      ],
    ],
    ['malformed percent-encoding', 400, [`GET /api/%E0%A4%A HTTP/1.1\r\n${HOST}\r\n`]],
    ['an unknown API path', 404, [`GET /api/nothing-here HTTP/1.1\r\n${HOST}\r\n`]],
    ['a path out of the root', 404, [`GET /api/../../etc/passwd HTTP/1.1\r\n${HOST}\r\n`]],
    ['a method the path does not take', 405, [`DELETE /api/health HTTP/1.1\r\n${HOST}\r\n`]],
    ['OPTIONS on a path', 405, [`OPTIONS /api/login HTTP/1.1\r\n${HOST}\r\n`]],
    [
      'TRACE on a path',
      405,
      [`TRACE /api/booking/1b4e28ba-2fa1-11d2-883f-0016d3cca427 HTTP/1.1\r\n${HOST}\r\n`],
    ],
    [
      'CONNECT to tunnel elsewhere',
      405,
      [`CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`],
    ],
    [
      'headers that trickle past the limit',
      408,
      [`GET /api/health HTTP/1.1\r\n${HOST}`, 'X-A: 1\r\n', 200, 'X-B: 1\r\n', 1_500],
    ],
    [
      'a body that trickles past the limit',
      408,
      [
        `POST /api/login HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
        2_500,
      ],
    ],
    ['a plain GET of the live socket', 403, [`GET /api/ws HTTP/1.1\r\n${HOST}\r\n`]],
    [
      'a live socket from a foreign origin',
      403,
      [
        `GET /api/ws HTTP/1.1\r\n${HOST}Origin: http://evil.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      ],
    ],
  ];

  it.each(CASES)('%s: %i in the envelope', async (label, status, parts) => {
    expectEnvelope(await send(...parts), status, label);
  });

  it('names the methods a path takes when it refuses another (Allow)', async () => {
    const answer = await send(`DELETE /api/health HTTP/1.1\r\n${HOST}\r\n`);
    expect(answer.headers.allow).toBe('GET, HEAD');
    const put = await send(`POST /api/user/1b4e28ba-2fa1-11d2-883f-0016d3cca427 HTTP/1.1\r\n${HOST}\r\n`);
    expectEnvelope(put, 405, 'POST on a user');
    expect(put.headers.allow).toBe('DELETE, PUT');
  });

  it('still answers a well-formed call as before', async () => {
    const answer = await send(`GET /api/health HTTP/1.1\r\n${HOST}Connection: close\r\n\r\n`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: true });
  });
});

describe('a server closing', () => {
  it('answers a request that arrives on an open connection while it closes: 503 in the envelope', async () => {
    const t = await createTestApp('pglite');
    let slowStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      slowStarted = resolve;
    });
    t.app.get('/api/test-slow', async () => {
      slowStarted();
      await new Promise((resolve) => setTimeout(resolve, 400));
      return { status: true, message: 'Slow', data: {} };
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    // Two requests on one connection, the second sent once the server is closing: the first is
    // still being answered, so the connection is busy and stays open for it.
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write(`GET /api/test-slow HTTP/1.1\r\n${HOST}\r\n`);
    await started;
    const closed = t.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write(`GET /api/health HTTP/1.1\r\n${HOST}\r\n`);
    await ended;
    await closed;
    const [first, second] = received.split(/(?=HTTP\/1\.1 \d{3} )/);
    expect(first, received).toMatch(/^HTTP\/1\.1 200 /);
    expect(second, received).toMatch(/^HTTP\/1\.1 503 /);
    const body = second!.slice(second!.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({ status: false, message: expect.any(String) });
    expect(second).toMatch(/content-type: application\/json/i);
  });
});
