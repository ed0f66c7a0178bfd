import type { Airport, City, Place } from './duffel-types.js';
import { hash32 } from './ids.js';

/**
 * A small built-in table of real airports in Duffel's Airport shape (Airports › schema), so the
 * server starts in milliseconds (the airport packages take ~100 MB and a second to load). Any
 * other three-letter code still gets an airport, made up from its code, so every pair can be
 * searched.
 */
type AirportRow = [
  iata: string,
  icao: string,
  name: string,
  city: string,
  cityCode: string | null,
  country: string,
  latitude: number,
  longitude: number,
  timeZone: string,
];

// biome-ignore format: a table reads best one airport a line
const AIRPORTS: AirportRow[] = [
  ['LHR', 'EGLL', 'Heathrow Airport', 'London', 'LON', 'GB', 51.47, -0.4543, 'Europe/London'],
  ['LGW', 'EGKK', 'Gatwick Airport', 'London', 'LON', 'GB', 51.1537, -0.1821, 'Europe/London'],
  ['MAN', 'EGCC', 'Manchester Airport', 'Manchester', null, 'GB', 53.3537, -2.275, 'Europe/London'],
  ['EDI', 'EGPH', 'Edinburgh Airport', 'Edinburgh', null, 'GB', 55.95, -3.3725, 'Europe/London'],
  ['DUB', 'EIDW', 'Dublin Airport', 'Dublin', null, 'IE', 53.4213, -6.2701, 'Europe/Dublin'],
  ['CDG', 'LFPG', 'Charles de Gaulle Airport', 'Paris', 'PAR', 'FR', 49.0097, 2.5479, 'Europe/Paris'],
  ['AMS', 'EHAM', 'Amsterdam Airport Schiphol', 'Amsterdam', null, 'NL', 52.3105, 4.7683, 'Europe/Amsterdam'],
  ['FRA', 'EDDF', 'Frankfurt Airport', 'Frankfurt', null, 'DE', 50.0379, 8.5622, 'Europe/Berlin'],
  ['MUC', 'EDDM', 'Munich Airport', 'Munich', null, 'DE', 48.3538, 11.7861, 'Europe/Berlin'],
  ['ZRH', 'LSZH', 'Zurich Airport', 'Zurich', null, 'CH', 47.4647, 8.5492, 'Europe/Zurich'],
  ['MAD', 'LEMD', 'Adolfo Suárez Madrid–Barajas Airport', 'Madrid', null, 'ES', 40.4983, -3.5676, 'Europe/Madrid'],
  ['BCN', 'LEBL', 'Josep Tarradellas Barcelona–El Prat Airport', 'Barcelona', null, 'ES', 41.2974, 2.0833, 'Europe/Madrid'],
  ['LIS', 'LPPT', 'Humberto Delgado Airport', 'Lisbon', null, 'PT', 38.7742, -9.1342, 'Europe/Lisbon'],
  ['FCO', 'LIRF', 'Leonardo da Vinci–Fiumicino Airport', 'Rome', 'ROM', 'IT', 41.8003, 12.2389, 'Europe/Rome'],
  ['CPH', 'EKCH', 'Copenhagen Airport', 'Copenhagen', null, 'DK', 55.618, 12.656, 'Europe/Copenhagen'],
  ['IST', 'LTFM', 'Istanbul Airport', 'Istanbul', 'IST', 'TR', 41.2753, 28.7519, 'Europe/Istanbul'],
  ['DXB', 'OMDB', 'Dubai International Airport', 'Dubai', 'DXB', 'AE', 25.2532, 55.3657, 'Asia/Dubai'],
  ['DOH', 'OTHH', 'Hamad International Airport', 'Doha', null, 'QA', 25.2731, 51.6081, 'Asia/Qatar'],
  ['DEL', 'VIDP', 'Indira Gandhi International Airport', 'Delhi', null, 'IN', 28.5562, 77.1, 'Asia/Kolkata'],
  ['BOM', 'VABB', 'Chhatrapati Shivaji Maharaj International Airport', 'Mumbai', null, 'IN', 19.0896, 72.8656, 'Asia/Kolkata'],
  ['SIN', 'WSSS', 'Singapore Changi Airport', 'Singapore', null, 'SG', 1.3644, 103.9915, 'Asia/Singapore'],
  ['HKG', 'VHHH', 'Hong Kong International Airport', 'Hong Kong', null, 'HK', 22.308, 113.9185, 'Asia/Hong_Kong'],
  ['NRT', 'RJAA', 'Narita International Airport', 'Tokyo', 'TYO', 'JP', 35.772, 140.3929, 'Asia/Tokyo'],
  ['SYD', 'YSSY', 'Sydney Kingsford Smith Airport', 'Sydney', null, 'AU', -33.9399, 151.1753, 'Australia/Sydney'],
  ['JFK', 'KJFK', 'John F. Kennedy International Airport', 'New York', 'NYC', 'US', 40.6413, -73.7781, 'America/New_York'],
  ['EWR', 'KEWR', 'Newark Liberty International Airport', 'New York', 'NYC', 'US', 40.6895, -74.1745, 'America/New_York'],
  ['BOS', 'KBOS', 'Logan International Airport', 'Boston', null, 'US', 42.3656, -71.0096, 'America/New_York'],
  ['ATL', 'KATL', 'Hartsfield–Jackson Atlanta International Airport', 'Atlanta', null, 'US', 33.6407, -84.4277, 'America/New_York'],
  ['MIA', 'KMIA', 'Miami International Airport', 'Miami', null, 'US', 25.7959, -80.287, 'America/New_York'],
  ['ORD', 'KORD', "O'Hare International Airport", 'Chicago', 'CHI', 'US', 41.9742, -87.9073, 'America/Chicago'],
  ['LAX', 'KLAX', 'Los Angeles International Airport', 'Los Angeles', null, 'US', 33.9416, -118.4085, 'America/Los_Angeles'],
  ['SFO', 'KSFO', 'San Francisco International Airport', 'San Francisco', null, 'US', 37.6213, -122.379, 'America/Los_Angeles'],
  ['YYZ', 'CYYZ', 'Toronto Pearson International Airport', 'Toronto', 'YTO', 'CA', 43.6777, -79.6248, 'America/Toronto'],
  ['GRU', 'SBGR', 'São Paulo/Guarulhos International Airport', 'São Paulo', 'SAO', 'BR', -23.4356, -46.4731, 'America/Sao_Paulo'],
  ['JNB', 'FAOR', 'O. R. Tambo International Airport', 'Johannesburg', null, 'ZA', -26.1367, 28.2411, 'Africa/Johannesburg'],
];

