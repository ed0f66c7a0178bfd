import {
  type FareBrand,
  type LegOption as GroupedOption,
  type GroupedSegment,
  type LegBrand,
  minorToAmount,
} from '@skydesk/contract';
import type { FlightSearchRequest, GroupedAnswer } from '../port.js';
import { cabinBrands } from './brands.js';
import { type PassengerMix, priceComponent } from './fares.js';
import { equipmentAt } from './fleet.js';
import type { OptionIdSigner } from './option-ids.js';
import { searchKeyOf } from './option-ids.js';
import type { JourneyPlanner } from './routing.js';
import { terminal } from './terminals.js';
import { epochDayOf, localTime } from './time-zones.js';
import type { Timetable } from './timetable.js';
import { type PricedLeg, segmentDate, tripTotals } from './trip-pricing.js';
import { elapsed, legsInSequence, MAX_RESULTS, pricedOptions, type TripPricing } from './trip-search.js';

/**
 * The grouped answer of issue 16 (`view: 'itineraries'`): each leg's options once, with the
 * cabin's brands priced for the party, and for consecutive legs which options go together at what
 * whole-trip total.
 *
 * A whole trip is sold in one brand (POST /api/search/price takes one), so a total here is the
 * cheapest brand open on every leg of the trip. A leg's fare is its own fare component, so a trip's
 * total in a brand is the sum of its legs' totals in that brand (`LegBrand.total`, with the
 * round-trip share in a return): the cheapest trips through each option, or through each pair of
 * options, come from cheapest prefixes and suffixes per brand — a pass forward and one back over
 * the legs, each checking only consecutive options (a leg must leave after the one before lands,
 * with a connection's minimum time), as the flat search's combinations do.
 */

export type GroupedContext = {
  planner: JourneyPlanner;
  pricing: TripPricing;
  signer: OptionIdSigner;
  currency: string;
};

export async function searchGrouped(
  search: FlightSearchRequest,
  context: GroupedContext,
): Promise<{ answer: GroupedAnswer; trips: number }> {
  const perLeg = (await pricedOptions(search, context.planner, context.pricing)).map((options) =>
    options.map(({ leg }) => leg),
  );
  return groupedAnswer(search, perLeg, context);
}

/** Per leg, per option, per brand: a number (minor units; Infinity when none). */
type PerBrand = number[][][];

/**
 * The answer from each leg's priced options, step by step. Each step is a function of its own:
 * small functions are what V8 optimizes, and re-optimizes, quickly (one of two hundred lines took
 * 100–200 ms of compiling each time its inputs changed shape while a server warmed up).
 */
function groupedAnswer(
  search: FlightSearchRequest,
  perLeg: readonly (readonly PricedLeg[])[],
  context: GroupedContext,
): { answer: GroupedAnswer; trips: number } {
  const brands = cabinBrands(search.cabin).map((brand) => brand.brand);
  const { passengers } = search;
  const cost = legCosts(perLeg, passengers);
  const next = followers(perLeg, context.pricing.timetable);
  const forward = cheapestUpTo(cost, next);
  const backward = cheapestFrom(cost, next);
  const through = cheapestThrough(cost, forward, backward);
  const kept = shownOptions(perLeg, through);
  const ids = signedIds(search, perLeg, kept, context);
  const reference: GroupedAnswer['reference'] = { airports: {}, airlines: {}, equipment: {} };
  const legs: GroupedAnswer['legs'] = kept.map((options, leg) => ({
    origin: search.legs[leg]!.origin,
    destination: search.legs[leg]!.destination,
    date: search.legs[leg]!.departureDate,
    options: options.map(
      (option): GroupedOption => ({
        id: ids[leg]![option]!,
        elapsed_time: elapsed(perLeg[leg]![option]!),
        segments: presentSegments(perLeg[leg]![option]!, context.pricing.timetable, reference),
        brands: legBrands(perLeg[leg]![option]!, cost[leg]![option]!, brands, context.pricing.rules),
        cheapest_total: minorToAmount(through[leg]![option]!),
      }),
    ),
  }));
  return {
    answer: {
      view: 'itineraries',
      currency: context.currency,
      trip_type: search.tripType,
      cabin: search.cabin,
      passengers: { adults: passengers.adults, children: passengers.children, infants: passengers.infants },
      reference,
      legs,
      combinations: combinationsOf(kept, next, forward, backward, ids),
    },
    trips: countTrips(kept, next),
  };
}

