import type { Cabin, TripType } from '@skydesk/contract';
import type { SeatInventory, SeatQuery } from '../inventory.js';
import { brandClassIndex, cabinBrands, seatsLeftInClass } from './brands.js';
import {
  componentPricer,
  type FareBrand,
  type FareComponent,
  type FareComponentInput,
  type FareRules,
  lowestOpenClass,
  type PassengerMix,
  priceComponent,
  seatsNeeded,
} from './fares.js';
import { equipmentAt } from './fleet.js';
import { localDate, MINUTES_PER_DAY } from './time-zones.js';
import type { Timetable } from './timetable.js';

/**
 * Turns journeys into priced legs: reads the seats sold on every flight (one inventory call),
 * finds each leg's booking class, and prices the leg as one fare component — in its cheapest open
 * class, and in each brand of the cabin (issue 16, brands.ts).
 */

/** One flight on one date. */
export type Segment = {
  flight: number;
  departure: number;
  /**
   * Issue 32: the timetable's departure of a flight its airline moved (`departure` is then the new
   * one); the flight-day — its date, seats and fares — stays this one's.
   */
  scheduled?: number;
};

/** The flights of one leg of a trip (an OriginDestinationOption). */
export type LegOption = { segments: Segment[]; departure: number; arrival: number };

export type PricedLeg = LegOption & {
  /** Index into the cabin's booking classes the whole leg sells in. */
  classIndex: number;
  component: FareComponent;
  /** Seats for sale per segment (capacity − sold). */
  seatsRemaining: number[];
  /** Airline whose fare this is: the one flying the longest segment of the leg. */
  validatingCarrier: number;
  /** The cabin's brands on this leg, cheapest first; one of them is this leg as priced. */
  brands: LegBrands;
  /** What the fare component is priced from, but the class: re-pricing in another class. */
  fareInput: Omit<FareComponentInput, 'classIndex'>;
  /** Per segment: the cheapest class open to the party, and seats sold in the cabin. */
  openClasses: readonly number[];
  sold: readonly number[];
  capacities: readonly number[];
};

/** Shared by a leg and its other brands' legs. */
export type LegBrands = { list(): readonly LegBrandFare[] };

/** One brand of a leg: sold out, or the same leg sold in the brand's class (an object of its own). */
export type LegBrandFare = {
  brand: FareBrand;
  /** Null when some flight of the leg has none of the brand's classes open. */
  leg: PricedLeg | null;
  /** The fewest seats left in the brand's class over the leg's flights; 0 when sold out. */
  seatsLeft: number;
};

export type PricingContext = {
  timetable: Timetable;
  rules: FareRules;
  inventory: SeatInventory;
  cabin: Cabin;
  passengers: PassengerMix;
  tripType: TripType;
  /** When the quote is made (search time, or the offer's original quote time on re-pricing). */
  quotedAt: Date;
};

/** Prices every option of every leg; options a flight cannot seat the party on are dropped. */
export async function priceLegs(
  legs: readonly (readonly LegOption[])[],
  context: PricingContext,
): Promise<PricedLeg[][]> {
  const { timetable } = context;
  const queries: SeatQuery[] = [];
  const queryIndex = new Map<string, number>();
  const keyOf = (segment: Segment) => `${segment.flight}@${segment.departure}`;
  for (const options of legs) {
    for (const option of options) {
      for (const segment of option.segments) {
        const key = keyOf(segment);
        if (queryIndex.has(key)) continue;
        queryIndex.set(key, queries.length);
        queries.push({
          flight: timetable.designator(segment.flight),
          date: segmentDate(timetable, segment),
          cabin: context.cabin,
        });
      }
    }
  }
  const sold = queries.length > 0 ? await context.inventory.soldSeats(queries) : [];
  return legs.map((options) =>
    options.flatMap((option) => {
      const priced = priceLeg(option, context, (segment) => sold[queryIndex.get(keyOf(segment))!] ?? 0);
      return priced ? [priced] : [];
    }),
  );
}

