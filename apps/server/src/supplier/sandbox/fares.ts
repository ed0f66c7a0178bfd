import type { Cabin } from '@skydesk/contract';
import { unitHash } from './random.js';

/**
 * Fares: booking classes per cabin that close as seats sell, a price from distance, class and
 * days to departure, taxes per departure country, child and infant fares, brands with baggage and
 * cancel/change rules. All money is integer minor units (docs/architecture.md §2); the only floats are in the
 * fare formula, and each amount is rounded once, to whole currency units, before anything is added.
 *
 * A fare is priced per fare component, one per leg of the trip (an OriginDestinationOption), on the
 * leg's great-circle distance — fares are sold origin to destination, not per flight — in the one
 * booking class open on every flight of the leg (married segments: the leg sells in its most
 * expensive class among the flights' cheapest open ones).
 *
 * Fares move with the day (docs/decisions/017): the weekday and the season of the leg's local
 * departure date, and a demand factor per flight and date, scale the fare; how full the flights are
 * moves it through the nested booking classes. All are functions of the offer's own flights, dates
 * and quote time, so re-pricing an offer gives the same amount.
 */

export type FareBrand = 'Basic' | 'Standard' | 'Flex';

export type BookingClass = {
  code: string;
  brand: FareBrand;
  /** The class sells while seats sold in the cabin stay within this share of its seats (nested). */
  share: number;
  /** Price relative to the cabin's cheapest class. */
  multiplier: number;
};

/** Cheapest first; the last class of each cabin sells up to the last seat. */
export const BOOKING_CLASSES: Readonly<Record<Cabin, readonly BookingClass[]>> = {
  Economy: [
    { code: 'L', brand: 'Basic', share: 0.15, multiplier: 1 },
    { code: 'V', brand: 'Basic', share: 0.3, multiplier: 1.15 },
    { code: 'Q', brand: 'Standard', share: 0.45, multiplier: 1.35 },
    { code: 'H', brand: 'Standard', share: 0.6, multiplier: 1.6 },
    { code: 'M', brand: 'Standard', share: 0.75, multiplier: 1.95 },
    { code: 'B', brand: 'Flex', share: 0.9, multiplier: 2.4 },
    { code: 'Y', brand: 'Flex', share: 1, multiplier: 3 },
  ],
  PremiumEconomy: [
    { code: 'T', brand: 'Standard', share: 0.4, multiplier: 1 },
    { code: 'E', brand: 'Standard', share: 0.75, multiplier: 1.25 },
    { code: 'W', brand: 'Flex', share: 1, multiplier: 1.6 },
  ],
  Business: [
    { code: 'I', brand: 'Standard', share: 0.35, multiplier: 1 },
    { code: 'D', brand: 'Standard', share: 0.65, multiplier: 1.25 },
    { code: 'C', brand: 'Flex', share: 0.85, multiplier: 1.55 },
    { code: 'J', brand: 'Flex', share: 1, multiplier: 1.9 },
  ],
  First: [
    { code: 'A', brand: 'Flex', share: 0.5, multiplier: 1 },
    { code: 'F', brand: 'Flex', share: 1, multiplier: 1.4 },
  ],
};

/** The cheapest class of each cabin against economy's cheapest. */
const CABIN_FACTOR: Readonly<Record<Cabin, number>> = {
  Economy: 1,
  PremiumEconomy: 1.9,
  Business: 4.2,
  First: 7.5,
};

export type Baggage = { pieces: number; weightKg: number };

const BAGGAGE: Readonly<Record<Cabin, Readonly<Record<FareBrand, Baggage>>>> = {
  Economy: {
    Basic: { pieces: 0, weightKg: 0 },
    Standard: { pieces: 1, weightKg: 23 },
    Flex: { pieces: 2, weightKg: 23 },
  },
  PremiumEconomy: {
    Basic: { pieces: 2, weightKg: 23 },
    Standard: { pieces: 2, weightKg: 23 },
    Flex: { pieces: 2, weightKg: 23 },
  },
  Business: {
    Basic: { pieces: 2, weightKg: 32 },
    Standard: { pieces: 2, weightKg: 32 },
    Flex: { pieces: 2, weightKg: 32 },
  },
  First: {
    Basic: { pieces: 3, weightKg: 32 },
    Standard: { pieces: 3, weightKg: 32 },
    Flex: { pieces: 3, weightKg: 32 },
  },
};

