import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * zlib hands its output back in chunks of this size, one main-thread callback each: at the 16 kB
 * default a 2 MB answer costs dozens of them; 1 MB makes it one or two.
 */
const OUTPUT_CHUNK = 1024 * 1024;

/** Answers at least this big are compressed here, in one job on libuv's thread pool. */
export const LARGE_ANSWER_BYTES = 64 * 1024;

/** The weights an Accept-Encoding header gives each encoding (x-gzip is gzip). */
function acceptedEncodings(header: string | undefined): Map<string, number> {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    accepted.set(name === 'x-gzip' ? 'gzip' : name, q ? Number(q.slice(2)) : 1);
  }
  return accepted;
}

export function acceptsEncoding(header: string | undefined, encoding: 'br' | 'gzip'): boolean {
  const accepted = acceptedEncodings(header);
  return (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0;
}

/** The encoding to use from an Accept-Encoding header: brotli, else gzip, else none. */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (acceptsEncoding(header, 'br')) return 'br';
  if (acceptsEncoding(header, 'gzip')) return 'gzip';
  return null;
}

/**
 * Compresses large buffered answers (a search of hundreds of itineraries is ~2 MB of JSON) in one
 * call to zlib on the thread pool, so the event loop neither compresses them itself nor handles a
 * stream's dozens of chunk callbacks per answer. Registered before @fastify/compress, which then
 * sees the Content-Encoding and leaves the answer alone; it still compresses everything smaller
 * and every stream (static files). Fast settings: gzip level 1 (nginx's default), brotli 4.
 */
export function registerLargeAnswerCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (Buffer.byteLength(payload) < LARGE_ANSWER_BYTES) return payload;
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body =
      encoding === 'br'
        ? await brotli(payload, {
            chunkSize: OUTPUT_CHUNK,
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : await gzipAsync(payload, { level: 1, chunkSize: OUTPUT_CHUNK });
    reply.header('content-encoding', encoding);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    reply.header('content-length', body.length);
    return body;
  });
}
