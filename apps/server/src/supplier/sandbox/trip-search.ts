import type { TripType } from '@skydesk/contract';
import { type FlightSearchRequest, SupplierRequestError } from '../port.js';
import { cabinBit } from './fleet.js';
import { type JourneyPlanner, minimumConnectionMinutes } from './routing.js';
import { type SandboxScheduleChanges, withScheduleChanges } from './schedule-changes/airline-changes.js';
import { epochDayOf, startOfLocalDay } from './time-zones.js';
import type { Timetable } from './timetable.js';
import {
  type LegOption,
  type PricedLeg,
  type PricingContext,
  priceLegs,
  tripTotals,
} from './trip-pricing.js';

/**
 * A trip search: each leg searched on its own date, its options priced, and the legs combined
 * into whole trips (a return or multi-city trip is one priced itinerary with one option per leg),
 * cheapest first, then shortest.
 */

export type PricedTrip = { legs: PricedLeg[]; total: number; elapsedMinutes: number };

/** How a search prices: what the request itself does not say (cabin, party, trip type). */
export type TripPricing = Omit<PricingContext, 'cabin' | 'passengers' | 'tripType'> & {
  /** Issue 32: the airlines' schedule changes, as of `quotedAt`: moved flights shown moved, cancelled ones not sold. */
  scheduleChanges?: SandboxScheduleChanges;
};

/** Most results an agent is shown: enough that filters never work on a truncated list (the issue:
 * agents complain about results cut at a few hundred elsewhere). */
export const MAX_RESULTS = 1_000;
/** Options per leg carried into combination. */
const OPTIONS_PER_LEG = 150;
/** How many combinations to try before giving up on more valid ones. */
const MAX_COMBINATIONS_TRIED = 60_000;
/** No sale closer to departure than this (check-in closes). */
const SALES_CLOSE_MINUTES = 60;

const LEG_COUNT: Readonly<Record<TripType, { min: number; max: number }>> = {
  OneWay: { min: 1, max: 1 },
  Return: { min: 2, max: 2 },
  MultiCity: { min: 2, max: 6 },
};

export async function searchTrips(
  search: FlightSearchRequest,
  planner: JourneyPlanner,
  pricing: TripPricing,
): Promise<PricedTrip[]> {
  return combineLegs(await pricedOptions(search, planner, pricing), pricing.timetable, MAX_RESULTS);
}

/**
 * The cheapest whole trip alone, for the fare strip: the same search up to the combinations, which
 * stop at the first valid one (they come cheapest first). Null when nothing is for sale.
 */
export async function cheapestTrip(
  search: FlightSearchRequest,
  planner: JourneyPlanner,
  pricing: TripPricing,
): Promise<PricedTrip | null> {
  return combineLegs(await pricedOptions(search, planner, pricing), pricing.timetable, 1)[0] ?? null;
}

