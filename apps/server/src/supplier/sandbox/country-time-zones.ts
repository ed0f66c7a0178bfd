import type { Timetable } from './timetable.js';

/**
 * An agency's days are counted in its time zone, by default its country's (issue 15). A country
 * spanning several zones has no one answer, so the default is where most of its flying happens:
 * the zone of its busiest airport in the sandbox network, by departures a week. A country with no
 * airport in the network has none (the agency's days are then UTC days).
 *
 * Computed from the network, and frozen into the database by migration 0012 (`country_time_zones`),
 * where the triggers that keep the analytics rollups read it in the transaction of each booking;
 * country-time-zones.test.ts holds the table equal to this computation, so a change of the
 * network's data is noticed and needs a migration (which recounts the agencies it moves).
 */

export type CountryTimeZone = { country: string; airport: string; timeZone: string };

/** Each country's busiest airport and its zone, by country code. */
export function busiestAirportZones(timetable: Timetable): CountryTimeZone[] {
  const weeklyDepartures = new Float64Array(timetable.airportCount);
  for (let flight = 0; flight < timetable.flightCount; flight++) {
    weeklyDepartures[timetable.flightOrigin[flight]!]! += operatingDays(timetable.flightDays[flight]!);
  }
  const busiest = new Map<string, number>();
  timetable.airports.forEach((airport, index) => {
    const best = busiest.get(airport.countryCode);
    // Ties go to the airport first by code, so the answer never depends on the data's order.
    if (
      best === undefined ||
      weeklyDepartures[index]! > weeklyDepartures[best]! ||
      (weeklyDepartures[index] === weeklyDepartures[best] && airport.code < timetable.airports[best]!.code)
    ) {
      busiest.set(airport.countryCode, index);
    }
  });
  return [...busiest.entries()]
    .filter(([, index]) => weeklyDepartures[index]! > 0)
    .map(([country, index]) => ({
      country,
      airport: timetable.airports[index]!.code,
      timeZone: timetable.airports[index]!.timeZone,
    }))
    .sort((a, b) => (a.country < b.country ? -1 : a.country > b.country ? 1 : 0));
}

/** Days a week a flight operates (its weekday bits). */
function operatingDays(bits: number): number {
  let days = 0;
  for (let rest = bits; rest > 0; rest >>= 1) days += rest & 1;
  return days;
}
