import { flightEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../platform/module.js';
import type { FlightSupplier } from '../../supplier/port.js';
import { createFlightService } from './service.js';

export function registerFlightRoutes({ route, store, clock }: ModuleContext, supplier: FlightSupplier) {
  const flights = createFlightService({ db: store.db, supplier, clock });

  route(flightEndpoints.activeRoutes, async () => ({
    message: 'Active routes',
    data: await flights.routes(),
  }));

  route(flightEndpoints.search, async ({ principal, body }) => {
    const data = await flights.search(principal, body);
    return { message: `${data.PricedItineraries.PricedItinerary.length} itineraries found`, data };
  });

  route(flightEndpoints.fareCalendar, async ({ body }) => ({
    message: 'Lowest fares around the chosen date',
    data: await flights.fareCalendar(body),
  }));

  route(flightEndpoints.searchHistory, async ({ principal }) => ({
    message: 'Search history',
    data: await flights.history(principal),
  }));
}
