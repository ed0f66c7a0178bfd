import type { AirportGeo, GeoLookup } from './engine.js';
import { regionOf } from './regions.js';

/**
 * Where an airport is, for route rules: its country, position and region, from the airports the
 * server already knows. The composition root names them (`provideAirports`: the sandbox network's,
 * every airport with scheduled service, built once per process), since a module reaches no
 * supplier adapter. Read only when a rule needs it: an owner without route rules never waits.
 * Without a provider no airport is known, and no route rule but an airport pair matches.
 */

export type KnownAirport = {
  code: string;
  countryCode: string;
  /** AF, AN, AS, EU, NA, OC or SA. */
  continent: string;
  latitude: number;
  longitude: number;
};

let provider: (() => Promise<readonly KnownAirport[]>) | undefined;
let lookup: Promise<GeoLookup> | undefined;

export function provideAirports(airports: () => Promise<readonly KnownAirport[]>): void {
  provider = airports;
  lookup = undefined;
}

const unknown: GeoLookup = () => undefined;

export function airportGeo(): Promise<GeoLookup> {
  if (!provider) return Promise.resolve(unknown);
  lookup ??= provider().then((airports) => {
    const byCode = new Map<string, AirportGeo>();
    for (const airport of airports) {
      byCode.set(airport.code, {
        country: airport.countryCode,
        latitude: airport.latitude,
        longitude: airport.longitude,
        region: regionOf(airport.countryCode, airport.continent),
      });
    }
    return (code: string) => byCode.get(code);
  });
  // A failed read is not kept: the next pricing tries again.
  lookup.catch(() => {
    lookup = undefined;
  });
  return lookup;
}
