import type { RoutesAnswer } from '../port.js';
import type { Timetable } from './timetable.js';

/**
 * The route map for the search form's autocomplete: each origin with the destinations it has
 * service to, and every airport with service (docs/api.md booking-all-active-routes).
 */
export function routeMap(timetable: Timetable): RoutesAnswer {
  const Routes: RoutesAnswer['Routes'] = [];
  const served = new Set<number>();
  for (let origin = 0; origin < timetable.airportCount; origin++) {
    const first = timetable.outLinkStart[origin]!;
    const end = timetable.outLinkStart[origin + 1]!;
    if (first === end) continue;
    served.add(origin);
    const destinations: string[] = [];
    for (let link = first; link < end; link++) {
      const destination = timetable.linkDestination[link]!;
      served.add(destination);
      destinations.push(timetable.airport(destination).code);
    }
    Routes.push({
      origin_location_code: timetable.airport(origin).code,
      destination_location_codes: destinations.sort(),
    });
  }
  const Airports = [...served]
    .sort((a, b) => a - b)
    .map((index) => {
      const airport = timetable.airport(index);
      return {
        code: airport.code,
        name: airport.name,
        city: airport.city,
        country_code: airport.countryCode,
        time_zone: airport.timeZone,
      };
    });
  return { Routes, Airports };
}
