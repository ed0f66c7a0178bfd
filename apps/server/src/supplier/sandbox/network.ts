import { greatCircleKm } from './geo.js';
import { BUSIEST_AIRPORTS, MAJOR_CARRIER_ORDER, MAJOR_CARRIERS } from './network-anchors.js';
import { unitHash, unitMix } from './random.js';
import type { AirlineRecord, AirportRecord, AirportSize, ReferenceData } from './reference-data.js';

/**
 * The route network: which airline flies between which airports, and how much traffic the route
 * has. Airlines are based at the big airports of their country (hubs) and fly to the spokes with
 * the most demand, where demand is the product of the two airports' sizes decayed by distance —
 * the gravity model airline planners start from. Point-to-point trunks join large airports, and
 * every airport with scheduled service ends up connected to the rest: flown daily to a gateway
 * (a major carrier's hub), the gateways flown daily to each other, so most pairs of airports are
 * at most two connections apart.
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
  /** Hub airport indices per airline, main hub first. */
  hubs: readonly (readonly number[])[];
  /** How far each airline's fleet flies; flag carriers go long-haul, small ones stay regional. */
  airlineRangeKm: Float64Array;
  /** Undirected: each service is flown in both directions. */
  services: readonly AirlineService[];
};

/** Traffic (roughly millions of passengers a year) of airports off the busiest list, by class. */
const SIZE_WEIGHT: Readonly<Record<AirportSize, { base: number; spread: number }>> = {
  large: { base: 3, spread: 15 },
  medium: { base: 0.4, spread: 2.5 },
  small: { base: 0.1, spread: 0.3 },
};
/** Below this, people drive or take the train. */
const MIN_ROUTE_KM = 100;
/** Domestic markets are denser than international ones of the same size and distance. */
const DOMESTIC_FACTOR = 3;
const TRUNK_PARTNERS_PER_LARGE_AIRPORT = 12;
/** A flag carrier at a 100-million-passenger hub flies to about 300 places. */
const SPOKES_PER_ROOT_WEIGHT = 30;

