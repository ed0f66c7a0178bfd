import { beforeAll, describe, expect, it } from 'vitest';
import { buildTimetable, DEFAULT_NETWORK_SEED } from './build-timetable.js';
import { cabinBit, equipmentAt } from './fleet.js';
import { createRandom } from './random.js';
import { loadReferenceData, type ReferenceData } from './reference-data.js';
import { JourneyPlanner } from './routing.js';
import { dateOfEpochDay, epochDayOf, MINUTES_PER_DAY, startOfLocalDay } from './time-zones.js';
import type { Timetable } from './timetable.js';

let data: ReferenceData;
let timetable: Timetable;

beforeAll(async () => {
  data = await loadReferenceData();
  ({ timetable } = await buildTimetable({ data }));
});

/** Airports reachable from `from` in at most `flights` flights, on the route map. */
function reachable(from: number, flights: number): Set<number> {
  const seen = new Set([from]);
  let frontier = [from];
  for (let hop = 0; hop < flights; hop++) {
    const next: number[] = [];
    for (const airport of frontier) {
      for (let link = timetable.outLinkStart[airport]!; link < timetable.outLinkStart[airport + 1]!; link++) {
        const destination = timetable.linkDestination[link]!;
        if (!seen.has(destination)) {
          seen.add(destination);
          next.push(destination);
        }
      }
    }
    frontier = next;
  }
  return seen;
}