/**
 * The sandbox's rule (the spec leaves it open): a child pays 75 % of the adult fare, an infant on
 * a lap 10 % and takes no seat.
 */
export const CHILD_FARE_SHARE = 0.75;
export const INFANT_FARE_SHARE = 0.1;
/** Connecting journeys sell below nonstops: each connection takes this share. */
const CONNECTION_SHARE = 0.93;
/** A round trip sells cheaper than two one-ways: each direction at this share. */
const ROUND_TRIP_SHARE = 0.9;

export type PassengerMix = { adults: number; children: number; infants: number };

/** Infants travel on an adult's lap: only adults and children take seats. */
export function seatsNeeded(passengers: PassengerMix): number {
  return passengers.adults + passengers.children;
}

/**
 * The cheapest class still open on a flight, as an index into the cabin's classes, or -1 when the
 * cabin cannot seat the party. Classes are nested: class i sells while the seats sold, with this
 * party's, stay within its share of the cabin.
 */
export function lowestOpenClass(cabin: Cabin, capacity: number, sold: number, seats: number): number {
  const classes = BOOKING_CLASSES[cabin];
  for (let index = 0; index < classes.length; index++) {
    if (sold + seats <= Math.floor(capacity * classes[index]!.share)) return index;
  }
  return -1;
}

export type FareComponentInput = {
  cabin: Cabin;
  /** Index into BOOKING_CLASSES[cabin]: the leg's most expensive cheapest-open class. */
  classIndex: number;
  /** Great-circle distance from the leg's origin to its destination. */
  distanceKm: number;
  /** Distance actually flown, segment by segment. */
  flownDistanceKm: number;
  connections: number;
  /** Whole days from quoting to the leg's first departure. */
  daysToDeparture: number;
  /** Carrier whose fare this is (the leg's validating carrier). */
  carrier: string;
  roundTrip: boolean;
  /** Countries the leg's flights depart from, in order: each levies its departure tax. */
  departureCountries: readonly string[];
  /**
   * The leg's first departure, local date at its origin ('YYYY-MM-DD'): its weekday and season
   * price the fare. Without it neither moves the price.
   */
  departureLocal?: string;
  /**
   * The leg's flights ('BA117', 'BA117+AA100'): with departureLocal, keys the demand factor of
   * those flights on that date. Without it there is no demand factor.
   */
  flightKey?: string;
};

export type PassengerAmounts = { base: number; taxes: number };

export type FareComponent = {
  bookingClass: string;
  brand: FareBrand;
  fareBasis: string;
  refundable: boolean;
  baggage: Baggage;
  adult: PassengerAmounts;
  child: PassengerAmounts;
  infant: PassengerAmounts;
  /** Per adult ticket. */
  cancelPenalty: number;
  changePenalty: number;
};

export type FareRules = {
  /** Seeds the carrier price levels and the country taxes; fixed per network. */
  seed: number;
};

/**
 * Prices one fare component for an adult, a child and an infant, in minor units of a currency
 * with two decimals.
 */
export function priceComponent(input: FareComponentInput, rules: FareRules): FareComponent {
  return componentPricer(input, rules)(input.classIndex);
}

/**
 * A leg's fare component in any class of its cabin. What does not depend on the class — distance,
 * carrier level, day, taxes — is worked out once: a search prices each leg it shows in every brand.
 */