/** Each leg searched on its date and its options priced, cheapest first, then shortest. */
export async function pricedOptions(
  search: FlightSearchRequest,
  planner: JourneyPlanner,
  pricing: TripPricing,
): Promise<{ leg: PricedLeg; total: number }[][]> {
  const { timetable } = pricing;
  validateTripSearch(search, timetable);
  const allowedAirlines = preferredAirlineMask(search.preferredAirlines, timetable);
  const quotedMinute = Math.floor(pricing.quotedAt.getTime() / 60_000);
  const salesClose = quotedMinute + SALES_CLOSE_MINUTES;

  const legOptions: LegOption[][] = search.legs.map((leg) => {
    const origin = timetable.airportIndex(leg.origin)!;
    const destination = timetable.airportIndex(leg.destination)!;
    const zone = timetable.airport(origin).timeZone;
    const journeys = planner.plan({
      origin,
      destination,
      departureFrom: startOfLocalDay(zone, leg.departureDate),
      departureUntil: startOfLocalDay(zone, nextDate(leg.departureDate)),
      maxConnections: search.maxStops,
      cabinBit: cabinBit(search.cabin),
      allowedAirlines,
    });
    return journeys
      .filter((journey) => journey.departure >= salesClose)
      .flatMap((journey) => {
        const option: LegOption = {
          segments: journey.flights.map((flight, index) => ({
            flight,
            departure: journey.departures[index]!,
          })),
          departure: journey.departure,
          arrival: journey.arrival,
        };
        if (!pricing.scheduleChanges) return [option];
        const changed = withScheduleChanges(option, pricing.scheduleChanges, timetable, quotedMinute);
        return changed && changed.departure >= salesClose ? [changed] : [];
      });
  });

  const priced = await priceLegs(legOptions, {
    ...pricing,
    cabin: search.cabin,
    passengers: search.passengers,
    tripType: search.tripType,
  });
  return priced.map((options) =>
    options
      .map((leg) => ({ leg, total: tripTotals([leg], search.passengers).total }))
      .sort(
        (a, b) => a.total - b.total || elapsed(a.leg) - elapsed(b.leg) || a.leg.departure - b.leg.departure,
      )
      .slice(0, search.legs.length === 1 ? MAX_RESULTS : OPTIONS_PER_LEG),
  );
}

/**
 * The cheapest valid combinations of one option per leg, found best-first over the per-leg lists
 * sorted by price (the k-best sums of sorted lists). A combination is valid when each leg leaves
 * after the previous one lands, with a connection's minimum time between them.
 */
function combineLegs(
  perLeg: readonly { leg: PricedLeg; total: number }[][],
  timetable: Timetable,
  limit: number,
): PricedTrip[] {
  if (perLeg.some((options) => options.length === 0)) return [];
  const trips: PricedTrip[] = [];
  const seen = new Set<string>();
  const frontier = new MinHeap<number[]>();
  const push = (picks: number[]) => {
    const key = picks.join(',');
    if (seen.has(key)) return;
    seen.add(key);
    frontier.push(
      picks.reduce((sum, pick, leg) => sum + perLeg[leg]![pick]!.total, 0),
      picks,
    );
  };
  push(perLeg.map(() => 0));
  let tried = 0;
  // The heap orders by total alone: three times the limit are collected for the final sort by total,
  // then duration. For the cheapest alone, the first valid combination will do.
  const enough = limit === 1 ? 1 : limit * 3;
  while (frontier.size > 0 && trips.length < enough && tried++ < MAX_COMBINATIONS_TRIED) {
    const { priority: total, value: picks } = frontier.pop()!;
    const legs = picks.map((pick, leg) => perLeg[leg]![pick]!.leg);
    if (legsInSequence(legs, timetable)) {
      trips.push({ legs, total, elapsedMinutes: legs.reduce((sum, leg) => sum + elapsed(leg), 0) });
    }
    picks.forEach((pick, leg) => {
      if (pick + 1 < perLeg[leg]!.length)
        push(picks.map((value, index) => (index === leg ? value + 1 : value)));
    });
  }
  return trips
    .sort(
      (a, b) =>
        a.total - b.total ||
        a.elapsedMinutes - b.elapsedMinutes ||
        a.legs[0]!.departure - b.legs[0]!.departure,
    )
    .slice(0, limit);
}

/** A binary min-heap keyed by a number. */
class MinHeap<T> {
  private readonly items: { priority: number; value: T }[] = [];

  get size(): number {
    return this.items.length;
  }

  push(priority: number, value: T): void {
    const items = this.items;
    items.push({ priority, value });
    let slot = items.length - 1;
    while (slot > 0) {
      const parent = (slot - 1) >> 1;
      if (items[parent]!.priority <= items[slot]!.priority) break;
      [items[parent], items[slot]] = [items[slot]!, items[parent]!];
      slot = parent;
    }
  }