describe('reference data', () => {
  it('has thousands of airports with scheduled service, a zone and an IATA code, and active airlines', () => {
    expect(data.airports.length).toBeGreaterThanOrEqual(3_000);
    for (const airport of data.airports) {
      expect(airport.code).toMatch(/^[A-Z]{3}$/);
      expect(airport.timeZone).toMatch(/\//);
      expect(airport.city.length).toBeGreaterThan(0);
    }
    expect(data.airlines.length).toBeGreaterThan(500);
    expect(data.airlines.find((airline) => airline.code === 'BA')).toMatchObject({ countryCode: 'GB' });
  });
});

describe('network and timetable', () => {
  it('is the same network on every build with the same seed, and another with another seed', async () => {
    const again = await buildTimetable({ data });
    expect(again.timetable.fingerprint()).toBe(timetable.fingerprint());
    const other = await buildTimetable({ data, seed: DEFAULT_NETWORK_SEED + 1 });
    expect(other.timetable.fingerprint()).not.toBe(timetable.fingerprint());
  });

  it('has the scale of the real network: ≥ 3,000 airports, ≥ 50,000 routes, ≥ 80,000 flights a day', () => {
    const served = new Set<number>();
    for (let link = 0; link < timetable.linkCount; link++) {
      served.add(timetable.linkOrigin[link]!);
      served.add(timetable.linkDestination[link]!);
    }
    expect(served.size).toBeGreaterThanOrEqual(3_000);
    expect(timetable.linkCount).toBeGreaterThanOrEqual(50_000);
    const monday = epochDayOf('2026-12-21');
    for (let day = monday; day < monday + 7; day++) {
      expect(timetable.departuresOnDay(day).length).toBeGreaterThanOrEqual(80_000);
    }
  });

  it('holds the timetable in a few megabytes of typed arrays', () => {
    expect(timetable.byteSize).toBeLessThan(16 * 1024 * 1024);
  });

  it('reaches every large airport from a major hub within two connections', () => {
    for (const hub of ['DXB', 'ATL', 'LHR']) {
      const within = reachable(timetable.airportIndex(hub)!, 3);
      const missed = timetable.airports.filter(
        (airport, index) => airport.size === 'large' && !within.has(index),
      );
      expect(missed.map((airport) => airport.code)).toEqual([]);
    }
  });

  it('reaches most medium airports, and every airport with service, from a major hub', () => {
    const within = reachable(timetable.airportIndex('DXB')!, 3);
    const everywhere = reachable(timetable.airportIndex('DXB')!, 50);
    const medium = timetable.airports.flatMap((airport, index) => (airport.size === 'medium' ? [index] : []));
    expect(medium.filter((index) => within.has(index)).length / medium.length).toBeGreaterThan(0.95);
    expect(everywhere.size).toBe(timetable.airportCount);
  });

  it('sells most random pairs of airports with service a journey of at most two connections on a given day', () => {
    // Every spoke is flown daily to a gateway hub and the gateways to each other: spoke → hub →
    // hub → spoke. Pairs miss where two gateways are out of range or a connection misses by minutes.
    const planner = new JourneyPlanner(timetable);
    const random = createRandom(7);
    const firstDay = epochDayOf('2026-12-01');
    let answered = 0;
    const pairs = 300;
    for (let query = 0; query < pairs; query++) {
      const origin = Math.floor(random() * timetable.airportCount);
      const destination =
        (origin + 1 + Math.floor(random() * (timetable.airportCount - 1))) % timetable.airportCount;
      const date = dateOfEpochDay(firstDay + Math.floor(random() * 365));
      const zone = timetable.airport(origin).timeZone;
      const found = planner.plan({
        origin,
        destination,
        departureFrom: startOfLocalDay(zone, date),
        departureUntil: startOfLocalDay(zone, dateOfEpochDay(epochDayOf(date) + 1)),
        maxConnections: 2,
        cabinBit: cabinBit('Economy'),
      });
      if (found.length > 0) answered++;
    }
    expect(answered / pairs).toBeGreaterThan(0.8);
  });

  it('sells a journey from a major hub to large airports on real days, not just on the map', () => {
    const planner = new JourneyPlanner(timetable);
    const hub = timetable.airportIndex('DXB')!;
    const large = timetable.airports.flatMap((airport, index) => (airport.size === 'large' ? [index] : []));
    const sample = large.filter((_, i) => i % 25 === 0);
    const firstDay = epochDayOf('2026-12-21');
    for (const destination of sample) {
      if (destination === hub) continue;
      // Some spokes are flown a few days a week: within a week there is a day with a journey.
      const found = [0, 1, 2, 3, 4, 5, 6].some(
        (offset) =>
          planner.plan({
            origin: hub,
            destination,
            departureFrom: (firstDay + offset) * MINUTES_PER_DAY,
            departureUntil: (firstDay + offset + 1) * MINUTES_PER_DAY,
            maxConnections: 2,
            cabinBit: cabinBit('Economy'),
          }).length > 0,
      );
      expect(found, timetable.airport(destination).code).toBe(true);
    }
  });

  it('flies major carriers from their hubs, with unique flight numbers', () => {
    const ba = timetable.airlineIndex('BA')!;
    const heathrow = timetable.airportIndex('LHR')!;
    let fromHeathrow = 0;
    const numbers = new Set<string>();
    for (let f = 0; f < timetable.flightCount; f++) {
      const designator = timetable.designator(f);
      expect(numbers.has(designator)).toBe(false);
      numbers.add(designator);
      if (timetable.flightAirline[f] === ba && timetable.flightOrigin[f] === heathrow) fromHeathrow++;
    }
    expect(fromHeathrow).toBeGreaterThan(50);
    const sample = timetable.flightByDesignator(timetable.designator(12_345));
    expect(sample).toBe(12_345);
  });

  it('gives block times from distance and aircraft that can fly the distance', () => {
    for (let f = 0; f < timetable.flightCount; f += 97) {
      const distance = timetable.linkDistanceKm[timetable.flightLink[f]!]!;
      const equipment = equipmentAt(timetable.flightEquipment[f]!);
      const block = timetable.flightBlock[f]!;
      expect(block).toBeGreaterThanOrEqual(30 + (distance / equipment.cruiseKmh) * 60);
      expect(block).toBeLessThanOrEqual(45 + ((distance * 1.1) / equipment.cruiseKmh) * 60);
      expect(distance).toBeLessThanOrEqual(equipment.rangeKm);
    }
  });
});
