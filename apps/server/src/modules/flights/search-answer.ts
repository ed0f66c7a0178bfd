import type { FastifyReply, FastifyRequest } from 'fastify';
import { gzipWithTail } from '../../platform/http/gzip-fragments.js';
import { acceptsEncoding } from '../../platform/http/large-answer-compression.js';
import { type EncodedAnswer, gzipOf, plainOf } from '../../supplier/search-outcome.js';

/**
 * The search answer on the wire. Its itineraries are encoded once per answer (search-outcome.ts):
 * a cached answer can be megabytes and is sent again and again, and each search appends only its
 * `search_id` to the end of `data`.
 */

export const acceptsGzip = (request: FastifyRequest) =>
  acceptsEncoding(request.headers['accept-encoding'], 'gzip');

export function sendSearchAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: EncodedAnswer,
  searchId: string,
) {
  const tail = Buffer.from(`,"search_id":${JSON.stringify(searchId)}}}`);
  reply.code(200).type('application/json; charset=utf-8');
  if (!acceptsGzip(request)) return reply.send(Buffer.concat([plainOf(answer), tail]));
  const vary = reply.getHeader('vary');
  return reply
    .header('content-encoding', 'gzip')
    .header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding')
    .send(gzipWithTail(gzipOf(answer), tail));
}