/** City codes a search may name instead of an airport (Places): the city and its airports. */
const CITY_AIRPORTS: Record<string, string[]> = {
  LON: ['LHR', 'LGW'],
  NYC: ['JFK', 'EWR'],
  PAR: ['CDG'],
  ROM: ['FCO'],
  TYO: ['NRT'],
  CHI: ['ORD'],
  YTO: ['YYZ'],
  SAO: ['GRU'],
};

const BY_CODE = new Map(AIRPORTS.map((row) => [row[0], row]));

function cityOf(row: AirportRow): City | null {
  const [, , , cityName, cityCode, country] = row;
  if (!cityCode) return null;
  return {
    iata_code: cityCode,
    iata_country_code: country,
    id: `cit_${cityCode.toLowerCase()}_${country.toLowerCase()}`,
    name: cityName,
    type: 'city',
  };
}

function madeUpRow(code: string): AirportRow {
  // Stable, plausible coordinates from the code: the same unknown code is the same place.
  const h = hash32('airport', code);
  const latitude = -45 + (h % 10_000) / 100;
  const longitude = -170 + ((h >>> 8) % 34_000) / 100;
  return [code, `Z${code}`, `${code} Airport`, code, null, 'ZZ', latitude, longitude, 'UTC'];
}

export function airportByCode(code: string): Airport {
  const row = BY_CODE.get(code) ?? madeUpRow(code);
  const [iata, icao, name, cityName, cityCode, country, latitude, longitude, timeZone] = row;
  return {
    city: cityOf(row),
    city_name: cityName,
    iata_code: iata,
    iata_country_code: country,
    iata_city_code: cityCode,
    icao_code: icao,
    id: `arp_${iata.toLowerCase()}_${country.toLowerCase()}`,
    latitude,
    longitude,
    name,
    time_zone: timeZone,
    type: 'airport',
  };
}

export function isIataCode(code: unknown): code is string {
  return typeof code === 'string' && /^[A-Z]{3}$/.test(code);
}

/** The place a search names (Offer Requests › slices: a city or an airport) and the airport flown from. */
export function placeForSearch(code: string): { place: Place; airport: Airport } {
  const cityAirports = CITY_AIRPORTS[code];
  if (cityAirports && !BY_CODE.has(code)) {
    const airports = cityAirports.map(airportByCode);
    const first = airports[0]!;
    const city = first.city!;
    return { place: { ...city, airports, type: 'city' }, airport: first };
  }
  const airport = airportByCode(code);
  return { place: airport, airport };
}

/** Great-circle distance in kilometres. */
export function distanceKm(from: Airport, to: Airport): number {
  const rad = Math.PI / 180;
  const dLat = (to.latitude - from.latitude) * rad;
  const dLon = (to.longitude - from.longitude) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(from.latitude * rad) * Math.cos(to.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 6371 * 2 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a));
}

// Making a formatter costs far more than using one: one per zone, shared (it holds no state).
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(timeZone: string, at: Date): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** Duffel gives segment times as local wall-clock times without an offset ("2020-06-13T16:38:02"). */
export function localDateTime(at: Date, timeZone: string): string {
  const shifted = new Date(at.getTime() + offsetMinutes(timeZone, at) * 60_000);
  return shifted.toISOString().slice(0, 19);
}

/** The instant of a local wall-clock time in a zone (the offset of that day; DST edges aside). */
export function instantOfLocal(local: string, timeZone: string): Date {
  const asUtc = new Date(`${local}Z`);
  return new Date(asUtc.getTime() - offsetMinutes(timeZone, asUtc) * 60_000);
}
