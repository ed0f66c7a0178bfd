import { greatCircleKm } from './geo.js';
import {
  BUSIEST_AIRPORTS,
  CARRIERS,
  type CarrierFacts,
  PARTNERSHIPS,
  PERIMETER_KM,
  REACH_KM,
} from './network-anchors.js';
import { unitHash, unitMix } from './random.js';
import type { AirlineRecord, AirportRecord, AirportSize, ReferenceData } from './reference-data.js';

/**
 * The route network: which airline flies between which airports, and how much traffic the route
 * has. Each airline of network-anchors.ts flies from its real hubs or bases to the spokes with the
 * most demand, where demand is the product of the two airports' sizes decayed by distance — the
 * gravity model airline planners start from — within its fleet's reach and its kind's habits:
 * low-cost carriers stay out of the network carriers' fortress hubs (no Ryanair at Heathrow),
 * regional operators keep to short routes, and long-haul flights land at big airports and bases
 * (not Sudbury). Point-to-point trunks join large airports, flown by a carrier based at one end,
 * and every airport with scheduled service ends up connected to the rest by network carriers:
 * flown daily to a gateway (a long-haul carrier's hub) by a carrier based there, the gateways
 * flown daily to each other, so most pairs of airports are at most two connections apart and
 * every connection can be at a hub (docs/decisions/021-carriers-from-their-bases.md).
 *
 * Every random choice is a hash of the seed and the codes involved, so one seed always gives the
 * same network.
 */

export type AirlineService = {
  airline: number;
  /** The airport the airline flies from: its hub, or one end of a point-to-point route. */
  base: number;
  other: number;
  distanceKm: number;
  /** Gravity-model traffic between the two airports (unitless), shared by the pair's carriers. */
  demand: number;
  /** Flown out of a hub in departure banks (waves) rather than spread over the day. */
  banked: boolean;
  /**
   * Flown every day even if demand alone would give a few days a week: the links that tie a
   * spoke to its gateway and the gateways to each other, so connections line up on any date.
   */
  everyDay: boolean;
};

export type NetworkPlan = {
  airports: readonly AirportRecord[];
  airlines: readonly AirlineRecord[];
  /** Relative traffic size of each airport. */
  airportWeight: Float64Array;
  /** Hub or base airport indices per airline, main first; none for an airline that does not fly. */
  hubs: readonly (readonly number[])[];
  /** How far each airline's fleet flies (network-anchors.ts, REACH_KM); 0 when it does not fly. */
  airlineRangeKm: Float64Array;
  /** Per airline, 1 when it connects only its own flights, at its bases (low-cost and regional carriers). */
  onlineOnly: Uint8Array;
  /**
   * Per airline, the airports where it connects passengers: its own hubs, and for a network
   * carrier those of its alliance and partners (network carriers only).
   */
  connectionPoints: readonly ReadonlySet<number>[];
  /** Undirected: each service is flown in both directions. */
  services: readonly AirlineService[];
};

/** Traffic (roughly millions of passengers a year) of airports off the busiest list, by class. */
const SIZE_WEIGHT: Readonly<Record<AirportSize, { base: number; spread: number }>> = {
  // The data calls 764 airports large, Sudbury and Deer Lake among them: off the busiest list, none
  // is as big as the hundredth busiest (about 15 million passengers).
  large: { base: 2, spread: 9 },
  medium: { base: 0.4, spread: 2.5 },
  small: { base: 0.1, spread: 0.3 },
};
/** Below this, people drive or take the train. */
const MIN_ROUTE_KM = 100;
/** Domestic markets are denser than international ones of the same size and distance. */
const DOMESTIC_FACTOR = 3;
const TRUNK_PARTNERS_PER_LARGE_AIRPORT = 12;
/** A flag carrier at a 100-million-passenger hub flies to about 300 places. */
const SPOKES_PER_ROOT_WEIGHT = 33;
/**
 * Flights this long land at the busiest airports and at the bases of carriers that fly this far
 * only: nobody flies London–Deer Lake or a 787 to Nome, though Nome is a commuter's base.
 */
const LONG_HAUL_KM = 3_000;
/** A long-haul-only carrier (reach W: Virgin Atlantic) flies nothing shorter. */
const LONG_HAUL_ONLY_MIN_KM = 3_000;