export function componentPricer(
  input: Omit<FareComponentInput, 'classIndex'>,
  rules: FareRules,
): (classIndex: number) => FareComponent {
  const advance = advancePurchase(input.daysToDeparture);
  const distanceFare =
    economyBaseFare(fareDistance(input.distanceKm, input.flownDistanceKm)) *
    CONNECTION_SHARE ** input.connections *
    CABIN_FACTOR[input.cabin];
  const carrier = carrierLevel(input.carrier, rules);
  const day = dayFactor(input, rules);
  const share = input.roundTrip ? ROUND_TRIP_SHARE : 1;
  let fixedTaxes = 0;
  for (const country of input.departureCountries) fixedTaxes += departureTax(country, rules).fixed;
  const percent = departureTax(input.departureCountries[0] ?? '', rules).percent;
  const percentOf = (base: number) => Math.round((base * percent) / 100);
  const fareBasisTail = `${input.roundTrip ? 'RT' : 'OW'}${advance.code}`;

  return (classIndex) => {
    const bookingClass = BOOKING_CLASSES[input.cabin][classIndex];
    if (!bookingClass) throw new RangeError(`no class ${classIndex} in ${input.cabin}`);
    // Multiplied in one fixed order: the same fare to the cent however it is asked for.
    const adultBase = wholeUnits(
      distanceFare * bookingClass.multiplier * advance.factor * carrier * day * share,
    );
    const childBase = wholeUnits((adultBase / 100) * CHILD_FARE_SHARE);
    const infantBase = wholeUnits((adultBase / 100) * INFANT_FARE_SHARE);
    const penalties = brandPenalties(bookingClass.brand, adultBase);
    return {
      bookingClass: bookingClass.code,
      brand: bookingClass.brand,
      fareBasis: `${bookingClass.code}${fareBasisTail}${BRAND_CODE[bookingClass.brand]}`,
      refundable: bookingClass.brand !== 'Basic',
      baggage: BAGGAGE[input.cabin][bookingClass.brand],
      adult: { base: adultBase, taxes: fixedTaxes + percentOf(adultBase) },
      child: { base: childBase, taxes: fixedTaxes + percentOf(childBase) },
      // An infant has no seat: no per-seat departure charges, only the ad valorem part.
      infant: { base: infantBase, taxes: percentOf(infantBase) },
      cancelPenalty: penalties.cancel,
      changePenalty: penalties.change,
    };
  };
}

/**
 * Values fixed per network seed and one code (an airline, a country), hashed from strings: kept
 * once worked out, as every fare asks for them again. A network has a few hundred codes.
 */
function perCode<T>(work: (code: string, rules: FareRules) => T): (code: string, rules: FareRules) => T {
  const bySeed = new Map<number, Map<string, T>>();
  return (code, rules) => {
    let known = bySeed.get(rules.seed);
    if (!known) {
      known = new Map();
      bySeed.set(rules.seed, known);
    }
    let value = known.get(code);
    if (value === undefined) {
      value = work(code, rules);
      known.set(code, value);
    }
    return value;
  };
}

/** A carrier's price level (0.85–1.20), so competing airlines do not all charge the same. */
const carrierLevel = perCode(
  (carrier, rules) => 0.85 + 0.35 * unitHash(rules.seed, 'carrier-level', carrier),
);

const BRAND_CODE: Readonly<Record<FareBrand, string>> = { Basic: 'BA', Standard: 'ST', Flex: 'FX' };

/**
 * The distance a fare is priced on. Fares are filed origin to destination and allow a detour of
 * 20 % (the maximum permitted mileage); beyond it the extra mileage surcharge adds 5 % of distance
 * per 5 % of excess up to 25 %, and a longer detour is priced on the miles flown.
 */
export function fareDistance(directKm: number, flownKm: number): number {
  const ratio = flownKm / Math.max(directKm, 1);
  if (ratio <= 1.2) return directKm;
  const surcharge = Math.ceil((ratio - 1.2) / 0.05 - 1e-9) * 0.05;
  return surcharge <= 0.25 ? directKm * (1 + surcharge) : flownKm;
}

/** Economy's cheapest adult fare in major units: a fixed part plus a tapering rate per km. */
function economyBaseFare(distanceKm: number): number {
  return 25 + 0.5 * Math.max(distanceKm, 100) ** 0.8;
}

/**
 * Weekday factors, Sunday first: business travel and weekend trips fill Fridays and Sundays,
 * midweek flights sell cheapest.
 */
