import type { PricedItinerary } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/support/app.js';
import {
  makeApprovedCompany,
  onboardedOwner,
  post,
  type SignedIn,
  type TestApp,
} from '../../../test/support/auth-flow.js';
import { sharedTimetable } from './index.js';
import { permittedKm } from './routing.js';
import type { Timetable } from './timetable.js';

/**
 * Issue 16: a connection's flown distance is bounded against the great circle (decision 017), so
 * London → Fort McMurray → New York no longer appears. Issue 30: connections at the carriers' hubs
 * (never Québec City or Sudbury), and Heathrow's terminals as they are (decision 021). Checked on
 * what an agent is answered.
 */
describe('London → New York routings', () => {
  let t: TestApp;
  let agent: SignedIn;
  let timetable: Timetable;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    agent = await onboardedOwner(t);
    await makeApprovedCompany(t.store.db, agent.user.company_id);
    timetable = await sharedTimetable();
  });
  afterAll(async () => t?.close());

  /** Great-circle km of each flight, summed, from the airports the answer names. */
  function flownKm(itinerary: PricedItinerary): number {
    let km = 0;
    for (const option of itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption) {
      for (const segment of option.FlightSegment) {
        km += timetable.distanceKm(
          timetable.airportIndex(segment.DepartureAirport.LocationCode)!,
          timetable.airportIndex(segment.ArrivalAirport.LocationCode)!,
        );
      }
    }
    return km;
  }

  it('fly no connection beyond the permitted mileage, none through Fort McMurray, Québec City or Sudbury, and print no Terminal 1 at Heathrow', async () => {
    const permitted = permittedKm(
      timetable.distanceKm(timetable.airportIndex('LHR')!, timetable.airportIndex('JFK')!),
    );
    let connecting = 0;
    for (const date of ['2026-12-18', '2026-12-19', '2026-12-20', '2026-12-21']) {
      const res = await post(
        t,
        '/api/search',
        {
          trip_type: 'OneWay',
          origin_destinations: [
            { departure_date_time: date, origin_location_code: 'LHR', destination_location_code: 'JFK' },
          ],
          adult_quantity: 1,
        },
        { token: agent.token },
      );
      expect(res.statusCode, res.body).toBe(200);
      const itineraries: PricedItinerary[] = res.json().data.PricedItineraries.PricedItinerary;
      expect(itineraries.length).toBeGreaterThan(5);
      for (const itinerary of itineraries) {
        const segments = itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.flatMap(
          (option) => option.FlightSegment,
        );
        const route = segments.map((segment) => segment.DepartureAirport.LocationCode).join('-');
        if (segments.length > 1) connecting++;
        // Link distances are stored in single precision: a kilometre of rounding at most.
        expect(flownKm(itinerary), `${date} ${route}-JFK`).toBeLessThanOrEqual(permitted + 1);
        for (const closed of ['YMM', 'YQB', 'YSB']) expect(route, date).not.toContain(closed);
        for (const segment of segments) {
          for (const end of [segment.DepartureAirport, segment.ArrivalAirport]) {
            if (end.LocationCode !== 'LHR') continue;
            // Terminal 1 closed in 2015; Virgin Atlantic is in 3, British Airways in 5.
            expect(end.Terminal, route).not.toBe('1');
            if (segment.MarketingAirline.Code === 'VS') expect(end.Terminal, route).toBe('3');
            if (segment.MarketingAirline.Code === 'BA') expect(end.Terminal, route).toBe('5');
          }
        }
      }
    }
    expect(connecting).toBeGreaterThan(4);
  });
});