export function planNetwork(data: ReferenceData, seed: number): NetworkPlan {
  const { airports, airlines } = data;
  const weight = airportWeights(airports, seed);
  const roles = airlineRoles(airlines, airports);
  const hubs = roles.map((role) => role.bases);
  const airlineRangeKm = Float64Array.from(roles, (role) => role.rangeKm);
  const onlineOnly = Uint8Array.from(roles, (role) => (role.facts && role.facts.kind !== 'N' ? 1 : 0));
  const connectionPoints = connectionPointsOf(airlines, roles);
  const habits = new ServingHabits(airports, roles);
  const perimeterKm = Float64Array.from(airports, (airport) => PERIMETER_KM.get(airport.code) ?? Infinity);

  const builder = new ServiceBuilder(airports, weight, perimeterKm);
  flyHubsToSpokes(builder, roles, habits, seed);
  flyTrunks(builder, roles, habits, seed);
  serveUncoveredAirports(builder, roles);
  joinIsolatedIslands(builder, roles);
  linkGateways(builder, roles, connectionPoints);

  return {
    airports,
    airlines,
    airportWeight: weight,
    hubs,
    airlineRangeKm,
    onlineOnly,
    connectionPoints,
    services: builder.services,
  };
}

/**
 * Traffic size per airport, roughly millions of passengers a year: the busiest airports by their
 * rank, the others spread within their size class by a seeded, skewed factor (many small, a few
 * bigger), so the network has a few mega-hubs and a long tail.
 */
function airportWeights(airports: readonly AirportRecord[], seed: number): Float64Array {
  const busiestRank = new Map(BUSIEST_AIRPORTS.map((code, rank) => [code, rank]));
  return Float64Array.from(airports, (airport) => {
    const rank = busiestRank.get(airport.code);
    if (rank !== undefined) return 100 * (rank + 1) ** -0.4;
    const { base, spread } = SIZE_WEIGHT[airport.size];
    return base + spread * unitHash(seed, 'airport-size', airport.code) ** 2;
  });
}

type AirlineRole = {
  /** What network-anchors.ts says of the airline; undefined: it does not fly. */
  facts: CarrierFacts | undefined;
  /** Its hubs or bases that the data has, main first. */
  bases: number[];
  /** Share of a hub's potential spokes this airline flies. */
  scale: number;
  rangeKm: number;
  /** Shortest route it flies (long-haul-only carriers). */
  minKm: number;
  /** Order among the carriers based at an airport (the flag carrier first): table order. */
  order: number;
};

function airlineRoles(airlines: readonly AirlineRecord[], airports: readonly AirportRecord[]): AirlineRole[] {
  const indexByCode = new Map(airports.map((airport, index) => [airport.code, index]));
  const factsByCode = new Map(CARRIERS.map((facts, order) => [facts.code, { facts, order }]));
  // The first long-haul network carrier of each country is its flag carrier: the biggest spoke set.
  const flagCountries = new Set<string>();
  return airlines.map((airline) => {
    const known = factsByCode.get(airline.code);
    const bases = (known?.facts.bases ?? []).flatMap((code) => indexByCode.get(code) ?? []);
    if (!known || bases.length === 0) {
      return { facts: undefined, bases: [], scale: 0, rangeKm: 0, minKm: 0, order: Number.MAX_SAFE_INTEGER };
    }
    const { facts, order } = known;
    let scale: number;
    if (facts.kind === 'N' && facts.reach === 'L') {
      scale = flagCountries.has(airline.countryCode) ? 0.6 : 1;
      flagCountries.add(airline.countryCode);
    } else if (facts.kind === 'N') {
      scale = facts.reach === 'W' ? 0.25 : facts.reach === 'S' ? 0.3 : 0.5;
    } else {
      scale = facts.kind === 'C' ? 0.8 : 0.3;
    }
    return {
      facts,
      bases,
      scale,
      rangeKm: REACH_KM[facts.reach],
      minKm: facts.reach === 'W' ? LONG_HAUL_ONLY_MIN_KM : 0,
      order,
    };
  });
}

/**
 * Where each airline connects passengers: its hubs, and for a network carrier the hubs of the
 * network carriers of its alliance and of its partners. Low-cost and regional carriers connect
 * only at their own bases (and only their own flights).
 */
