import { describe, expect, it } from 'vitest';
import type { FlightSearchRequest, FlightShopping } from './port.js';
import { createSandboxSupplier, sharedTimetable } from './sandbox/index.js';
import { inThreadRunner } from './search-runner.js';

const request: FlightSearchRequest = {
  tripType: 'Return',
  legs: [
    { origin: 'CDG', destination: 'FRA', departureDate: '2026-12-10' },
    { origin: 'FRA', destination: 'CDG', departureDate: '2026-12-14' },
  ],
  passengers: { adults: 2, children: 1, infants: 0 },
  cabin: 'Economy',
  maxStops: 1,
  preferredAirlines: [],
};

describe('a search runner on the event loop', () => {
  it('asks a supplier without a low-fare call for the whole search, and gives its cheapest total', async () => {
    const sandbox = await createSandboxSupplier({ timetable: await sharedTimetable(), offerKey: 'test-key' });
    const searchOnly: FlightShopping = {
      routes: () => sandbox.routes(),
      search: (search) => sandbox.search(search),
      price: (offerId) => sandbox.price(offerId),
    };
    const lowest = await inThreadRunner(searchOnly).lowestFare(request);
    const { itineraries } = await sandbox.search(request);
    const totals = itineraries.map((it) => it.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount);
    expect(lowest).toEqual({ Amount: Math.min(...totals), CurrencyCode: 'USD' });
    expect(await inThreadRunner(sandbox).lowestFare(request)).toEqual(lowest);
  });
});