/** cost[leg][option][brand]: the party's total of the leg in the brand, Infinity when sold out. */
function legCosts(perLeg: readonly (readonly PricedLeg[])[], passengers: PassengerMix): PerBrand {
  return perLeg.map((options) =>
    options.map((leg) =>
      leg.brands.list().map((entry) => (entry.leg ? tripTotals([entry.leg], passengers).total : Infinity)),
    ),
  );
}

/** next[leg][option]: the options of leg + 1 that can follow it. */
function followers(perLeg: readonly (readonly PricedLeg[])[], timetable: Timetable): number[][][] {
  return perLeg.slice(0, -1).map((options, leg) =>
    options.map((option) => {
      const following: number[] = [];
      perLeg[leg + 1]!.forEach((candidate, index) => {
        if (legsInSequence([option, candidate], timetable)) following.push(index);
      });
      return following;
    }),
  );
}

/** The cheapest trip in each brand from the first leg up to and ending with each option. */
function cheapestUpTo(cost: PerBrand, next: readonly number[][][]): PerBrand {
  const forward = cost.map((options) => options.map((costs) => [...costs]));
  for (let leg = 0; leg + 1 < cost.length; leg++) {
    const reach = cost[leg + 1]!.map((costs) => costs.map(() => Infinity));
    next[leg]!.forEach((following, option) => {
      const here = forward[leg]![option]!;
      for (const index of following) {
        const there = reach[index]!;
        for (let brand = 0; brand < here.length; brand++)
          there[brand] = Math.min(there[brand]!, here[brand]!);
      }
    });
    forward[leg + 1] = cost[leg + 1]!.map((costs, option) =>
      costs.map((value, brand) => value + reach[option]![brand]!),
    );
  }
  return forward;
}

/** The cheapest trip in each brand starting with each option to the last leg. */
function cheapestFrom(cost: PerBrand, next: readonly number[][][]): PerBrand {
  const backward = cost.map((options) => options.map((costs) => [...costs]));
  for (let leg = cost.length - 2; leg >= 0; leg--) {
    backward[leg] = cost[leg]!.map((costs, option) =>
      costs.map((value, brand) => {
        let best = Infinity;
        for (const index of next[leg]![option]!) best = Math.min(best, backward[leg + 1]![index]![brand]!);
        return value + best;
      }),
    );
  }
  return backward;
}

/** through[leg][option]: the cheapest whole trip through the option, in any one brand. */
function cheapestThrough(cost: PerBrand, forward: PerBrand, backward: PerBrand): number[][] {
  return cost.map((options, leg) =>
    options.map((costs, option) => {
      let best = Infinity;
      costs.forEach((value, brand) => {
        if (Number.isFinite(value)) {
          best = Math.min(best, forward[leg]![option]![brand]! + backward[leg]![option]![brand]! - value);
        }
      });
      return best;
    }),
  );
}

/** Options on no whole trip are left out; the others cheapest first, then shortest, then earliest. */
function shownOptions(perLeg: readonly (readonly PricedLeg[])[], through: number[][]): number[][] {
  return perLeg.map((options, leg) =>
    options
      .map((_, option) => option)
      .filter((option) => Number.isFinite(through[leg]![option]!))
      .sort(
        (a, b) =>
          through[leg]![a]! - through[leg]![b]! ||
          elapsed(perLeg[leg]![a]!) - elapsed(perLeg[leg]![b]!) ||
          perLeg[leg]![a]!.departure - perLeg[leg]![b]!.departure,
      ),
  );
}

/** ids[leg][option]: signed for the options shown only (the combinations name no other). */
function signedIds(
  search: FlightSearchRequest,
  perLeg: readonly (readonly PricedLeg[])[],
  kept: readonly number[][],
  context: GroupedContext,
): string[][] {
  const { timetable, quotedAt } = context.pricing;
  const searchKey = searchKeyOf(search);
  return kept.map((options, leg) => {
    const date = epochDayOf(search.legs[leg]!.departureDate);
    const byOption = new Array<string>(perLeg[leg]!.length);
    for (const option of options) {
      byOption[option] = context.signer.encode(
        searchKey,
        leg,
        perLeg[leg]![option]!.segments.map((segment) => ({
          designator: timetable.designator(segment.flight),
          dayOffset: epochDayOf(segmentDate(timetable, segment)) - date,
        })),
        quotedAt,
      );
    }
    return byOption;
  });
}