function connectionPointsOf(
  airlines: readonly AirlineRecord[],
  roles: readonly AirlineRole[],
): Set<number>[] {
  const indexByCode = new Map(airlines.map((airline, index) => [airline.code, index]));
  const partners = roles.map(() => new Set<number>());
  const network = (index: number) => roles[index]?.facts?.kind === 'N';
  const byAlliance = new Map<string, number[]>();
  roles.forEach((role, index) => {
    if (!network(index) || role.facts!.alliance === '-') return;
    const members = byAlliance.get(role.facts!.alliance) ?? [];
    members.push(index);
    byAlliance.set(role.facts!.alliance, members);
  });
  for (const members of byAlliance.values()) {
    for (const a of members) for (const b of members) if (a !== b) partners[a]!.add(b);
  }
  for (const [codeA, codeB] of PARTNERSHIPS) {
    const a = indexByCode.get(codeA);
    const b = indexByCode.get(codeB);
    if (a === undefined || b === undefined || !network(a) || !network(b)) continue;
    partners[a]!.add(b);
    partners[b]!.add(a);
  }
  return roles.map((role, index) => {
    const points = new Set(role.bases);
    if (network(index))
      for (const partner of partners[index]!) for (const hub of roles[partner]!.bases) points.add(hub);
    return points;
  });
}

/** Which airports an airline would fly to, by its kind (network-anchors.ts), before demand decides. */
class ServingHabits {
  /**
   * 1 where a network carrier has its main hub and no low-cost carrier is based: no low-cost or
   * regional flights there (no Ryanair at Heathrow, no Widerøe either).
   */
  private readonly fortress: Uint8Array;
  /** 1 for the busiest airports and the bases of airlines that fly long and medium haul: where long flights land. */
  private readonly longHaulAirport: Uint8Array;

  constructor(airports: readonly AirportRecord[], roles: readonly AirlineRole[]) {
    this.fortress = new Uint8Array(airports.length);
    this.longHaulAirport = new Uint8Array(airports.length);
    const indexByCode = new Map(airports.map((airport, index) => [airport.code, index]));
    for (const code of BUSIEST_AIRPORTS) {
      const index = indexByCode.get(code);
      if (index !== undefined) this.longHaulAirport[index] = 1;
    }
    const lowCostBase = new Uint8Array(airports.length);
    for (const role of roles) {
      if (role.rangeKm >= REACH_KM.M) for (const base of role.bases) this.longHaulAirport[base] = 1;
      if (role.facts?.kind === 'C') for (const base of role.bases) lowCostBase[base] = 1;
    }
    for (const role of roles) {
      const main = role.bases[0];
      const networkLongHaul =
        role.facts?.kind === 'N' && (role.facts.reach === 'L' || role.facts.reach === 'W');
      if (main !== undefined && networkLongHaul && !lowCostBase[main]) this.fortress[main] = 1;
    }
  }

  /** Whether the airline would fly this route from one of its bases to `airport`. */
  flies(role: AirlineRole, airport: number, distanceKm: number): boolean {
    if (distanceKm > role.rangeKm || distanceKm < role.minKm) return false;
    if (distanceKm > LONG_HAUL_KM && !this.longHaulAirport[airport]) return false;
    if (role.facts?.kind !== 'N' && this.fortress[airport] && !role.bases.includes(airport)) return false;
    return true;
  }
}

function flyHubsToSpokes(
  builder: ServiceBuilder,
  roles: readonly AirlineRole[],
  habits: ServingHabits,
  seed: number,
): void {
  const scores = new Float64Array(builder.airports.length);
  roles.forEach((role, airline) => {
    role.bases.forEach((hub, hubOrder) => {
      const distances = builder.distancesFrom(hub);
      for (let other = 0; other < scores.length; other++) {
        const distance = distances[other]!;
        // An airline's taste for a market (0.4–1.6) makes competitors at one hub differ.
        scores[other] =
          !habits.flies(role, other, distance) || !builder.allowed(hub, other, distance)
            ? 0
            : builder.demand(hub, other, distance) * (0.4 + 1.2 * unitMix(seed, airline, other));
      }
      const spokeCount = Math.round(
        role.scale * (hubOrder === 0 ? 1 : 0.6) * SPOKES_PER_ROOT_WEIGHT * builder.weight[hub]! ** 0.5,
      );
      for (const spoke of topByScore(scores, Math.max(4, spokeCount))) {
        builder.add(airline, hub, spoke, true);
      }
    });
  });
}

