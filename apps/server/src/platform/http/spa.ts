import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built SPA for every non-API path. Hashed assets are cached for a year; index.html
 * is never cached, so a new deployment is picked up at once (and a stale tab that asks for a
 * chunk that no longer exists gets the SPA's "fresh version" screen).
 */
export async function registerSpa(app: FastifyInstance, distDir: string) {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'the web app is not built; run `npm run build` to serve it');
    return async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('The SkyDesk web app is not built. Run `npm run build`, or use `npm start`.');
  }
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: true,
    setHeaders: (res, path) => {
      res.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // A few hundred bytes, read and sent whole rather than streamed (a new build shows at once).
  const sendIndex = async (_request: FastifyRequest, reply: FastifyReply) => {
    const html = await readFile(indexFile);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  // The static handler would answer the bare root as a forbidden directory listing.
  app.get('/', { schema: { hide: true } }, sendIndex);
  return sendIndex;
}
