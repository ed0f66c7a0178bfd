import { createHash } from 'node:crypto';
import { EARTH_RADIUS_KM } from './geo.js';
import type { AirlineRecord, AirportRecord } from './reference-data.js';
import { CONNECTS_AT_DESTINATION, CONNECTS_AT_ORIGIN, type FlightColumns, ONLINE_ONLY } from './schedule.js';
import { MINUTES_PER_DAY, weekdayOfEpochDay } from './time-zones.js';

/**
 * The compact in-memory timetable routing runs on. Flights live in typed arrays sorted by link
 * (a directed airport pair) and then by departure minute, so "the next departure from A to B after
 * t" is a binary search in a short slice. Links are indexed by origin (and, for pruning, by
 * destination) in compressed-sparse-row form. Nothing here is an object per flight: ~100k
 * flights take a few megabytes.
 */
export type TimetableParts = {
  airports: readonly AirportRecord[];
  airlines: readonly AirlineRecord[];
  schedule: FlightColumns;
};

export class Timetable {
  readonly airportCount: number;
  readonly flightCount: number;
  readonly linkCount: number;
  /** Index into countryCodes per airport; a connection changes country when these differ. */
  readonly airportCountry: Uint16Array;
  /**
   * Per airport, the index of the city it serves (the first of the city's airports): Heathrow and
   * Gatwick share London's. A journey does not change planes in its own origin's or destination's
   * city — that is a drive across town, not a connection.
   */
  readonly airportCity: Uint16Array;
  readonly countryCodes: readonly string[];
  readonly airportLatitude: Float64Array;
  readonly airportLongitude: Float64Array;
  /** Unit vectors from the Earth's centre: a distance is then one dot product and an arc cosine. */
  private readonly airportX: Float64Array;
  private readonly airportY: Float64Array;
  private readonly airportZ: Float64Array;

  /** Links of airport a are outLinkStart[a] … outLinkStart[a + 1] - 1, sorted by destination. */
  readonly outLinkStart: Uint32Array;
  readonly linkOrigin: Uint16Array;
  readonly linkDestination: Uint16Array;
  /** 1 when the link crosses a border (minimum connection time is longer). */
  readonly linkInternational: Uint8Array;
  readonly linkDistanceKm: Float32Array;
  /** The shortest block time on the link (aircraft differ), for skipping flights that cannot win. */
  readonly linkMinBlock: Uint16Array;
  /** Flights of link l are linkFlightStart[l] … linkFlightStart[l + 1] - 1, by departure minute. */
  readonly linkFlightStart: Uint32Array;
  /** Links arriving at airport a are inLinks[inLinkStart[a]] … inLinks[inLinkStart[a + 1] - 1]. */
  readonly inLinkStart: Uint32Array;
  readonly inLinks: Uint32Array;

  readonly flightOrigin: Uint16Array;
  readonly flightDestination: Uint16Array;
  readonly flightAirline: Uint16Array;
  readonly flightNumber: Uint16Array;
  /** UTC minute of the day. */
  readonly flightDeparture: Uint16Array;
  readonly flightBlock: Uint16Array;
  readonly flightEquipment: Uint8Array;
  /** Bit d = operates on UTC weekday d (Sunday = 0). */
  readonly flightDays: Uint8Array;
  /** The connection rule's bits per flight (schedule.ts: CONNECTS_AT_ORIGIN, CONNECTS_AT_DESTINATION, ONLINE_ONLY). */
  readonly flightConnects: Uint8Array;
  readonly flightLink: Uint32Array;

  /** airline index × 10 000 + flight number, sorted, for finding a flight by its designator. */
  private readonly designators: Float64Array;
  private readonly designatorFlight: Uint32Array;
  private readonly airportByCode: ReadonlyMap<string, number>;
  private readonly airlineByCode: ReadonlyMap<string, number>;
  private readonly departuresByWeekday = new Map<number, Uint32Array>();