/**
 * Point-to-point routes between large airports, flown by a carrier based at one end that would fly
 * there (a network or low-cost carrier; regional operators stay on their own short routes).
 */
function flyTrunks(
  builder: ServiceBuilder,
  roles: readonly AirlineRole[],
  habits: ServingHabits,
  seed: number,
): void {
  const { airports, weight } = builder;
  const large = airports.flatMap((airport, index) => (airport.size === 'large' ? [index] : []));
  const basedAt = new Map<number, number[]>();
  roles.forEach((role, airline) => {
    if (role.facts?.kind === 'R') return;
    for (const base of role.bases) {
      const list = basedAt.get(base) ?? [];
      list.push(airline);
      basedAt.set(base, list);
    }
  });
  const scores = new Float64Array(airports.length);
  for (const from of large) {
    scores.fill(0);
    const distances = builder.distancesFrom(from);
    for (const to of large) {
      const distance = distances[to]!;
      if (to === from || distance < 300 || distance > 13_500) continue;
      // Trunks decay slower than spoke traffic: big cities trade with big cities far away.
      scores[to] = (weight[from]! * weight[to]!) / (1 + (distance / 3_000) ** 1.3);
    }
    for (const to of topByScore(scores, TRUNK_PARTNERS_PER_LARGE_AIRPORT)) {
      const distance = distances[to]!;
      if (builder.hasPair(from, to) || !builder.allowed(from, to, distance)) continue;
      const carriers = [
        ...(basedAt.get(from) ?? []).map((airline) => ({ airline, base: from, other: to })),
        ...(basedAt.get(to) ?? []).map((airline) => ({ airline, base: to, other: from })),
      ].filter(({ airline, other }) => habits.flies(roles[airline]!, other, distance));
      if (carriers.length === 0) continue;
      const chosen = carriers[Math.floor(unitMix(seed, from, to, 7) * carriers.length)]!;
      builder.add(chosen.airline, chosen.base, chosen.other, false);
    }
  }
}

/**
 * An airport nobody chose still has scheduled service: a nearby network carrier's hub or regional
 * operator's base flies there. Distance counts far more than hub size (a remote strip is served
 * from the regional centre, not the capital).
 */
function serveUncoveredAirports(builder: ServiceBuilder, roles: readonly AirlineRole[]): void {
  const hubList = roles.flatMap((role, airline) =>
    role.facts && role.facts.kind !== 'C' && role.minKm === 0
      ? role.bases.map((hub) => ({ airline, hub }))
      : [],
  );
  builder.airports.forEach((_, index) => {
    if (builder.isServed(index)) return;
    let best: { airline: number; hub: number; score: number } | null = null;
    for (const { airline, hub } of hubList) {
      // Distances from hubs are cached; the distance matrix is symmetric.
      const distance = builder.distancesFrom(hub)[index]!;
      if (hub === index || distance > roles[airline]!.rangeKm || !builder.allowed(hub, index, distance))
        continue;
      const score = builder.weight[hub]! ** 0.3 / (1 + (distance / 300) ** 2);
      if (!best || score > best.score) best = { airline, hub, score };
    }
    if (best) builder.add(best.airline, best.hub, index, true);
  });
}

/**
 * Links every group of airports cut off from the main network (an island served only from its
 * own small hub, say) to the nearest network carrier's hub that is on it.
 */
