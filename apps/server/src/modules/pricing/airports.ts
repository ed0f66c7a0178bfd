import { sharedTimetable } from '../../supplier/sandbox/index.js';
import type { AirportGeo, GeoLookup } from './engine.js';
import { regionOf } from './regions.js';

/**
 * Where an airport is, for route rules: its country, position and region, from the airports the
 * server already knows (the sandbox network's, every airport with scheduled service, built once per
 * process). Read only when a rule needs it: an owner without route rules never waits for it.
 */
let lookup: Promise<GeoLookup> | undefined;

export function airportGeo(): Promise<GeoLookup> {
  lookup ??= sharedTimetable().then((timetable) => {
    const byCode = new Map<string, AirportGeo>();
    for (const airport of timetable.airports) {
      byCode.set(airport.code, {
        country: airport.countryCode,
        latitude: airport.latitude,
        longitude: airport.longitude,
        region: regionOf(airport.countryCode, airport.continent),
      });
    }
    return (code: string) => byCode.get(code);
  });
  // A failed build is not kept: the next pricing tries again.
  lookup.catch(() => {
    lookup = undefined;
  });
  return lookup;
}