function priceLeg(
  option: LegOption,
  context: PricingContext,
  soldSeats: (segment: Segment) => number,
): PricedLeg | null {
  const { timetable, cabin } = context;
  const seats = seatsNeeded(context.passengers);
  let classIndex = 0;
  const seatsRemaining: number[] = [];
  const openClasses: number[] = [];
  const soldPerSegment: number[] = [];
  const capacities: number[] = [];
  let longest = -1;
  let validatingCarrier = 0;
  let flownDistanceKm = 0;
  for (const segment of option.segments) {
    const capacity = equipmentAt(timetable.flightEquipment[segment.flight]!).seats[cabin];
    const sold = Math.min(capacity, Math.max(0, soldSeats(segment)));
    const open = lowestOpenClass(cabin, capacity, sold, seats);
    if (open < 0) return null;
    classIndex = Math.max(classIndex, open);
    seatsRemaining.push(capacity - sold);
    openClasses.push(open);
    soldPerSegment.push(sold);
    capacities.push(capacity);
    const distance = timetable.linkDistanceKm[timetable.flightLink[segment.flight]!]!;
    flownDistanceKm += distance;
    if (distance > longest) {
      longest = distance;
      validatingCarrier = timetable.flightAirline[segment.flight]!;
    }
  }
  const first = option.segments[0]!;
  const last = option.segments[option.segments.length - 1]!;
  const origin = timetable.flightOrigin[first.flight]!;
  const destination = timetable.flightDestination[last.flight]!;
  const quotedMinute = Math.floor(context.quotedAt.getTime() / 60_000);
  const fareInput: PricedLeg['fareInput'] = {
    cabin,
    distanceKm: timetable.distanceKm(origin, destination),
    flownDistanceKm,
    connections: option.segments.length - 1,
    daysToDeparture: Math.floor((option.departure - quotedMinute) / MINUTES_PER_DAY),
    carrier: timetable.airline(validatingCarrier).code,
    roundTrip: context.tripType === 'Return',
    departureCountries: option.segments.map(
      (segment) => timetable.airport(timetable.flightOrigin[segment.flight]!).countryCode,
    ),
    // The day moves the fare: weekday, season and demand on these flights that day (decision 017).
    departureLocal: segmentDate(timetable, first),
    flightKey: option.segments.map((segment) => timetable.designator(segment.flight)).join('+'),
  };
  const priceInClass = componentPricer(fareInput, context.rules);
  // Every brand is priced when first asked for: a search prices every journey the planner finds,
  // and shows (and sells) only the cheapest of them.
  let list: LegBrandFare[] | null = null;
  const brands: LegBrands = { list: () => (list ??= priceBrands()) };
  const base = {
    ...option,
    seatsRemaining,
    validatingCarrier,
    brands,
    fareInput,
    openClasses,
    sold: soldPerSegment,
    capacities,
  };
  // The cheapest open class is the cheapest open brand's (classes nested, brands in class order).
  const cheapest: PricedLeg = {
    ...base,
    classIndex,
    component: priceInClass(classIndex),
  };
  const priceBrands = () =>
    cabinBrands(cabin).map((brand): LegBrandFare => {
      const index = brandClassIndex(brand, openClasses);
      if (index === null) return { brand: brand.brand, leg: null, seatsLeft: 0 };
      const leg: PricedLeg =
        index === classIndex
          ? cheapest
          : {
              ...base,
              classIndex: index,
              component: priceInClass(index),
            };
      return { brand: brand.brand, leg, seatsLeft: seatsLeftIn(leg, index) };
    });
  return cheapest;
}

function seatsLeftIn(leg: PricedLeg, classIndex: number): number {
  let fewest = Number.POSITIVE_INFINITY;
  leg.capacities.forEach((capacity, segment) => {
    fewest = Math.min(
      fewest,
      seatsLeftInClass(leg.fareInput.cabin, classIndex, capacity, leg.sold[segment]!),
    );
  });
  return fewest;
}

/**
 * The leg sold in `brand`, in the brand's cheapest open class or `atLeastClass` when dearer
 * (re-pricing an offer keeps its class unless it has closed); null when the brand is sold out.
 */
export function legInBrand(
  leg: PricedLeg,
  brand: FareBrand,
  rules: FareRules,
  atLeastClass = 0,
): PricedLeg | null {
  const entry = leg.brands.list().find((candidate) => candidate.brand === brand);
  if (!entry?.leg) return null;
  if (atLeastClass <= entry.leg.classIndex) return entry.leg;
  const range = cabinBrands(leg.fareInput.cabin).find((candidate) => candidate.brand === brand)!;
  const index = brandClassIndex(range, leg.openClasses, atLeastClass);
  if (index === null) return null;
  return {
    ...entry.leg,
    classIndex: index,
    component: priceComponent({ ...leg.fareInput, classIndex: index }, rules),
  };
}

/** The party's total for one leg in its class (a fare component's share of a trip). */
export function legTotal(leg: PricedLeg, passengers: PassengerMix): number {
  return tripTotals([leg], passengers).total;
}

/** The flight date inventory and offers use: the local departure date at the origin. */
export function segmentDate(timetable: Timetable, segment: Segment): string {
  return localDate(
    timetable.airport(timetable.flightOrigin[segment.flight]!).timeZone,
    segment.scheduled ?? segment.departure,
  );
}

export type TripTotals = {
  adult: { base: number; taxes: number };
  child: { base: number; taxes: number };
  infant: { base: number; taxes: number };
  base: number;
  taxes: number;
  total: number;
  refundable: boolean;
  cancelPenalty: number;
  changePenalty: number;
};

/** Adds the legs' fare components up for the party, in minor units. */
export function tripTotals(legs: readonly PricedLeg[], passengers: PassengerMix): TripTotals {
  const adult = { base: 0, taxes: 0 };
  const child = { base: 0, taxes: 0 };
  const infant = { base: 0, taxes: 0 };
  let refundable = true;
  let cancelPenalty = 0;
  let changePenalty = 0;
  for (const { component } of legs) {
    adult.base += component.adult.base;
    adult.taxes += component.adult.taxes;
    child.base += component.child.base;
    child.taxes += component.child.taxes;
    infant.base += component.infant.base;
    infant.taxes += component.infant.taxes;
    refundable &&= component.refundable;
    cancelPenalty += component.cancelPenalty;
    changePenalty += component.changePenalty;
  }
  const base =
    passengers.adults * adult.base + passengers.children * child.base + passengers.infants * infant.base;
  const taxes =
    passengers.adults * adult.taxes + passengers.children * child.taxes + passengers.infants * infant.taxes;
  return { adult, child, infant, base, taxes, total: base + taxes, refundable, cancelPenalty, changePenalty };
}
