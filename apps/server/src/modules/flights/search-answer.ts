import type { PricedItinerary, SearchResult } from '@skydesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type GzipHead, gzipHead, gzipWithTail } from '../../platform/http/gzip-fragments.js';
import { acceptsEncoding } from '../../platform/http/large-answer-compression.js';

/**
 * The search answer on the wire, encoded once per answer. A cached answer (the same itineraries
 * array, docs/decisions/006) is sent again and again and can be megabytes: its JSON — and its
 * gzip, for clients that take gzip — is made once, and each search adds only its `search_id`
 * at the end of `data`.
 */

export const searchMessage = (count: number) => `${count} itineraries found`;

type Encoded = { head: Buffer; gzip?: GzipHead };
const encoded = new WeakMap<readonly PricedItinerary[], Encoded>();

function encode(itineraries: readonly PricedItinerary[]): Encoded {
  let entry = encoded.get(itineraries);
  if (!entry) {
    // The success envelope of every endpoint (platform/http/endpoint-route.ts), up to the id.
    const head = `{"status":true,"message":${JSON.stringify(searchMessage(itineraries.length))},"data":{"PricedItineraries":{"PricedItinerary":${JSON.stringify(itineraries)}}`;
    entry = { head: Buffer.from(head) };
    encoded.set(itineraries, entry);
  }
  return entry;
}

export function sendSearchAnswer(request: FastifyRequest, reply: FastifyReply, data: SearchResult) {
  const entry = encode(data.PricedItineraries.PricedItinerary);
  const tail = Buffer.from(`,"search_id":${JSON.stringify(data.search_id)}}}`);
  reply.code(200).type('application/json; charset=utf-8');
  if (!acceptsEncoding(request.headers['accept-encoding'], 'gzip')) {
    return reply.send(Buffer.concat([entry.head, tail]));
  }
  // Level 1, as nginx's default: the head is compressed on the first answer, while the agent waits.
  entry.gzip ??= gzipHead(entry.head, 1);
  const vary = reply.getHeader('vary');
  return reply
    .header('content-encoding', 'gzip')
    .header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding')
    .send(gzipWithTail(entry.gzip, tail));
}
