import { chooseEquipment, equipmentAt } from './fleet.js';
import { blockMinutes } from './geo.js';
import type { NetworkPlan } from './network.js';
import { unitMix } from './random.js';
import { MINUTES_PER_DAY, utcOffsetMinutes } from './time-zones.js';

/**
 * The schedule: for every service, how often it flies, when, under which flight numbers, on
 * which aircraft. Each frequency is an out-and-back rotation: the aircraft leaves the base in one
 * of the airline's departure banks (hub waves, so arrivals feed departures) and comes back after
 * its turnaround. Times are held in UTC minutes of the day with a bitmask of UTC weekdays, as SSIM
 * schedules are; local times come from each airport's zone when a date is known.
 */

export type FlightColumns = {
  count: number;
  origin: Uint16Array;
  destination: Uint16Array;
  airline: Uint16Array;
  flightNumber: Uint16Array;
  /** Minute of the UTC day the flight leaves the gate. */
  departureMinute: Uint16Array;
  blockMinutes: Uint16Array;
  equipment: Uint8Array;
  /** Bit d set = operates on UTC weekday d (Sunday = 0). */
  operatingDays: Uint8Array;
  /** Where passengers may change to or from the flight: CONNECTS_AT_ORIGIN, CONNECTS_AT_DESTINATION, ONLINE_ONLY. */
  connects: Uint8Array;
};

/**
 * The connection rule's facts per flight (docs/decisions/021): its airline connects passengers at
 * the flight's origin (a hub of the airline, or of an alliance member or partner)…
 */
export const CONNECTS_AT_ORIGIN = 1;
/** …at its destination… */
export const CONNECTS_AT_DESTINATION = 2;
/** …and whether the airline connects only its own flights (low-cost and regional carriers). */
export const ONLINE_ONLY = 4;

/** Hub waves, local minutes of the day: 06:00, then every 2 h 15 until 21:45. */
const BANKS = [360, 495, 630, 765, 900, 1035, 1170, 1305] as const;
/** Point-to-point flights leave between 06:00 and 22:00 local. */
const FIRST_DEPARTURE = 360;
const DEPARTURE_SPAN = 960;
/** Flights a day on a pair = demand ^ FREQUENCY_ELASTICITY / DEMAND_PER_FREQUENCY, shared by its carriers. */
const FREQUENCY_ELASTICITY = 0.6;
const DEMAND_PER_FREQUENCY = 12;
const MAX_FLIGHT_NUMBER = 9999;
/** No short-haul departures from 23:00 to 06:00 local; long-haul flights leave at night. */
const CURFEW_START = 1380;
const RED_EYE_KM = 4_000;
/** Hub bank times are set in the local time of this date (the timetable is UTC year-round). */
const SCHEDULE_REFERENCE_MINUTE = Date.UTC(2026, 0, 15) / 60_000;

export function scheduleFlights(plan: NetworkPlan, seed: number): FlightColumns {
  const flights = new FlightColumnsBuilder();
  const referenceOffset = plan.airports.map((airport) =>
    utcOffsetMinutes(airport.timeZone, SCHEDULE_REFERENCE_MINUTE),
  );
  // Each airline numbers its flights from 1, its busiest long-haul routes first, as carriers do.
  const order = plan.services
    .map((service, index) => ({ service, index, longHaul: service.distanceKm > 4_500 }))
    .sort(
      (a, b) =>
        a.service.airline - b.service.airline ||
        Number(b.longHaul) - Number(a.longHaul) ||
        b.service.demand - a.service.demand ||
        a.index - b.index,
    );
  const nextNumber = new Uint16Array(plan.airlines.length).fill(1);
  // Carriers on the same airport pair share its traffic: more carriers add some capacity, not
  // a full schedule each.
  const carriersOnPair = new Map<number, number>();
  const pairKey = (a: number, b: number) => Math.min(a, b) * plan.airports.length + Math.max(a, b);
  for (const service of plan.services) {
    const key = pairKey(service.base, service.other);
    carriersOnPair.set(key, (carriersOnPair.get(key) ?? 0) + 1);
  }

  for (const { service } of order) {
    const { airline, base, other, distanceKm, demand } = service;
    const carriers = carriersOnPair.get(pairKey(base, other)) ?? 1;
    const perDay = demand ** FREQUENCY_ELASTICITY / DEMAND_PER_FREQUENCY / carriers ** 0.7;
    const daily = perDay < 1 ? 1 : Math.min(maxDailyFrequency(distanceKm), Math.round(perDay));
    const daysPerWeek =
      perDay < 1 && !service.everyDay ? Math.min(7, Math.max(2, Math.round(perDay * 7))) : 7;
    const family = unitMix(seed, airline, 11) < 0.5 ? 0 : 1;
    const equipmentIndex = chooseEquipment(distanceKm, daily, demand, family, plan.airlineRangeKm[airline]!);
    const equipment = equipmentAt(equipmentIndex);
    const block = blockMinutes(distanceKm, equipment.cruiseKmh);
    const localDays = spreadDays(daysPerWeek, unitMix(seed, airline, base, other));
    const points = plan.connectionPoints[airline]!;
    const online = plan.onlineOnly[airline] ? ONLINE_ONLY : 0;
    const atBase = points.has(base);
    const atOther = points.has(other);
    const outwards = online | (atBase ? CONNECTS_AT_ORIGIN : 0) | (atOther ? CONNECTS_AT_DESTINATION : 0);
    const homewards = online | (atOther ? CONNECTS_AT_ORIGIN : 0) | (atBase ? CONNECTS_AT_DESTINATION : 0);
    const phase = unitMix(seed, airline, other, base);

    for (let frequency = 0; frequency < daily; frequency++) {
      if (nextNumber[airline]! + 1 > MAX_FLIGHT_NUMBER) break;
      const stagger = Math.floor(unitMix(seed, airline, other, frequency) * 30);
      const localDeparture = service.banked
        ? BANKS[Math.floor((frequency + phase) * (BANKS.length / daily)) % BANKS.length]! + stagger
        : FIRST_DEPARTURE + Math.floor(((frequency + phase) * DEPARTURE_SPAN) / daily);
      // Minutes from the start of the local operating day to departure, in UTC terms.
      const outbound = localDeparture - referenceOffset[base]!;
      const turnaround =
        equipment.turnaroundMinutes + Math.floor(unitMix(seed, other, airline, frequency) * 40);
      let inbound = outbound + block + turnaround;
      if (distanceKm < RED_EYE_KM) {
        // Night curfew: an aircraft that would leave the outstation after 23:00 night-stops there
        // and flies back in the first wave of the morning.
        const localAtOther = mod(inbound + referenceOffset[other]!, MINUTES_PER_DAY);
        if (localAtOther >= CURFEW_START || localAtOther < FIRST_DEPARTURE) {
          inbound += mod(FIRST_DEPARTURE + stagger - localAtOther, MINUTES_PER_DAY);
        }
      }
      const number = nextNumber[airline]!;
      nextNumber[airline] = number + 2;
      flights.push(base, other, airline, number, outbound, block, equipmentIndex, localDays, outwards);
      flights.push(other, base, airline, number + 1, inbound, block, equipmentIndex, localDays, homewards);
    }
  }
  return flights.finish();
}

