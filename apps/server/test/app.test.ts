import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError, defineEndpoint, SERVER } from '@skydesk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAccessGuard } from '../src/modules/auth/guard.js';
import { createEndpointRegistrar } from '../src/platform/http/endpoint-route.js';
import { createTokenService } from '../src/platform/security/tokens.js';
import { createTestApp } from './support/app.js';
import { storeKinds } from './support/stores.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const echoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/test/echo/{id}',
  summary: 'test only',
  access: 'public',
  params: z.object({ id: z.uuid() }),
  query: z.object({ page: z.coerce.number().int().min(0).default(0) }),
  body: z.strictObject({
    name: z.string().min(2),
    legs: z.array(z.strictObject({ code: z.string().length(3) })).min(1),
  }),
  response: z.object({ id: z.string(), page: z.number(), name: z.string() }),
  successStatus: 201,
});

const privateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/test/private',
  summary: 'test only',
  access: 'company',
  permission: 'bookings.view',
  response: z.object({}),
});

describe.each(storeKinds())('the app on %s', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('answers the health check with the store state', async () => {
    t = await createTestApp(kind);
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, data: { status: 'ok', store: 'ok' } });
  });

  it('answers 503 in the envelope when the store is down', async () => {
    t = await createTestApp(kind);
    const ping = t.store.ping;
    t.store.ping = async () => {
      throw new Error('connection refused');
    };
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    t.store.ping = ping;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: false,
      message: SERVER.storeUnreachable,
      data: {
        status: 'unavailable',
        store: 'unreachable',
        uploads: 'ok',
        version: '0.1.0',
        uptime_seconds: 0,
      },
    });
  });

  it('answers unknown API paths with 404 in the envelope, for every method', async () => {
    t = await createTestApp(kind);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: false, message: SERVER.routeNotFound });
    }
  });

  it('serves the OpenAPI description of every route', async () => {
    t = await createTestApp(kind);
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get.summary).toBe('Liveness and store check');
  });

  it('sends strict security headers with a CSP that allows no inline script', async () => {
    t = await createTestApp(kind);
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('contract endpoints', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function appWithTestRoutes() {
    t = await createTestApp('pglite');
    const tokens = createTokenService({ secret: 'x'.repeat(48), now: () => t.clock.now() });
    const guard = createAccessGuard({ store: t.store, tokens, clock: t.clock });
    const route = createEndpointRegistrar(t.app, { guard, validateResponses: true });
    route(echoEndpoint, async ({ params, query, body }) => ({
      message: 'Echoed',
      data: { id: params.id, page: query.page, name: body.name },
    }));
    route(privateEndpoint, async () => ({ message: 'never', data: {} }));
    t.app.get('/api/test/boom', async () => {
      throw new Error('duplicate key value violates unique constraint "users_email_key" SELECT * FROM users');
    });
    t.app.get('/api/test/conflict', async () => {
      throw new AppError('conflict', 'Seats are gone', { data: { seats_left: 0 } });
    });
    t.app.get('/api/test/limited', async () => {
      throw new AppError('rate_limited', SERVER.rateLimited, { retryAfter: 30 });
    });
    return t.app;
  }

  const id = '0b9f3c9e-6f43-4a5e-9a77-3c1c1d1f5e01';

  it('validates, runs the handler and wraps the answer in the success envelope', async () => {
    const app = await appWithTestRoutes();
    const res = await app.inject({
      method: 'POST',
      url: `/api/test/echo/${id}?page=2`,
      payload: { name: 'Ada', legs: [{ code: 'LHR' }] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: true, message: 'Echoed', data: { id, page: 2, name: 'Ada' } });
  });

  it('answers 422 with field errors keyed by path, including unknown fields', async () => {
    const app = await appWithTestRoutes();
    const res = await app.inject({
      method: 'POST',
      url: `/api/test/echo/${id}`,
      payload: { name: 'A', legs: [{ code: 'LHRX' }], surprise: true },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.status).toBe(false);
    expect(body.message).toBe(SERVER.validationFailed);
    expect(Object.keys(body.data.errors).sort()).toEqual(['legs.0.code', 'name', 'surprise']);
    expect(body.data.errors.surprise).toEqual(['Unknown field']);
  });

  it('names missing fields as required', async () => {
    const app = await appWithTestRoutes();
    const res = await app.inject({ method: 'POST', url: `/api/test/echo/${id}`, payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.errors.name).toEqual(['This field is required']);
  });

  it('answers 422 for a malformed path parameter and query value', async () => {
    const app = await appWithTestRoutes();
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo/not-a-uuid?page=-1',
      payload: { name: 'Ada', legs: [{ code: 'LHR' }] },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().data.errors).sort()).toEqual(['id', 'page']);
  });

  it('answers 400 for a body that is not JSON, and 415 for an unsupported type', async () => {
    const app = await appWithTestRoutes();
    const broken = await app.inject({
      method: 'POST',
      url: `/api/test/echo/${id}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ status: false, message: 'The request body is not valid JSON' });
    const xml = await app.inject({
      method: 'POST',
      url: `/api/test/echo/${id}`,
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().status).toBe(false);
  });

  it('refuses a non-public endpoint without a session (401)', async () => {
    const app = await appWithTestRoutes();
    const res = await app.inject({ method: 'GET', url: '/api/test/private' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: false, message: SERVER.unauthorized });
  });

  it('hides the details of unexpected errors: no stack, no SQL', async () => {
    const app = await appWithTestRoutes();
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: false, message: SERVER.internal });
    expect(res.body).not.toMatch(/SELECT|users_email_key|at .*\.ts/);
  });

  it('passes the payload of a known error and its Retry-After', async () => {
    const app = await appWithTestRoutes();
    const conflict = await app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ status: false, message: 'Seats are gone', data: { seats_left: 0 } });
    const limited = await app.inject({ method: 'GET', url: '/api/test/limited' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('30');
  });
});

describe('serving the SPA', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  function builtSpa() {
    const dir = mkdtempSync(join(tmpdir(), 'skydesk-web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>SkyDesk</title><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    return dir;
  }

  it('answers every non-API path with index.html, never cached', async () => {
    t = await createTestApp('pglite', { webDistDir: builtSpa() });
    for (const url of ['/', '/dashboard/search-flights', '/no/such/screen?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    t = await createTestApp('pglite', { webDistDir: builtSpa() });
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps unknown API paths as JSON 404s, not the SPA', async () => {
    t = await createTestApp('pglite', { webDistDir: builtSpa() });
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, message: SERVER.routeNotFound });
  });
});
