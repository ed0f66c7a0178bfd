import type {
  Cabin,
  FareBrand,
  FeeEvent,
  FixedPer,
  PassengerType,
  PricingRuleKind,
  Region,
  Rounding,
  RuleMatch,
  RuleRef,
  SupplierCode,
  TripType,
} from '@skydesk/contract';

/**
 * The pricing rule engine (issue 33, docs/booking-and-money.md "Pricing rules"): pure functions
 * over rules already read. One engine for two owners — the platform's rules turn a supplier's
 * price into the agency's net, the agency's rules turn its net into the client's selling price.
 *
 * For each passenger type, of the enabled markup rules matching the trip, the most specific wins
 * (`specificity`), equally specific ones by position (lowest first). Money is integer minor units
 * of a two-decimal currency, as everywhere in the portal.
 */

export type EngineRule = {
  id: string;
  name: string;
  kind: PricingRuleKind;
  enabled: boolean;
  position: number;
  match: RuleMatch;
  /** Hundredths of a percent (450 = 4.5 %). */
  percentBps: number | null;
  fixedMinor: number | null;
  fixedPer: FixedPer;
  rounding: Rounding;
  event: FeeEvent | null;
};

/** A trip as a rule sees it: the seam other modules price through (pricer.ts). */
export type PricedTrip = {
  supplier: SupplierCode;
  validatingCarrier: string;
  /** The first leg's airports. */
  origin: string;
  destination: string;
  tripType: TripType;
  cabin: Cabin;
  brand: FareBrand | null;
  /** The first departure's day, YYYY-MM-DD. */
  departureDate: string;
  /** The day the booking is made, YYYY-MM-DD. */
  bookingDate: string;
  /** Per passenger type; netMinor per passenger. */
  passengers: { type: PassengerType; count: number; netMinor: number }[];
  currency: string;
};

export type PerTypePrice = {
  type: PassengerType;
  count: number;
  /** Per passenger. */
  netMinor: number;
  /** Per passenger. */
  sellingMinor: number;
  rule: RuleRef | null;
};

export type SellResult = {
  /** The whole party: Σ count × per-passenger selling. */
  sellingMinor: number;
  perType: PerTypePrice[];
  /** The first type's (the adults') rule. */
  rule: RuleRef | null;
};

export type FeeResult = { name: string; amountMinor: number; rule: RuleRef };

export type AirportGeo = { country: string; latitude: number; longitude: number; region: Region | null };
export type GeoLookup = (code: string) => AirportGeo | undefined;

const EARTH_RADIUS_KM = 6371.0088;
const RADIANS = Math.PI / 180;