function mod(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}

/** Long flights need long turnarounds and crews: fewer a day. */
function maxDailyFrequency(distanceKm: number): number {
  if (distanceKm <= 1_000) return 12;
  if (distanceKm <= 3_000) return 8;
  if (distanceKm <= 6_000) return 4;
  if (distanceKm <= 10_000) return 2;
  return 1;
}

/** `count` weekdays spread evenly over the week from a seeded start, as a bitmask. */
function spreadDays(count: number, phase: number): number {
  let mask = 0;
  const start = Math.floor(phase * 7);
  for (let k = 0; k < count; k++) mask |= 1 << ((start + Math.floor((k * 7) / count)) % 7);
  return mask;
}

/** Shifts a weekday mask by whole days (a local Monday departure may be a UTC Sunday). */
export function rotateDays(mask: number, days: number): number {
  const shift = ((days % 7) + 7) % 7;
  return ((mask << shift) | (mask >> (7 - shift))) & 0x7f;
}

class FlightColumnsBuilder {
  private columns = allocate(1 << 17);
  private count = 0;

  /** `departure` is UTC minutes from the start of the local day the mask refers to; may leave the day. */
  push(
    origin: number,
    destination: number,
    airline: number,
    flightNumber: number,
    departure: number,
    block: number,
    equipment: number,
    localDays: number,
    connects: number,
  ): void {
    if (this.count === this.columns.origin.length) this.grow();
    const dayShift = Math.floor(departure / MINUTES_PER_DAY);
    const index = this.count++;
    const c = this.columns;
    c.origin[index] = origin;
    c.destination[index] = destination;
    c.airline[index] = airline;
    c.flightNumber[index] = flightNumber;
    c.departureMinute[index] = departure - dayShift * MINUTES_PER_DAY;
    c.blockMinutes[index] = block;
    c.equipment[index] = equipment;
    c.operatingDays[index] = rotateDays(localDays, dayShift);
    c.connects[index] = connects;
  }

  finish(): FlightColumns {
    const c = this.columns;
    const n = this.count;
    return {
      count: n,
      origin: c.origin.slice(0, n),
      destination: c.destination.slice(0, n),
      airline: c.airline.slice(0, n),
      flightNumber: c.flightNumber.slice(0, n),
      departureMinute: c.departureMinute.slice(0, n),
      blockMinutes: c.blockMinutes.slice(0, n),
      equipment: c.equipment.slice(0, n),
      operatingDays: c.operatingDays.slice(0, n),
      connects: c.connects.slice(0, n),
    };
  }

  private grow(): void {
    const bigger = allocate(this.columns.origin.length * 2);
    for (const key of Object.keys(bigger) as (keyof typeof bigger)[]) {
      (bigger[key] as { set(values: ArrayLike<number>): void }).set(this.columns[key]);
    }
    this.columns = bigger;
  }
}

function allocate(capacity: number) {
  return {
    origin: new Uint16Array(capacity),
    destination: new Uint16Array(capacity),
    airline: new Uint16Array(capacity),
    flightNumber: new Uint16Array(capacity),
    departureMinute: new Uint16Array(capacity),
    blockMinutes: new Uint16Array(capacity),
    equipment: new Uint8Array(capacity),
    operatingDays: new Uint8Array(capacity),
    connects: new Uint8Array(capacity),
  };
}