export function planNetwork(data: ReferenceData, seed: number): NetworkPlan {
  const { airports, airlines } = data;
  const weight = airportWeights(airports, seed);
  const airportsByCountry = groupAirportsByCountry(airports, weight);
  const roles = airlineRoles(airlines, seed);
  const hubs = assignHubs(airlines, roles, airportsByCountry, airports, seed);
  const airlineRangeKm = Float64Array.from(roles, (role) => role.rangeKm);

  const builder = new ServiceBuilder(airports, weight);
  flyHubsToSpokes(builder, airlines, hubs, roles, seed);
  flyTrunks(builder, airlines, roles, seed);
  serveUncoveredAirports(builder, hubs, airlineRangeKm);
  joinIsolatedIslands(builder, hubs, airlineRangeKm);
  linkGateways(builder, hubs, roles, airlineRangeKm);

  return { airports, airlines, airportWeight: weight, hubs, airlineRangeKm, services: builder.services };
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

function groupAirportsByCountry(
  airports: readonly AirportRecord[],
  weight: Float64Array,
): Map<string, number[]> {
  const byCountry = new Map<string, number[]>();
  airports.forEach((airport, index) => {
    const list = byCountry.get(airport.countryCode) ?? [];
    list.push(index);
    byCountry.set(airport.countryCode, list);
  });
  for (const list of byCountry.values()) list.sort((a, b) => weight[b]! - weight[a]! || a - b);
  return byCountry;
}

type AirlineRole = {
  /** 0 = the country's flag carrier, then by size. */
  rank: number;
  /** Share of a hub's potential spokes this airline flies. */
  scale: number;
  rangeKm: number;
};

function airlineRoles(airlines: readonly AirlineRecord[], seed: number): AirlineRole[] {
  const byCountry = new Map<string, number[]>();
  airlines.forEach((airline, index) => {
    const list = byCountry.get(airline.countryCode) ?? [];
    list.push(index);
    byCountry.set(airline.countryCode, list);
  });
  const priority = (code: string) => {
    const major = MAJOR_CARRIER_ORDER.indexOf(code);
    return major >= 0 ? major : MAJOR_CARRIER_ORDER.length + unitHash(seed, 'airline-rank', code);
  };
  const roles: AirlineRole[] = airlines.map(() => ({ rank: 0, scale: 0, rangeKm: 0 }));
  for (const list of byCountry.values()) {
    list.sort((a, b) => priority(airlines[a]!.code) - priority(airlines[b]!.code));
    list.forEach((airlineIndex, rank) => {
      roles[airlineIndex] = {
        rank,
        scale: rank === 0 ? 1 : rank < 3 ? 0.5 : rank < 8 ? 0.3 : 0.15,
        rangeKm: rank === 0 ? 15_500 : rank < 3 ? 9_500 : 4_500,
      };
    });
  }
  return roles;
}

/**
 * Major carriers fly from their real hubs. The other airlines of a country share out its big
 * airports, the larger carriers taking the larger ones; small carriers are based at the regional
 * airports further down the list, as they are in life.
 */
function assignHubs(
  airlines: readonly AirlineRecord[],
  roles: readonly AirlineRole[],
  airportsByCountry: ReadonlyMap<string, readonly number[]>,
  airports: readonly AirportRecord[],
  seed: number,
): number[][] {
  const indexByCode = new Map(airports.map((airport, index) => [airport.code, index]));
  return airlines.map((airline, index) => {
    const known = (MAJOR_CARRIERS.get(airline.code) ?? []).flatMap((code) => indexByCode.get(code) ?? []);
    if (known.length > 0) return known;
    const country = airportsByCountry.get(airline.countryCode) ?? [];
    if (country.length === 0) return [];
    const { rank } = roles[index]!;
    const large = country.filter((airport) => airports[airport]!.size === 'large');
    if (rank < 8 || country.length <= large.length) {
      const candidates = (large.length > 0 ? large : country).slice(0, 8);
      return [candidates[rank % candidates.length]!];
    }
    // Among the country's top airports below its main hubs, weighted towards the bigger ones.
    const regional = country.slice(Math.min(large.length, 8), Math.max(Math.min(large.length, 8) + 1, 40));
    return [regional[Math.floor(unitHash(seed, 'base', airline.code) ** 2 * regional.length)]!];
  });
}

function flyHubsToSpokes(
  builder: ServiceBuilder,
  airlines: readonly AirlineRecord[],
  hubs: readonly (readonly number[])[],
  roles: readonly AirlineRole[],
  seed: number,
): void {
  const scores = new Float64Array(builder.airports.length);
  airlines.forEach((_, airline) => {
    const role = roles[airline]!;
    hubs[airline]!.forEach((hub, hubOrder) => {
      const distances = builder.distancesFrom(hub);
      for (let other = 0; other < scores.length; other++) {
        const distance = distances[other]!;
        // An airline's taste for a market (0.4–1.6) makes competitors at one hub differ.
        scores[other] =
          distance > role.rangeKm
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

/** Point-to-point routes between large airports, flown by a carrier of either country. */
function flyTrunks(
  builder: ServiceBuilder,
  airlines: readonly AirlineRecord[],
  roles: readonly AirlineRole[],
  seed: number,
): void {
  const { airports, weight } = builder;
  const large = airports.flatMap((airport, index) => (airport.size === 'large' ? [index] : []));
  const carriersByCountry = new Map<string, number[]>();
  airlines.forEach((airline, index) => {
    const list = carriersByCountry.get(airline.countryCode) ?? [];
    list.push(index);
    carriersByCountry.set(airline.countryCode, list);
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
      if (builder.hasPair(from, to)) continue;
      const distance = distances[to]!;
      const carriers = [
        ...(carriersByCountry.get(airports[from]!.countryCode) ?? []),
        ...(carriersByCountry.get(airports[to]!.countryCode) ?? []),
      ].filter((airline) => roles[airline]!.rangeKm >= distance && roles[airline]!.rank < 6);
      if (carriers.length === 0) continue;
      const airline = carriers[Math.floor(unitMix(seed, from, to, 7) * carriers.length)]!;
      builder.add(airline, from, to, false);
    }
  }
}

/**
 * An airport nobody chose still has scheduled service: a nearby hub flies there. Distance counts
 * far more than hub size (a remote strip is served from the regional centre, not the capital).
 */
function serveUncoveredAirports(
  builder: ServiceBuilder,
  hubs: readonly (readonly number[])[],
  rangeKm: Float64Array,
): void {
  const hubList = hubs.flatMap((list, airline) => list.map((hub) => ({ airline, hub })));
  builder.airports.forEach((_, index) => {
    if (builder.isServed(index)) return;
    let best: { airline: number; hub: number; score: number } | null = null;
    for (const { airline, hub } of hubList) {
      // Distances from hubs are cached; the distance matrix is symmetric.
      const distance = builder.distancesFrom(hub)[index]!;
      if (hub === index || distance > rangeKm[airline]!) continue;
      const score = builder.weight[hub]! ** 0.3 / (1 + (distance / 300) ** 2);
      if (!best || score > best.score) best = { airline, hub, score };
    }
    if (best) builder.add(best.airline, best.hub, index, true);
  });
}

/**
 * Links every group of airports cut off from the main network (an island served only from its
 * own small hub, say) to the nearest hub that is on it.
 */
function joinIsolatedIslands(
  builder: ServiceBuilder,
  hubs: readonly (readonly number[])[],
  rangeKm: Float64Array,
): void {
  const hubList = hubs.flatMap((list, airline) => list.map((hub) => ({ airline, hub })));
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
      if (component[hub] !== mainland || distance > rangeKm[airline]!) continue;
      if (!best || distance < best.distance) best = { airline, hub, distance };
    }
    if (best) builder.add(best.airline, best.hub, island, true);
    else unreachable.add(island);
  }
}

/** Gateways this close together serve the same city (Heathrow and Gatwick): no shuttle between them. */
const MIN_GATEWAY_LINK_KM = 300;

/**
 * The backbone that makes any two airports with service at most two connections apart: the hubs
 * of the major carriers are gateways, flown to each other every day where an aircraft can reach,
 * and every other airport is flown every day to its nearest gateway (spoke → gateway → gateway →
 * spoke), as real networks feed every field into a hub that reaches the world.
 */
function linkGateways(
  builder: ServiceBuilder,
  hubs: readonly (readonly number[])[],
  roles: readonly AirlineRole[],
  rangeKm: Float64Array,
): void {
  const { airports } = builder;
  const indexByCode = new Map(airports.map((airport, index) => [airport.code, index]));
  const gateways = [
    ...new Set(
      [...MAJOR_CARRIERS.values()].flatMap((codes) => codes.flatMap((code) => indexByCode.get(code) ?? [])),
    ),
  ].sort((a, b) => a - b);
  const isGateway = new Uint8Array(airports.length);
  for (const gateway of gateways) isGateway[gateway] = 1;
  // The carriers based at each gateway, biggest (flag carrier) first.
  const carriersAt = new Map<number, number[]>();
  hubs.forEach((list, airline) => {
    for (const hub of list) {
      if (!isGateway[hub]) continue;
      const carriers = carriersAt.get(hub) ?? [];
      carriers.push(airline);
      carriersAt.set(hub, carriers);
    }
  });
  for (const carriers of carriersAt.values())
    carriers.sort((a, b) => roles[a]!.rank - roles[b]!.rank || a - b);
  const carrierFor = (gateway: number, distance: number) =>
    carriersAt.get(gateway)?.find((airline) => rangeKm[airline]! >= distance);

  for (let i = 0; i < gateways.length; i++) {
    const from = gateways[i]!;
    const distances = builder.distancesFrom(from);
    for (let j = i + 1; j < gateways.length; j++) {
      const to = gateways[j]!;
      const distance = distances[to]!;
      if (distance < MIN_GATEWAY_LINK_KM) continue;
      if (builder.markEveryDay(from, to)) continue;
      const airline = carrierFor(from, distance) ?? carrierFor(to, distance);
      if (airline === undefined) continue;
      if (carrierFor(from, distance) === airline) builder.add(airline, from, to, false, true);
      else builder.add(airline, to, from, false, true);
    }
  }

  airports.forEach((_, spoke) => {
    if (isGateway[spoke] || !builder.isServed(spoke)) return;
    const distances = gateways.map((gateway) => builder.distancesFrom(gateway)[spoke]!);
    // Already flown to a gateway: fly the nearest such link every day.
    let linked = -1;
    gateways.forEach((gateway, k) => {
      if (builder.hasPair(spoke, gateway) && (linked < 0 || distances[k]! < distances[linked]!)) linked = k;
    });
    if (linked >= 0) {
      builder.markEveryDay(spoke, gateways[linked]!);
      return;
    }
    let nearest = -1;
    gateways.forEach((gateway, k) => {
      if (carrierFor(gateway, distances[k]!) === undefined) return;
      if (nearest < 0 || distances[k]! < distances[nearest]!) nearest = k;
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

  add(airline: number, base: number, other: number, banked: boolean, everyDay = false): void {
    if (base === other) return;
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