  pop(): { priority: number; value: T } | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      let slot = 0;
      for (;;) {
        let child = 2 * slot + 1;
        if (child >= items.length) break;
        if (child + 1 < items.length && items[child + 1]!.priority < items[child]!.priority) child++;
        if (items[slot]!.priority <= items[child]!.priority) break;
        [items[slot], items[child]] = [items[child]!, items[slot]!];
        slot = child;
      }
    }
    return top;
  }
}

/** Each leg leaves after the previous one lands, with a connection's minimum time between them. */
export function legsInSequence(legs: readonly LegOption[], timetable: Timetable): boolean {
  for (let index = 1; index < legs.length; index++) {
    const previous = legs[index - 1]!;
    const next = legs[index]!;
    const inbound = previous.segments[previous.segments.length - 1]!.flight;
    const outbound = next.segments[0]!.flight;
    const connection = minimumConnectionMinutes(
      timetable.linkInternational[timetable.flightLink[inbound]!] === 1,
      timetable.linkInternational[timetable.flightLink[outbound]!] === 1,
    );
    if (next.departure < previous.arrival + connection) return false;
  }
  return true;
}

export function elapsed(leg: LegOption): number {
  return leg.arrival - leg.departure;
}

/** The checks docs/api.md lists for a search body that a supplier can make on its own. */
export function validateTripSearch(search: FlightSearchRequest, timetable: Timetable): void {
  const count = LEG_COUNT[search.tripType];
  if (search.legs.length < count.min || search.legs.length > count.max) {
    throw new SupplierRequestError(
      'origin_destinations',
      `${search.tripType} takes ${count.min === count.max ? count.min : `${count.min}–${count.max}`} legs`,
    );
  }
  const { adults, children, infants } = search.passengers;
  if (!Number.isInteger(adults) || adults < 1 || adults > 9) {
    throw new SupplierRequestError('adult_quantity', 'Between 1 and 9 adults');
  }
  if (!Number.isInteger(children) || children < 0 || adults + children > 9) {
    throw new SupplierRequestError('child_quantity', 'At most 9 seated passengers');
  }
  if (!Number.isInteger(infants) || infants < 0 || infants > adults) {
    throw new SupplierRequestError(
      'infant_quantity',
      'Each infant travels on an adult’s lap: no more infants than adults',
    );
  }
  if (!Number.isInteger(search.maxStops) || search.maxStops < 0 || search.maxStops > 2) {
    throw new SupplierRequestError('max_stops', 'Between 0 and 2 stops');
  }
  search.legs.forEach((leg, index) => {
    const at = `origin_destinations.${index}`;
    if (timetable.airportIndex(leg.origin) === undefined) {
      throw new SupplierRequestError(`${at}.origin_location_code`, `Unknown airport ${leg.origin}`);
    }
    if (timetable.airportIndex(leg.destination) === undefined) {
      throw new SupplierRequestError(`${at}.destination_location_code`, `Unknown airport ${leg.destination}`);
    }
    if (leg.origin === leg.destination) {
      throw new SupplierRequestError(
        `${at}.destination_location_code`,
        'Destination must differ from origin',
      );
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(leg.departureDate) || Number.isNaN(epochDayOf(leg.departureDate))) {
      throw new SupplierRequestError(`${at}.departure_date_time`, 'A date YYYY-MM-DD');
    }
    const previous = search.legs[index - 1];
    if (previous && leg.departureDate < previous.departureDate) {
      throw new SupplierRequestError(
        `${at}.departure_date_time`,
        'A later leg cannot depart before an earlier one',
      );
    }
  });
  for (const code of search.preferredAirlines) {
    if (timetable.airlineIndex(code) === undefined) {
      throw new SupplierRequestError('preferred_airlines', `Unknown airline ${code}`);
    }
  }
}

function preferredAirlineMask(codes: readonly string[], timetable: Timetable): Uint8Array | null {
  if (codes.length === 0) return null;
  const mask = new Uint8Array(timetable.airlines.length);
  for (const code of codes) mask[timetable.airlineIndex(code)!] = 1;
  return mask;
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
