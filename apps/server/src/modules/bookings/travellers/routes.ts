import { bookingEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../../platform/module.js';
import { createTravellerService } from './service.js';

/** docs/api.md#bookings: the saved travellers. */
export function registerTravellerRoutes({ route, store }: ModuleContext) {
  const travellers = createTravellerService({ db: store.db });

  route(bookingEndpoints.travellers, async ({ principal, query }) => ({
    message: 'Travellers',
    data: await travellers.list(principal, query.passenger_type),
  }));
}