  constructor(
    readonly airports: readonly AirportRecord[],
    readonly airlines: readonly AirlineRecord[],
    schedule: FlightColumns,
  ) {
    const airportCount = airports.length;
    const count = schedule.count;
    this.airportCount = airportCount;
    this.flightCount = count;

    const countries = [...new Set(airports.map((airport) => airport.countryCode))].sort();
    const countryIndex = new Map(countries.map((code, index) => [code, index]));
    this.countryCodes = countries;
    this.airportCountry = Uint16Array.from(airports, (airport) => countryIndex.get(airport.countryCode)!);
    this.airportLatitude = Float64Array.from(airports, (airport) => airport.latitude);
    this.airportLongitude = Float64Array.from(airports, (airport) => airport.longitude);
    const radians = Math.PI / 180;
    this.airportX = this.airportLatitude.map(
      (lat, i) => Math.cos(lat * radians) * Math.cos(this.airportLongitude[i]! * radians),
    );
    this.airportY = this.airportLatitude.map(
      (lat, i) => Math.cos(lat * radians) * Math.sin(this.airportLongitude[i]! * radians),
    );
    this.airportZ = this.airportLatitude.map((lat) => Math.sin(lat * radians));
    this.airportByCode = new Map(airports.map((airport, index) => [airport.code, index]));
    this.airportCity = citiesOf(airports, (a, b) => this.distanceKm(a, b));
    this.airlineByCode = new Map(airlines.map((airline, index) => [airline.code, index]));

    // Sort by (origin, destination, departure); the flight's index breaks ties so the order is total.
    const sortKeys = new Float64Array(count);
    for (let f = 0; f < count; f++) {
      const pair = schedule.origin[f]! * airportCount + schedule.destination[f]!;
      sortKeys[f] = (pair * MINUTES_PER_DAY + schedule.departureMinute[f]!) * count + f;
    }
    sortKeys.sort();
    const order = Uint32Array.from(sortKeys, (key) => key % count);
    const take = <T extends Uint8Array | Uint16Array>(column: T): T =>
      column.map((_, i) => column[order[i]!]!) as T;
    this.flightOrigin = take(schedule.origin);
    this.flightDestination = take(schedule.destination);
    this.flightAirline = take(schedule.airline);
    this.flightNumber = take(schedule.flightNumber);
    this.flightDeparture = take(schedule.departureMinute);
    this.flightBlock = take(schedule.blockMinutes);
    this.flightEquipment = take(schedule.equipment);
    this.flightDays = take(schedule.operatingDays);
    this.flightConnects = take(schedule.connects);

    // Links: runs of equal (origin, destination).
    const flightLink = new Uint32Array(count);
    let links = 0;
    for (let f = 0; f < count; f++) {
      const sameLink =
        f > 0 &&
        this.flightOrigin[f] === this.flightOrigin[f - 1] &&
        this.flightDestination[f] === this.flightDestination[f - 1];
      if (f > 0 && !sameLink) links++;
      flightLink[f] = links;
    }
    const linkCount = count > 0 ? links + 1 : 0;
    this.linkCount = linkCount;
    this.flightLink = flightLink;
    this.linkFlightStart = new Uint32Array(linkCount + 1);
    this.linkOrigin = new Uint16Array(linkCount);
    this.linkDestination = new Uint16Array(linkCount);
    for (let f = count - 1; f >= 0; f--) {
      const link = flightLink[f]!;
      this.linkFlightStart[link] = f;
      this.linkOrigin[link] = this.flightOrigin[f]!;
      this.linkDestination[link] = this.flightDestination[f]!;
    }
    this.linkFlightStart[linkCount] = count;
    this.linkInternational = new Uint8Array(linkCount);
    this.linkDistanceKm = new Float32Array(linkCount);
    this.linkMinBlock = new Uint16Array(linkCount).fill(0xffff);
    for (let f = 0; f < count; f++) {
      const link = flightLink[f]!;
      if (this.flightBlock[f]! < this.linkMinBlock[link]!) this.linkMinBlock[link] = this.flightBlock[f]!;
    }
    for (let link = 0; link < linkCount; link++) {
      const from = this.linkOrigin[link]!;
      const to = this.linkDestination[link]!;
      this.linkInternational[link] = this.airportCountry[from] === this.airportCountry[to] ? 0 : 1;
      this.linkDistanceKm[link] = this.distanceKm(from, to);
    }

    this.outLinkStart = new Uint32Array(airportCount + 1);
    this.inLinkStart = new Uint32Array(airportCount + 1);
    for (let link = 0; link < linkCount; link++) {
      this.outLinkStart[this.linkOrigin[link]! + 1]!++;
      this.inLinkStart[this.linkDestination[link]! + 1]!++;
    }
    for (let a = 0; a < airportCount; a++) {
      this.outLinkStart[a + 1]! += this.outLinkStart[a]!;
      this.inLinkStart[a + 1]! += this.inLinkStart[a]!;
    }
    this.inLinks = new Uint32Array(linkCount);
    const fill = this.inLinkStart.slice(0, airportCount);
    for (let link = 0; link < linkCount; link++) this.inLinks[fill[this.linkDestination[link]!]!++] = link;

    const designatorKeys = new Float64Array(count);
    for (let f = 0; f < count; f++) {
      designatorKeys[f] = (this.flightAirline[f]! * 10_000 + this.flightNumber[f]!) * count + f;
    }
    designatorKeys.sort();
    this.designatorFlight = Uint32Array.from(designatorKeys, (key) => key % count);
    this.designators = Float64Array.from(designatorKeys, (key) => Math.floor(key / count));
  }