function joinIsolatedIslands(builder: ServiceBuilder, roles: readonly AirlineRole[]): void {
  const hubList = roles.flatMap((role, airline) =>
    role.facts?.kind === 'N' && role.minKm === 0 ? role.bases.map((hub) => ({ airline, hub })) : [],
  );
  const unreachable = new Set<number>();
  for (;;) {
    const component = builder.components();
    let heaviest = 0;
    for (let index = 1; index < component.length; index++) {
      if (builder.weight[index]! > builder.weight[heaviest]!) heaviest = index;
    }
    const mainland = component[heaviest];
    // The cut-off airport that matters most: join its group first.
    let island = -1;
    for (let index = 0; index < component.length; index++) {
      if (component[index] === mainland || !builder.isServed(index) || unreachable.has(index)) continue;
      if (island < 0 || builder.weight[index]! > builder.weight[island]!) island = index;
    }
    if (island < 0) return;
    let best: { airline: number; hub: number; distance: number } | null = null;
    for (const { airline, hub } of hubList) {
      const distance = builder.distancesFrom(hub)[island]!;
      if (component[hub] !== mainland || distance > roles[airline]!.rangeKm) continue;
      if (!builder.allowed(hub, island, distance)) continue;
      if (!best || distance < best.distance) best = { airline, hub, distance };
    }
    if (best) builder.add(best.airline, best.hub, island, true);
    else unreachable.add(island);
  }
}

/** Gateways this close together are one market (Brussels and Amsterdam): no shuttle between them. */
const MIN_GATEWAY_LINK_KM = 300;
/** Gateways off the busiest list are flown to each other daily up to this far only. */
const REGIONAL_GATEWAY_LINK_KM = 6_000;
/** Hubs this close serve one city (Heathrow and Gatwick, Orly and Charles de Gaulle). */
const SAME_CITY_KM = 100;

/**
 * The backbone that makes any two airports with service at most two connections apart, each at a
 * hub: the hubs of the long-haul network carriers are gateways, flown to each other every day
 * where an aircraft of a carrier based at one end reaches, and every other airport is flown every
 * day to its nearest gateway by a network carrier that connects there (spoke → gateway → gateway
 * → spoke), as real networks feed every field into a hub that reaches the world. Low-cost and
 * regional flights do not count: they connect to nothing but their own.
 */
function linkGateways(
  builder: ServiceBuilder,
  roles: readonly AirlineRole[],
  connectionPoints: readonly ReadonlySet<number>[],
): void {
  const { airports, weight } = builder;
  const busiest = new Set(BUSIEST_AIRPORTS);
  // Candidate gateways: a long-haul network carrier's main hub, and its hubs among the busiest
  // airports (American's Dallas and Charlotte, not every city it is based in).
  const candidates = new Set<number>();
  // The network carriers based at each airport, the flag carrier (first in the table) first.
  const carriersAt = new Map<number, number[]>();
  roles.forEach((role, airline) => {
    if (role.facts?.kind !== 'N') return;
    const longHaul = role.facts.reach === 'L' || role.facts.reach === 'W';
    role.bases.forEach((hub, order) => {
      if (longHaul && (order === 0 || busiest.has(airports[hub]!.code))) candidates.add(hub);
      const carriers = carriersAt.get(hub) ?? [];
      carriers.push(airline);
      carriersAt.set(hub, carriers);
    });
  });
  // One gateway a city, the busiest of its airports: Heathrow for London, not Gatwick as well, so
  // the backbone does not fly every route twice.
  const gateways: number[] = [];
  for (const candidate of [...candidates].sort((a, b) => weight[b]! - weight[a]! || a - b)) {
    const distances = builder.distancesFrom(candidate);
    if (gateways.every((gateway) => distances[gateway]! > SAME_CITY_KM)) gateways.push(candidate);
  }
  gateways.sort((a, b) => a - b);
  const isGateway = new Uint8Array(airports.length);
  for (const gateway of gateways) isGateway[gateway] = 1;
  for (const carriers of carriersAt.values())
    carriers.sort((a, b) => roles[a]!.order - roles[b]!.order || a - b);
  const carrierFor = (gateway: number, distance: number) =>
    carriersAt
      .get(gateway)
      ?.find((airline) => roles[airline]!.rangeKm >= distance && roles[airline]!.minKm <= distance);
  // A network carrier already on the pair that connects passengers at the gateway end.
  const connectsAt = (gateway: number, other: number) =>
    builder
      .servicesOn(gateway, other)
      .some(
        (service) =>
          roles[service.airline]!.facts?.kind === 'N' && connectionPoints[service.airline]!.has(gateway),
      );

  for (let i = 0; i < gateways.length; i++) {
    const from = gateways[i]!;
    const distances = builder.distancesFrom(from);
    for (let j = i + 1; j < gateways.length; j++) {
      const to = gateways[j]!;
      const distance = distances[to]!;
      if (distance < MIN_GATEWAY_LINK_KM || !builder.allowed(from, to, distance)) continue;
      // Two smaller gateways far apart have no market for a daily flight (Tashkent–Nadi): their
      // passengers change at a world hub.
      const oneWorldHub = busiest.has(airports[from]!.code) || busiest.has(airports[to]!.code);
      if (!oneWorldHub && distance > REGIONAL_GATEWAY_LINK_KM) continue;
      if (connectsAt(from, to) || connectsAt(to, from)) {
        builder.markEveryDay(from, to);
        continue;
      }
      const airline = carrierFor(from, distance) ?? carrierFor(to, distance);
      if (airline === undefined) continue;
      if (carrierFor(from, distance) === airline) builder.add(airline, from, to, false, true);
      else builder.add(airline, to, from, false, true);
    }
  }

  airports.forEach((_, spoke) => {
    if (isGateway[spoke] || !builder.isServed(spoke)) return;
    const distances = gateways.map((gateway) => builder.distancesFrom(gateway)[spoke]!);
    // Already flown to a gateway by a carrier that connects there: fly the nearest such link every day.
    let linked = -1;
    gateways.forEach((gateway, k) => {
      if (connectsAt(gateway, spoke) && (linked < 0 || distances[k]! < distances[linked]!)) linked = k;
    });
    if (linked >= 0) {
      builder.markEveryDay(spoke, gateways[linked]!);
      return;
    }
    // The nearest gateway, one at home counted a third nearer (Srednekolymsk is flown from
    // Novosibirsk, not Ulaanbaatar).
    const country = airports[spoke]!.countryCode;
    const reach = (k: number) =>
      distances[k]! * (airports[gateways[k]!]!.countryCode === country ? 2 / 3 : 1);
    let nearest = -1;
    gateways.forEach((gateway, k) => {
      if (carrierFor(gateway, distances[k]!) === undefined) return;
      if (!builder.allowed(gateway, spoke, distances[k]!)) return;
      if (nearest < 0 || reach(k) < reach(nearest)) nearest = k;
    });
    if (nearest < 0) return;
    const gateway = gateways[nearest]!;
    builder.add(carrierFor(gateway, distances[nearest]!)!, gateway, spoke, true, true);
  });
}

