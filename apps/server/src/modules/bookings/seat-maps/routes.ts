import { seatMapEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../../platform/module.js';
import type { FlightSupplier } from '../../../supplier/port.js';
import { createSeatMapService } from './service.js';

/** docs/api.md's third wave: seat maps of an offer before booking and of a booking after (issue 31). */
export function registerSeatMapRoutes({ route, store }: ModuleContext, supplier: FlightSupplier) {
  const seatMaps = createSeatMapService({ db: store.db, supplier });

  route(seatMapEndpoints.offerSeatMaps, async ({ query }) => {
    const data = await seatMaps.forOffer(query.offer_id);
    return { message: `${data.length} seat map${data.length === 1 ? '' : 's'}`, data };
  });

  route(seatMapEndpoints.bookingSeatMaps, async ({ principal, params }) => {
    const data = await seatMaps.forBooking(principal, params.id);
    return { message: `${data.length} seat map${data.length === 1 ? '' : 's'}`, data };
  });
}
