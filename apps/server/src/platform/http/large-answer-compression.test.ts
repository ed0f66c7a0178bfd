import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  acceptsEncoding,
  LARGE_ANSWER_BYTES,
  pickEncoding,
  registerLargeAnswerCompression,
} from './large-answer-compression.js';

describe('Accept-Encoding', () => {
  it('prefers brotli, then gzip, honouring q=0 and the wildcard', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('x-gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(acceptsEncoding('GZIP;Q=1', 'gzip')).toBe(true);
    expect(acceptsEncoding('gzip;q=0', 'gzip')).toBe(false);
  });
});

describe('compression of large answers', () => {
  const big = JSON.stringify({ rows: Array.from({ length: 8000 }, (_, i) => ({ i, name: `row ${i}` })) });
  const small = JSON.stringify({ ok: true });

  async function app() {
    const server = Fastify();
    registerLargeAnswerCompression(server);
    server.get('/big', async (_request, reply) => reply.type('application/json').send(big));
    server.get('/small', async (_request, reply) => reply.type('application/json').send(small));
    await server.ready();
    return server;
  }

  it('compresses a large answer with the encoding the client prefers', async () => {
    expect(Buffer.byteLength(big)).toBeGreaterThan(LARGE_ANSWER_BYTES);
    const server = await app();
    const br = await server.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(big);
    const gz = await server.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(big);
  });

  it('leaves small answers and clients without compression alone', async () => {
    const server = await app();
    const plain = await server.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big);
    const tiny = await server.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe(small);
  });
});