/** Collects services without duplicates and answers the questions the planning steps ask. */
class ServiceBuilder {
  readonly services: AirlineService[] = [];
  private readonly airlinePairs = new Set<number>();
  private readonly pairs = new Set<number>();
  private readonly servicesByPair = new Map<number, AirlineService[]>();
  private readonly served: Uint8Array;
  private readonly distanceCache = new Map<number, Float32Array>();

  constructor(
    readonly airports: readonly AirportRecord[],
    readonly weight: Float64Array,
    /** Per airport, the farthest its flights may go (LaGuardia, National); Infinity elsewhere. */
    private readonly perimeterKm: Float64Array,
  ) {
    this.served = new Uint8Array(airports.length);
  }

  demand(from: number, to: number, distance: number): number {
    if (from === to || distance < MIN_ROUTE_KM) return 0;
    const domestic = this.airports[from]!.countryCode === this.airports[to]!.countryCode;
    return (
      this.weight[from]! * this.weight[to]! * distanceFactor(distance) * (domestic ? DOMESTIC_FACTOR : 1)
    );
  }

  distancesFrom(from: number): Float32Array {
    let distances = this.distanceCache.get(from);
    if (!distances) {
      const origin = this.airports[from]!;
      distances = new Float32Array(this.airports.length);
      for (let index = 0; index < distances.length; index++) {
        const airport = this.airports[index]!;
        distances[index] = greatCircleKm(
          origin.latitude,
          origin.longitude,
          airport.latitude,
          airport.longitude,
        );
      }
      this.distanceCache.set(from, distances);
    }
    return distances;
  }

  /** Whether a flight between the two may be scheduled at all (a perimeter rule forbids some). */
  allowed(a: number, b: number, distanceKm: number): boolean {
    return distanceKm <= this.perimeterKm[a]! && distanceKm <= this.perimeterKm[b]!;
  }

