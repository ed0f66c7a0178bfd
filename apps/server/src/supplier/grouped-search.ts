import {
  type FareBrand,
  type LegOption as GroupedOption,
  type GroupedSegment,
  type LegBrand,
  minorToAmount,
} from '@skydesk/contract';
import { cabinBrands } from './brands.js';
import { priceComponent } from './fares.js';
import { equipmentAt } from './fleet.js';
import type { OptionIdSigner } from './option-ids.js';
import { searchKeyOf } from './option-ids.js';
import type { FlightSearchRequest, GroupedAnswer } from './port.js';
import { terminal } from './present-itinerary.js';
import type { JourneyPlanner } from './routing.js';
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
  const { timetable, quotedAt, rules } = context.pricing;
  const perLeg = (await pricedOptions(search, context.planner, context.pricing)).map((options) =>
    options.map(({ leg }) => leg),
  );
  const brands = cabinBrands(search.cabin).map((brand) => brand.brand);
  const passengers = search.passengers;
  const legCount = perLeg.length;

  // cost[leg][option][brand]: the party's total of the leg in the brand, Infinity when sold out.
  const cost = perLeg.map((options) =>
    options.map((leg) =>
      leg.brands.list().map((entry) => (entry.leg ? tripTotals([entry.leg], passengers).total : Infinity)),
    ),
  );
  // next[leg][option]: the options of leg + 1 that can follow it.
  const next = perLeg.slice(0, -1).map((options, leg) =>
    options.map((option) => {
      const following: number[] = [];
      perLeg[leg + 1]!.forEach((candidate, index) => {
        if (legsInSequence([option, candidate], timetable)) following.push(index);
      });
      return following;
    }),
  );

  // Cheapest trip in each brand ending with (forward) or starting with (backward) each option.
  const forward = cost.map((options) => options.map((costs) => [...costs]));
  for (let leg = 0; leg + 1 < legCount; leg++) {
    const reach = perLeg[leg + 1]!.map(() => brands.map(() => Infinity));
    next[leg]!.forEach((following, option) => {
      for (const index of following) {
        brands.forEach((_, brand) => {
          reach[index]![brand] = Math.min(reach[index]![brand]!, forward[leg]![option]![brand]!);
        });
      }
    });
    forward[leg + 1] = cost[leg + 1]!.map((costs, option) =>
      costs.map((value, brand) => value + reach[option]![brand]!),
    );
  }
  const backward = cost.map((options) => options.map((costs) => [...costs]));
  for (let leg = legCount - 2; leg >= 0; leg--) {
    backward[leg] = cost[leg]!.map((costs, option) =>
      costs.map((value, brand) => {
        let best = Infinity;
        for (const index of next[leg]![option]!) best = Math.min(best, backward[leg + 1]![index]![brand]!);
        return value + best;
      }),
    );
  }
  const through = cost.map((options, leg) =>
    options.map((costs, option) =>
      Math.min(
        ...costs.map((value, brand) =>
          Number.isFinite(value)
            ? forward[leg]![option]![brand]! + backward[leg]![option]![brand]! - value
            : Infinity,
        ),
      ),
    ),
  );

  // Options on no whole trip are left out; the others cheapest first, then shortest, then earliest.
  const kept = perLeg.map((options, leg) =>
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

  // Signed for the options shown only: the combinations name no other.
  const searchKey = searchKeyOf(search);
  const ids = kept.map((options, leg) => {
    const date = epochDayOf(search.legs[leg]!.departureDate);
    const byOption: string[] = [];
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

  const reference: GroupedAnswer['reference'] = { airports: {}, airlines: {}, equipment: {} };
  const legs: GroupedAnswer['legs'] = kept.map((options, leg) => ({
    origin: search.legs[leg]!.origin,
    destination: search.legs[leg]!.destination,
    date: search.legs[leg]!.departureDate,
    options: options.map(
      (option): GroupedOption => ({
        id: ids[leg]![option]!,
        elapsed_time: elapsed(perLeg[leg]![option]!),
        segments: presentSegments(perLeg[leg]![option]!, timetable, reference),
        brands: legBrands(perLeg[leg]![option]!, cost[leg]![option]!, brands, rules),
        cheapest_total: minorToAmount(through[leg]![option]!),
      }),
    ),
  }));

  // For each option, the options of the next leg it goes with, cheapest whole trip first.
  const combinations: GroupedAnswer['combinations'] = [];
  for (let leg = 0; leg + 1 < legCount; leg++) {
    const pairs: Record<string, [string, number][]> = {};
    for (const option of kept[leg]!) {
      const list: [number, number][] = [];
      for (const index of next[leg]![option]!) {
        let best = Infinity;
        brands.forEach((_, brand) => {
          best = Math.min(best, forward[leg]![option]![brand]! + backward[leg + 1]![index]![brand]!);
        });
        if (Number.isFinite(best)) list.push([index, best]);
      }
      list.sort((a, b) => a[1] - b[1]);
      pairs[ids[leg]![option]!] = list.map(([index, total]) => [ids[leg + 1]![index]!, minorToAmount(total)]);
    }
    combinations.push(pairs);
  }

  return {
    answer: {
      view: 'itineraries',
      currency: context.currency,
      trip_type: search.tripType,
      cabin: search.cabin,
      passengers: { adults: passengers.adults, children: passengers.children, infants: passengers.infants },
      reference,
      legs,
      combinations,
    },
    trips: countTrips(kept, next),
  };
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
        terminal: terminal(origin.code, origin.size, airline.code),
        at: departs.dateTime,
        utc_offset: departs.offset,
      },
      arrival: {
        airport: destination.code,
        terminal: terminal(destination.code, destination.size, airline.code),
        at: arrives.dateTime,
        utc_offset: arrives.offset,
      },
      elapsed_time: block,
      stops: 0,
      seats_remaining: leg.seatsRemaining[index]!,
    };
  });
}