/** Haversine, as the sandbox's schedule measures its flights (supplier/sandbox/geo.ts). */
export function greatCircleKm(latA: number, lonA: number, latB: number, lonB: number): number {
  const dLat = (latB - latA) * RADIANS;
  const dLon = (lonB - lonA) * RADIANS;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(latA * RADIANS) * Math.cos(latB * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The first leg's great-circle distance over which a trip is long haul (contract's ROUTE_SCOPES). */
export const LONG_HAUL_KM = 4000;

/**
 * How specific a rule is: 2 points per criterion it sets (supplier, validating airline, cabin,
 * brand, passenger type, trip type, a booking-date window, a travel-date window), and for its route
 * 2 for domestic, international, long haul or short haul, 3 for a region, 4 for a country pair,
 * 5 for an airport pair. So a rule that says more about the trip wins, and among rules saying as
 * much, the one with the narrower route.
 */
export function specificity(match: RuleMatch): number {
  let points = 0;
  for (const criterion of [
    match.supplier,
    match.validating_carrier,
    match.cabin,
    match.brand,
    match.passenger_type,
    match.trip_type,
  ]) {
    if (criterion !== null) points += 2;
  }
  if (match.booking_from !== null || match.booking_to !== null) points += 2;
  if (match.travel_from !== null || match.travel_to !== null) points += 2;
  points += ROUTE_POINTS[match.route.scope];
  return points;
}

const ROUTE_POINTS: Record<RuleMatch['route']['scope'], number> = {
  any: 0,
  domestic: 2,
  international: 2,
  long_haul: 2,
  short_haul: 2,
  region: 3,
  country_pair: 4,
  airport_pair: 5,
};

/** Whether a route scope needs the airports' countries or positions (an airport pair does not). */
export function needsGeo(match: RuleMatch): boolean {
  return match.route.scope !== 'any' && match.route.scope !== 'airport_pair';
}

function routeMatches(route: RuleMatch['route'], trip: PricedTrip, geo: GeoLookup): boolean {
  if (route.scope === 'any') return true;
  if (route.scope === 'airport_pair') {
    return (
      (trip.origin === route.from_airport && trip.destination === route.to_airport) ||
      (trip.origin === route.to_airport && trip.destination === route.from_airport)
    );
  }
  const from = geo(trip.origin);
  const to = geo(trip.destination);
  // An airport the portal does not know matches no rule about where it is.
  if (!from || !to) return false;
  switch (route.scope) {
    case 'domestic':
      return from.country === to.country;
    case 'international':
      return from.country !== to.country;
    case 'long_haul':
    case 'short_haul': {
      const km = greatCircleKm(from.latitude, from.longitude, to.latitude, to.longitude);
      return route.scope === 'long_haul' ? km > LONG_HAUL_KM : km <= LONG_HAUL_KM;
    }
    case 'region':
      return route.region !== null && from.region === route.region && to.region === route.region;
    case 'country_pair':
      return (
        (from.country === route.from_country && to.country === route.to_country) ||
        (from.country === route.to_country && to.country === route.from_country)
      );
  }
}

/** Whether `rule` applies to passengers of `type` on `trip`. */
export function matches(match: RuleMatch, trip: PricedTrip, type: PassengerType, geo: GeoLookup): boolean {
  if (match.supplier !== null && match.supplier !== trip.supplier) return false;
  if (match.validating_carrier !== null && match.validating_carrier !== trip.validatingCarrier) return false;
  if (match.cabin !== null && match.cabin !== trip.cabin) return false;
  if (match.brand !== null && match.brand !== trip.brand) return false;
  if (match.passenger_type !== null && match.passenger_type !== type) return false;
  if (match.trip_type !== null && match.trip_type !== trip.tripType) return false;
  // Calendar days as YYYY-MM-DD compare as strings; both ends inclusive.
  if (match.booking_from !== null && trip.bookingDate < match.booking_from) return false;
  if (match.booking_to !== null && trip.bookingDate > match.booking_to) return false;
  if (match.travel_from !== null && trip.departureDate < match.travel_from) return false;
  if (match.travel_to !== null && trip.departureDate > match.travel_to) return false;
  return routeMatches(match.route, trip, geo);
}

/** The winner among matching rules: the most specific, then the lowest position. */
function winner(candidates: EngineRule[]): EngineRule | null {
  let best: EngineRule | null = null;
  let bestPoints = -1;
  for (const rule of candidates) {
    const points = specificity(rule.match);
    if (points > bestPoints || (points === bestPoints && best !== null && rule.position < best.position)) {
      best = rule;
      bestPoints = points;
    }
  }
  return best;
}

/** Up to the next whole unit, or the next .99 (12.00 → 12.99, 12.99 stays, 13.00 → 13.99). */
export function roundMinor(minor: number, rounding: Rounding): number {
  if (rounding === 'whole') return Math.ceil(minor / 100) * 100;
  // The .99 of the unit the amount is in is never below it.
  if (rounding === 'ninety_nine') return Math.floor(minor / 100) * 100 + 99;
  return minor;
}

const ref = (rule: EngineRule): RuleRef => ({ id: rule.id, name: rule.name });
const percentOf = (minor: number, bps: number | null) =>
  bps === null ? 0 : Math.round((minor * bps) / 10_000);

/**
 * The selling price of each passenger type under the markup rules. A percentage is of the
 * passenger's net; a fixed amount per booking is shared equally by the passengers the rule prices,
 * each share rounded up; the rounding applies per passenger, last; a price never goes below zero.
 */
export function sell(rules: readonly EngineRule[], trip: PricedTrip, geo: GeoLookup): SellResult {
  const markups = rules.filter((rule) => rule.enabled && rule.kind === 'markup');
  const travelling = trip.passengers.filter((entry) => entry.count > 0);
  const winners = travelling.map((entry) =>
    winner(markups.filter((rule) => matches(rule.match, trip, entry.type, geo))),
  );
  const pricedBy = new Map<string, number>();
  travelling.forEach((entry, index) => {
    const rule = winners[index];
    if (rule) pricedBy.set(rule.id, (pricedBy.get(rule.id) ?? 0) + entry.count);
  });

  const perType = travelling.map((entry, index): PerTypePrice => {
    const rule = winners[index] ?? null;
    if (!rule) return { ...entry, sellingMinor: entry.netMinor, rule: null };
    let fixed = rule.fixedMinor ?? 0;
    if (rule.fixedPer === 'booking') fixed = Math.ceil(fixed / pricedBy.get(rule.id)!);
    const raw = entry.netMinor + percentOf(entry.netMinor, rule.percentBps) + fixed;
    return {
      ...entry,
      sellingMinor: Math.max(0, roundMinor(Math.max(0, raw), rule.rounding)),
      rule: ref(rule),
    };
  });
  return {
    sellingMinor: perType.reduce((sum, entry) => sum + entry.count * entry.sellingMinor, 0),
    perType,
    rule: perType[0]?.rule ?? null,
  };
}

/**
 * The service fees charged at `event`: for each fee name, the most specific matching fee rule (so
 * a "Booking fee" for long haul replaces the general one rather than adding to it); fees of
 * different names all apply. Per passenger: its fixed amount and percentage of the passenger's
 * net, rounded per passenger, times the passengers it matches; per booking: once. A fee that comes
 * to zero or less is left out.
 */
export function fees(
  rules: readonly EngineRule[],
  trip: PricedTrip,
  event: FeeEvent,
  geo: GeoLookup,
): FeeResult[] {
  const candidates = rules.filter((rule) => rule.enabled && rule.kind === 'fee' && rule.event === event);
  const names = [...new Set(candidates.map((rule) => rule.name.trim().toLowerCase()))];
  const byRule = new Map<string, { rule: EngineRule; amountMinor: number }>();
  for (const name of names) {
    const named = candidates.filter((rule) => rule.name.trim().toLowerCase() === name);
    for (const entry of trip.passengers) {
      if (entry.count <= 0) continue;
      const rule = winner(named.filter((candidate) => matches(candidate.match, trip, entry.type, geo)));
      if (!rule) continue;
      const line = byRule.get(rule.id) ?? { rule, amountMinor: 0 };
      if (rule.fixedPer === 'passenger') {
        const each = percentOf(entry.netMinor, rule.percentBps) + (rule.fixedMinor ?? 0);
        line.amountMinor += entry.count * roundMinor(each, rule.rounding);
      } else {
        line.amountMinor += percentOf(entry.netMinor * entry.count, rule.percentBps);
      }
      byRule.set(rule.id, line);
    }
  }
  return [...byRule.values()]
    .map(({ rule, amountMinor }) => ({
      rule,
      amountMinor:
        rule.fixedPer === 'booking'
          ? roundMinor(amountMinor + (rule.fixedMinor ?? 0), rule.rounding)
          : amountMinor,
    }))
    .filter((line) => line.amountMinor > 0)
    .sort((a, b) => a.rule.position - b.rule.position)
    .map(({ rule, amountMinor }) => ({ name: rule.name, amountMinor, rule: ref(rule) }));
}