export const WEEKDAY_FACTOR: readonly number[] = [1.1, 1.02, 0.92, 0.94, 1.02, 1.12, 0.97];

/**
 * Fare seasons by the local departure date's month and day, each from its first day until the next
 * one begins (the year wraps: the Christmas and New Year peak runs 18 December to 4 January). One
 * calendar for the whole network, as the sandbox's demand is mostly northern-hemisphere.
 */
export const SEASONS: readonly { from: string; name: string; factor: number }[] = [
  { from: '01-05', name: 'low', factor: 0.88 },
  { from: '04-01', name: 'shoulder', factor: 1 },
  { from: '06-20', name: 'summer', factor: 1.22 },
  { from: '09-01', name: 'shoulder', factor: 1 },
  { from: '11-01', name: 'low', factor: 0.9 },
  { from: '12-01', name: 'shoulder', factor: 1 },
  { from: '12-18', name: 'peak', factor: 1.3 },
];

/** Demand per flight and date: a factor in [DEMAND_LOW, DEMAND_LOW + DEMAND_SPREAD). */
const DEMAND_LOW = 0.9;
const DEMAND_SPREAD = 0.25;

/** The season of a 'YYYY-MM-DD' date. */
export function seasonOf(date: string): (typeof SEASONS)[number] {
  const monthDay = date.slice(5, 10);
  let season = SEASONS[SEASONS.length - 1]!;
  for (const candidate of SEASONS) {
    if (candidate.from > monthDay) break;
    season = candidate;
  }
  return season;
}

/** Weekday of a 'YYYY-MM-DD' date, Sunday = 0. */
function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * How the leg's day prices against an average one: weekday × season × demand for its flights on
 * that date (deterministic: a hash of the seed, the flights and the date). 1 without a date.
 */
export function dayFactor(
  input: Pick<FareComponentInput, 'departureLocal' | 'flightKey'>,
  rules: FareRules,
): number {
  const date = input.departureLocal;
  if (date === undefined) return 1;
  const weekday = WEEKDAY_FACTOR[weekdayOf(date)] ?? 1;
  const demand =
    input.flightKey === undefined
      ? 1
      : DEMAND_LOW + DEMAND_SPREAD * unitHash(rules.seed, 'demand', input.flightKey, date);
  return weekday * seasonOf(date).factor * demand;
}

/** Fares rise as departure nears; the step is written into the fare basis ('21' = 21-day). */
function advancePurchase(days: number): { factor: number; code: string } {
  if (days >= 60) return { factor: 0.85, code: '60' };
  if (days >= 21) return { factor: 1, code: '21' };
  if (days >= 14) return { factor: 1.1, code: '14' };
  if (days >= 7) return { factor: 1.25, code: '07' };
  if (days >= 3) return { factor: 1.4, code: '03' };
  return { factor: 1.6, code: '00' };
}

/**
 * docs/api.md: a non-refundable fare refunds its taxes only (the cancel penalty is the whole base
 * fare); a refundable one refunds the fare less its cancel penalty.
 */
function brandPenalties(brand: FareBrand, adultBase: number): { cancel: number; change: number } {
  switch (brand) {
    case 'Basic':
      return { cancel: adultBase, change: Math.max(7_500, wholeUnits((adultBase / 100) * 0.3)) };
    case 'Standard':
      return { cancel: Math.max(5_000, wholeUnits((adultBase / 100) * 0.25)), change: 5_000 };
    case 'Flex':
      return { cancel: 0, change: 0 };
  }
}

/**
 * A country's departure tax: a fixed charge per seated passenger per departure (5–45 currency
 * units) and a percentage of the fare (0–9 %), fixed per country for a given seed.
 */
export const departureTax = perCode((countryCode, rules): { fixed: number; percent: number } => ({
  fixed: 500 + 100 * Math.floor(40 * unitHash(rules.seed, 'departure-tax', countryCode)),
  percent: Math.floor(10 * unitHash(rules.seed, 'ticket-tax', countryCode)),
}));

/** Major units → minor units, rounded to whole units as fares are filed. */
function wholeUnits(major: number): number {
  return Math.round(major) * 100;
}
