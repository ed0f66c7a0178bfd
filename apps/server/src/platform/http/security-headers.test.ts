import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, registerSecurityHeaders } from './security-headers.js';

describe('security headers', () => {
  it('are helmet’s, HSTS only when asked', () => {
    const plain = helmetHeaders({ strictTransportSecurity: false });
    expect(plain['x-content-type-options']).toBe('nosniff');
    expect(plain['content-security-policy']).toContain("object-src 'none'");
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(helmetHeaders({})['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('go on every answer, unknown paths and errors included', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } });
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    for (const url of ['/nowhere', '/boom']) {
      const res = await app.inject({ url });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    await app.close();
  });
});