/** For each option, the options of the next leg it goes with, cheapest whole trip first. */
function combinationsOf(
  kept: readonly number[][],
  next: readonly number[][][],
  forward: PerBrand,
  backward: PerBrand,
  ids: readonly string[][],
): GroupedAnswer['combinations'] {
  const combinations: GroupedAnswer['combinations'] = [];
  for (let leg = 0; leg + 1 < kept.length; leg++) {
    const pairs: Record<string, [string, number][]> = {};
    for (const option of kept[leg]!) {
      const upTo = forward[leg]![option]!;
      const list: [number, number][] = [];
      for (const index of next[leg]![option]!) {
        const from = backward[leg + 1]![index]!;
        let best = Infinity;
        for (let brand = 0; brand < upTo.length; brand++) best = Math.min(best, upTo[brand]! + from[brand]!);
        if (Number.isFinite(best)) list.push([index, best]);
      }
      list.sort((a, b) => a[1] - b[1]);
      pairs[ids[leg]![option]!] = list.map(([index, total]) => [ids[leg + 1]![index]!, minorToAmount(total)]);
    }
    combinations.push(pairs);
  }
  return combinations;
}

/** Whole trips the answer holds (any brand), counted up to the flat answer's cap: the history's count. */
function countTrips(kept: readonly number[][], next: readonly number[][][]): number {
  let counts = new Map(kept[0]!.map((option) => [option, 1]));
  for (let leg = 0; leg + 1 < kept.length; leg++) {
    const following = new Map(kept[leg + 1]!.map((option) => [option, 0]));
    for (const [option, count] of counts) {
      for (const index of next[leg]![option]!) {
        const current = following.get(index);
        if (current !== undefined) following.set(index, Math.min(MAX_RESULTS, current + count));
      }
    }
    counts = following;
  }
  let total = 0;
  for (const count of counts.values()) total += count;
  return Math.min(MAX_RESULTS, total);
}

function legBrands(
  leg: PricedLeg,
  costs: readonly number[],
  brands: readonly FareBrand[],
  rules: Parameters<typeof priceComponent>[1],
): LegBrand[] {
  return leg.brands.list().map((entry, index) => {
    // A sold-out brand still says what it includes: its cheapest class's terms, with no price.
    const range = cabinBrands(leg.fareInput.cabin)[index]!;
    const component =
      entry.leg?.component ?? priceComponent({ ...leg.fareInput, classIndex: range.first }, rules);
    return {
      brand: brands[index]!,
      sold_out: entry.leg === null,
      booking_class: entry.leg ? component.bookingClass : null,
      fare_basis: entry.leg ? component.fareBasis : null,
      baggage: { pieces: component.baggage.pieces, weight_kg: component.baggage.weightKg },
      refundable: component.refundable,
      cancel_penalty: minorToAmount(component.cancelPenalty),
      change_penalty: minorToAmount(component.changePenalty),
      seats_remaining: entry.seatsLeft,
      total: entry.leg ? minorToAmount(costs[index]!) : null,
    };
  });
}

function presentSegments(
  leg: PricedLeg,
  timetable: Timetable,
  reference: GroupedAnswer['reference'],
): GroupedSegment[] {
  return leg.segments.map((segment, index) => {
    const flight = segment.flight;
    const origin = timetable.airport(timetable.flightOrigin[flight]!);
    const destination = timetable.airport(timetable.flightDestination[flight]!);
    const airline = timetable.airline(timetable.flightAirline[flight]!);
    const equipment = equipmentAt(timetable.flightEquipment[flight]!);
    const block = timetable.flightBlock[flight]!;
    const departs = localTime(origin.timeZone, segment.departure);
    const arrives = localTime(destination.timeZone, segment.departure + block);
    for (const airport of [origin, destination]) {
      reference.airports[airport.code] ??= {
        name: airport.name,
        city: airport.city,
        country_code: airport.countryCode,
        time_zone: airport.timeZone,
      };
    }
    reference.airlines[airline.code] ??= { name: airline.name };
    reference.equipment[equipment.code] ??= { name: equipment.name };
    return {
      flight_number: String(timetable.flightNumber[flight]!),
      marketing: airline.code,
      operating: airline.code,
      equipment: equipment.code,
      departure: {
        airport: origin.code,
        terminal: terminal(origin.code, airline.code),
        at: departs.dateTime,
        utc_offset: departs.offset,
      },
      arrival: {
        airport: destination.code,
        terminal: terminal(destination.code, airline.code),
        at: arrives.dateTime,
        utc_offset: arrives.offset,
      },
      elapsed_time: block,
      stops: 0,
      seats_remaining: leg.seatsRemaining[index]!,
    };
  });
}