  add(airline: number, base: number, other: number, banked: boolean, everyDay = false): void {
    if (base === other || !this.allowed(base, other, this.distancesFrom(base)[other]!)) return;
    const pair = this.pairKey(base, other);
    const key = airline * this.airports.length ** 2 + pair;
    if (this.airlinePairs.has(key)) return;
    this.airlinePairs.add(key);
    this.pairs.add(pair);
    this.served[base] = 1;
    this.served[other] = 1;
    const distanceKm = this.distancesFrom(base)[other]!;
    // Coverage links may be shorter than a market would justify; give them a floor of traffic.
    const demand = Math.max(this.demand(base, other, Math.max(distanceKm, MIN_ROUTE_KM)), 1);
    this.services.push({ airline, base, other, distanceKm, demand, banked, everyDay });
    const list = this.servicesByPair.get(pair) ?? [];
    list.push(this.services[this.services.length - 1]!);
    this.servicesByPair.set(pair, list);
  }

  /** Makes every service on the pair fly daily; false if the pair has none. */
  markEveryDay(a: number, b: number): boolean {
    const list = this.servicesByPair.get(this.pairKey(a, b));
    if (!list) return false;
    for (const service of list) service.everyDay = true;
    return true;
  }

  /** The services on the pair, in either direction. */
  servicesOn(a: number, b: number): readonly AirlineService[] {
    return this.servicesByPair.get(this.pairKey(a, b)) ?? [];
  }

  hasPair(a: number, b: number): boolean {
    return this.pairs.has(this.pairKey(a, b));
  }

  isServed(airport: number): boolean {
    return this.served[airport] === 1;
  }

  /** Connected components of the undirected route graph (union-find), as a root per airport. */
  components(): Int32Array {
    const parent = Int32Array.from(this.airports, (_, index) => index);
    const find = (node: number): number => {
      let root = node;
      while (parent[root] !== root) root = parent[root]!;
      while (parent[node] !== root) {
        const next = parent[node]!;
        parent[node] = root;
        node = next;
      }
      return root;
    };
    for (const service of this.services) parent[find(service.base)] = find(service.other);
    return parent.map((_, index) => find(index));
  }

  private pairKey(a: number, b: number): number {
    return Math.min(a, b) * this.airports.length + Math.max(a, b);
  }
}

/**
 * How distance shapes air traffic: short trips go by road and rail (the first factor rises to 1
 * over the first thousand kilometres), long ones fall off slowly (half at 2,000 km, a sixth at
 * 10,000), so London–New York is a big market and London–Oxford none.
 */
export function distanceFactor(distanceKm: number): number {
  return (1 - Math.exp(-distanceKm / 400)) / (1 + distanceKm / 2_000);
}

/** Indices of the `limit` highest positive scores, best first (a bounded min-heap). */
export function topByScore(scores: Float64Array, limit: number): number[] {
  const heapScore = new Float64Array(limit);
  const heapIndex = new Int32Array(limit);
  let size = 0;
  for (let index = 0; index < scores.length; index++) {
    const score = scores[index]!;
    if (!(score > 0)) continue;
    if (size < limit) {
      let slot = size++;
      while (slot > 0) {
        const parent = (slot - 1) >> 1;
        if (heapScore[parent]! <= score) break;
        heapScore[slot] = heapScore[parent]!;
        heapIndex[slot] = heapIndex[parent]!;
        slot = parent;
      }
      heapScore[slot] = score;
      heapIndex[slot] = index;
    } else if (score > heapScore[0]!) {
      let slot = 0;
      for (;;) {
        let child = 2 * slot + 1;
        if (child >= size) break;
        if (child + 1 < size && heapScore[child + 1]! < heapScore[child]!) child++;
        if (heapScore[child]! >= score) break;
        heapScore[slot] = heapScore[child]!;
        heapIndex[slot] = heapIndex[child]!;
        slot = child;
      }
      heapScore[slot] = score;
      heapIndex[slot] = index;
    }
  }
  const order = Array.from(heapIndex.subarray(0, size));
  const scoreOf = new Map(order.map((index) => [index, scores[index]!]));
  return order.sort((a, b) => scoreOf.get(b)! - scoreOf.get(a)! || a - b);
}
