import { type SeatMap, seatMapEndpoints } from '@skydesk/contract';
import type { FastifyReply } from 'fastify';
import { REPLY_SENT } from '../../../platform/http/endpoint-route.js';
import type { ModuleContext } from '../../../platform/module.js';
import type { FlightSupplier } from '../../../supplier/port.js';
import { createSeatMapService } from './service.js';

/**
 * docs/api.md's third wave: seat maps of an offer before booking and of a booking after (issue 31).
 *
 * The maps are sent as JSON.stringify writes them: a twin-aisle's 300-odd seats, each one of a union
 * of seat and facility, cost the schema-driven serialiser several times what drawing the map does
 * (docs/benchmarks.md, seat maps). The contract still describes the answer; the tests parse it.
 */
function sendSeatMaps(reply: FastifyReply, data: SeatMap[]): typeof REPLY_SENT {
  const message = `${data.length} seat map${data.length === 1 ? '' : 's'}`;
  reply
    .code(200)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ status: true, message, data }));
  return REPLY_SENT;
}

export function registerSeatMapRoutes({ route, store }: ModuleContext, supplier: FlightSupplier) {
  const seatMaps = createSeatMapService({ db: store.db, supplier });

  route(seatMapEndpoints.offerSeatMaps, async ({ query, reply }) =>
    sendSeatMaps(reply, await seatMaps.forOffer(query.offer_id)),
  );

  route(seatMapEndpoints.bookingSeatMaps, async ({ principal, params, reply }) =>
    sendSeatMaps(reply, await seatMaps.forBooking(principal, params.id)),
  );
}