  /**
   * What rebuilds this timetable elsewhere (a search worker thread): the reference data and the
   * flights, which are already in the order the constructor sorts them into.
   */
  parts(): TimetableParts {
    return {
      airports: this.airports,
      airlines: this.airlines,
      schedule: {
        count: this.flightCount,
        origin: this.flightOrigin,
        destination: this.flightDestination,
        airline: this.flightAirline,
        flightNumber: this.flightNumber,
        departureMinute: this.flightDeparture,
        blockMinutes: this.flightBlock,
        equipment: this.flightEquipment,
        operatingDays: this.flightDays,
        connects: this.flightConnects,
      },
    };
  }

  static fromParts(parts: TimetableParts): Timetable {
    return new Timetable(parts.airports, parts.airlines, parts.schedule);
  }

  airportIndex(code: string): number | undefined {
    return this.airportByCode.get(code);
  }

  airlineIndex(code: string): number | undefined {
    return this.airlineByCode.get(code);
  }

  airport(index: number): AirportRecord {
    return this.airports[index]!;
  }

  airline(index: number): AirlineRecord {
    return this.airlines[index]!;
  }

  /** Great-circle distance; routing asks this in its inner loop, hence no haversine. */
  distanceKm(from: number, to: number): number {
    const dot =
      this.airportX[from]! * this.airportX[to]! +
      this.airportY[from]! * this.airportY[to]! +
      this.airportZ[from]! * this.airportZ[to]!;
    return EARTH_RADIUS_KM * Math.acos(Math.min(1, Math.max(-1, dot)));
  }

  /** 'BA117': marketing carrier and number, how agents, inventory and offers name a flight. */
  designator(flight: number): string {
    return `${this.airlines[this.flightAirline[flight]!]!.code}${this.flightNumber[flight]!}`;
  }

