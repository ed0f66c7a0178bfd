import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { consoleLogStream, formatLogLine } from '../../src/platform/http/console-log.js';
import { requestIdMixin } from '../../src/platform/http/request-log.js';
import { createTestApp, testConfig } from '../support/app.js';
import type { TestApp } from '../support/auth-flow.js';

/** Issue 17: every request's lines carry its id, the client gets it back, one line per request. */

type Line = Record<string, unknown> & { msg: string; reqId?: string };

function logSink() {
  const lines: Line[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) {
        if (!line.trim()) continue;
        raw.push(line);
        lines.push(JSON.parse(line));
      }
      done();
    },
  });
  // The app's own options (app.ts) but for the stream.
  return { lines, raw, logger: { level: 'info', stream, mixin: requestIdMixin } };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids and request logs', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('gives each request an id, returns it as X-Request-Id and puts it on every line of that request', async () => {
    const log = logSink();
    t = await createTestApp('pglite', { logger: log.logger });
    const app = t.app;
    t.app.get('/api/test-failure', async (request) => {
      request.log.info('working on it');
      // A service logging through the app's logger, after an await, still names the request.
      await new Promise((resolve) => setTimeout(resolve, 5));
      app.log.warn('a service noticed something');
      throw new Error('the handler broke');
    });

    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    const failed = await t.app.inject({ method: 'GET', url: '/api/test-failure' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing/123?token=secret-token' });

    const ids = [ok, failed, missing].map((res) => res.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(3);

    const failedLines = log.lines.filter((line) => line.reqId === ids[1]);
    expect(failedLines.map((line) => line.msg)).toEqual([
      'working on it',
      'a service noticed something',
      'request failed',
      'request completed',
    ]);
    // Once on each line, whichever logger wrote it.
    const failedRaw = log.raw.filter((line) => line.includes(String(ids[1])));
    expect(failedRaw).toHaveLength(4);
    for (const line of failedRaw) expect(line.split('"reqId"')).toHaveLength(2);
    const error = failedLines[2]!;
    expect(error.level).toBe(50);
    expect((error.err as { message: string }).message).toBe('the handler broke');

    const completed = log.lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(3);
    expect(completed[0]).toMatchObject({
      reqId: ids[0],
      method: 'GET',
      url: '/api/health',
      route: '/api/health',
      status: 200,
      ms: expect.any(Number),
    });
    // The query string stays out of the log (tokens ride in some links' queries).
    expect(completed[2]).toMatchObject({ reqId: ids[2], url: '/api/no-such-thing/123', status: 404 });
    expect(JSON.stringify(log.lines)).not.toContain('secret-token');
    // Outside any request, the app's lines carry no id.
    t.app.log.info('between requests');
    expect(log.lines.at(-1)).toMatchObject({ msg: 'between requests' });
    expect(log.lines.at(-1)?.reqId).toBeUndefined();
    // Fastify's own "incoming request" line is replaced by the one line above.
    expect(log.lines.some((line) => line.msg === 'incoming request')).toBe(false);
    // Each test builds its own app (a real start on a busy machine takes seconds).
  }, 120_000);

  it('logs the SPA’s files at debug, so the API calls are what the log shows at info (issue 30)', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'skydesk-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>SkyDesk</title>');
    writeFileSync(join(dist, 'assets', 'index-3f6c1a2e.js'), 'console.log(1)');
    const log = logSink();
    t = await createTestApp('pglite', { logger: log.logger, webDistDir: dist });
    for (const url of ['/', '/assets/index-3f6c1a2e.js', '/dashboard', '/api/health']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    const logged = log.lines.filter((line) => line.msg === 'request completed').map((line) => line.url);
    expect(logged).toEqual(['/api/health', '/api/no-such-thing']);
  }, 120_000);

  it("ignores a client's X-Request-Id unless a trusted proxy sent it, and then keeps only a sane one", async () => {
    t = await createTestApp('pglite');
    const direct = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'chosen-by-client' },
    });
    expect(direct.headers['x-request-id']).toMatch(UUID);
    await t.close();

    t = await createTestApp('pglite', { config: testConfig({ trustProxy: true }) });
    const proxied = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': '7f3a9c0e2b1d4e5f' },
    });
    expect(proxied.headers['x-request-id']).toBe('7f3a9c0e2b1d4e5f');
    for (const insane of ['a b', 'x'.repeat(129), 'id\u0000', '<script>']) {
      const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': insane } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  }, 120_000);
});

describe('the terminal log', () => {
  const at = new Date(2026, 10, 27, 9, 14, 3).getTime();

  it('prints a request as one line: time, method, path, status, milliseconds, request id', () => {
    const raw = JSON.stringify({
      level: 30,
      time: at,
      reqId: '3f6c1a2e-0000-4000-8000-000000000000',
      method: 'POST',
      url: '/api/search',
      route: '/api/search',
      status: 200,
      ms: 182.4,
      msg: 'request completed',
    });
    expect(formatLogLine(raw, { colors: false })).toBe(
      '09:14:03   POST  /api/search  200  182.4 ms  3f6c1a2e',
    );
  });

  it('prints other lines with their level, fields and stack', () => {
    const raw = JSON.stringify({
      level: 50,
      time: at,
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      err: { message: 'boom', stack: 'Error: boom\n    at x' },
      store: 'pglite',
      msg: 'request failed',
    });
    expect(formatLogLine(raw, { colors: false })).toBe(
      '09:14:03  ERROR  request failed  store=pglite  req-1\n    Error: boom\n        at x',
    );
    expect(formatLogLine('not json', { colors: false })).toBe('not json');
  });

  it('reassembles lines split across writes', async () => {
    let printed = '';
    const out = new Writable({
      write(chunk, _encoding, done) {
        printed += String(chunk);
        done();
      },
    });
    const stream = consoleLogStream(out, { colors: false });
    const line = JSON.stringify({ level: 40, time: at, msg: 'careful' });
    stream.write(line.slice(0, 10));
    stream.write(`${line.slice(10)}\n`);
    await new Promise((resolve) => stream.end(resolve));
    expect(printed).toBe('09:14:03  WARN   careful\n');
  });
});