  /** The flight with this designator ('BA117'), if the timetable has it. */
  flightByDesignator(designator: string): number | undefined {
    const match = /^([A-Z0-9]{2})(\d{1,4})$/.exec(designator);
    const airline = match ? this.airlineByCode.get(match[1]!) : undefined;
    if (!match || airline === undefined) return undefined;
    const key = airline * 10_000 + Number(match[2]);
    let low = 0;
    let high = this.designators.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.designators[middle]! < key) low = middle + 1;
      else high = middle;
    }
    return this.designators[low] === key ? this.designatorFlight[low] : undefined;
  }

  /** The link from one airport to another, or -1 (binary search among the origin's links). */
  linkBetween(from: number, to: number): number {
    let low = this.outLinkStart[from]!;
    let high = this.outLinkStart[from + 1]!;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.linkDestination[middle]! < to) low = middle + 1;
      else high = middle;
    }
    return low < this.outLinkStart[from + 1]! && this.linkDestination[low] === to ? low : -1;
  }

  /**
   * Whether a passenger may change from `inbound` to `outbound` at the airport between them, by
   * the carriers' rule (docs/decisions/021): the airport is a hub of the inbound or the outbound
   * flight's airline or of one of its partners, and a low-cost or regional carrier's flight
   * connects only to its own airline's, at its own base. Times are routing's business.
   */
  connects(inbound: number, outbound: number): boolean {
    const into = this.flightConnects[inbound]!;
    const onwards = this.flightConnects[outbound]!;
    if (((into | onwards) & ONLINE_ONLY) !== 0) {
      return (
        this.flightAirline[inbound] === this.flightAirline[outbound] && (into & CONNECTS_AT_DESTINATION) !== 0
      );
    }
    return (into & CONNECTS_AT_DESTINATION) !== 0 || (onwards & CONNECTS_AT_ORIGIN) !== 0;
  }

  operatesOn(flight: number, epochDay: number): boolean {
    return (this.flightDays[flight]! & (1 << weekdayOfEpochDay(epochDay))) !== 0;
  }

  /**
   * The flights operating on a UTC day, sorted by departure minute: the day's connections in
   * connection-scan order. Built once per weekday.
   */
  departuresOnDay(epochDay: number): Uint32Array {
    const weekday = weekdayOfEpochDay(epochDay);
    let departures = this.departuresByWeekday.get(weekday);
    if (!departures) {
      const keys: number[] = [];
      for (let f = 0; f < this.flightCount; f++) {
        if (this.flightDays[f]! & (1 << weekday)) keys.push(this.flightDeparture[f]! * this.flightCount + f);
      }
      keys.sort((a, b) => a - b);
      departures = Uint32Array.from(keys, (key) => key % this.flightCount);
      this.departuresByWeekday.set(weekday, departures);
    }
    return departures;
  }

  /** Bytes held in typed arrays: the timetable's own footprint. */
  get byteSize(): number {
    return Object.values(this).reduce(
      (sum: number, value: unknown) => sum + (ArrayBuffer.isView(value) ? value.byteLength : 0),
      0,
    );
  }

  /** SHA-256 over every array: equal fingerprints mean equal networks and schedules. */
  fingerprint(): string {
    const hash = createHash('sha256');
    for (const [name, value] of Object.entries(this)) {
      if (ArrayBuffer.isView(value)) {
        hash.update(name);
        hash.update(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      }
    }
    hash.update(this.airports.map((airport) => airport.code).join(','));
    hash.update(this.airlines.map((airline) => airline.code).join(','));
    return hash.digest('hex');
  }
}

/** Airports this close with the same city name serve one city (Portland, Oregon is not Portland, Maine). */
const SAME_CITY_KM = 100;

function citiesOf(
  airports: readonly AirportRecord[],
  distanceKm: (a: number, b: number) => number,
): Uint16Array {
  const city = new Uint16Array(airports.length);
  const byName = new Map<string, number[]>();
  airports.forEach((airport, index) => {
    const key = `${airport.countryCode}|${airport.city}`;
    const firsts = byName.get(key) ?? [];
    const first = firsts.find((other) => distanceKm(other, index) <= SAME_CITY_KM);
    city[index] = first ?? index;
    if (first === undefined) firsts.push(index);
    byName.set(key, firsts);
  });
  return city;
}
