import { type DestinationIndex, DestinationIndexes } from './destination-index.js';
import { EQUIPMENT_CABIN_BITS } from './fleet.js';
import { MINUTES_PER_DAY } from './time-zones.js';
import type { Timetable } from './timetable.js';

/**
 * Journey planning over the timetable: range RAPTOR (Delling, Pajor, Werneck, "Round-Based Public
 * Transit Routing", 2012) specialised to flights and to at most three of them.
 *
 * The origin's departures of the day are processed from the latest to the earliest. For each,
 * round 1 is that flight, round 2 a connection, round 3 a second connection; in a flight network a
 * RAPTOR "route" is one link (an airport pair), so scanning it is a binary search for the first
 * flight after the connection time. The destination's best arrivals with at most 2 and at most 3
 * flights are carried from one departure to the next (range RAPTOR's target labels): a journey is
 * only recorded, and a branch only explored, if it can arrive before every journey that leaves no
 * earlier with no more flights. That yields the day's profile: the journeys no other beats on
 * departure, arrival and number of connections — plus every nonstop, which agents always want.
 *
 * Search is focused on the destination. The last flight must land there, so the one before must
 * land at one of its feeder airports; lower bounds on the time still to go (connection times,
 * the shortest block on each remaining link, great-circle distance at top speed) and the latest
 * last flight that could still beat the target label prune branches before any flight is looked
 * up. What depends on the destination alone (its feeders, and each airport's links to them) is
 * kept for the destinations searched most recently (destination-index.ts).
 *
 * Intermediate airports deliberately keep no labels. With a 24-hour cap on layovers an earlier
 * arrival at a connecting airport no longer dominates a later one (it can miss a flight 25 hours
 * later that the later arrival makes), so RAPTOR's local pruning would lose valid journeys; the
 * target labels and the bounds keep the search small without that risk. Tests check the answer
 * against a brute-force enumeration of every journey.
 *
 * Connection rules (docs/api.md): at least 45 minutes between flights, 60 when either flight crosses a
 * border, at most 24 hours, no airport twice and no connection in the origin's or the destination's
 * city (London → Amsterdam → Gatwick → New York is not a journey: Timetable.airportCity); and the carriers' rule (docs/decisions/021,
 * Timetable.connects): a connection is at a hub of one of the two flights' airlines or of its
 * partners, and low-cost and regional flights connect only to their own airline's. The rule
 * depends on the flights, not the links, so it filters flights as they are looked up; the bounds
 * that prune links (feeders, least times, latest last flights) ignore it and stay lower bounds.
 *
 * Detour rule (docs/decisions/017): a journey flies at most its permitted mileage (permittedKm:
 * 1.2 × the great circle between its ends, plus an allowance for short pairs), so London → Fort
 * McMurray → New York is not offered. It prunes too: a first flight whose distance plus the great
 * circle still to go exceeds it leads nowhere. When the bound rejected something and no journey
 * within it flies that day, the day is planned again without it: the best routings there are, as
 * a pair that only a long detour serves stays sold.
 *
 * A planner keeps scratch arrays between queries (nothing is allocated per flight): one planner
 * per timetable, used by one caller at a time — plan() is synchronous, so a Node process is fine.
 */

export const MIN_CONNECTION_MINUTES = 45;
export const MIN_CONNECTION_MINUTES_INTERNATIONAL = 60;
export const MAX_LAYOVER_MINUTES = 24 * 60;

/** Maximum permitted mileage: this many times the great circle between the journey's ends… */
export const PERMITTED_MILEAGE_FACTOR = 1.2;
/** …plus this allowance for pairs up to SHORT_PAIR_KM apart, shrinking linearly to none at LONG_PAIR_KM. */
export const SHORT_PAIR_ALLOWANCE_KM = 1_000;
const SHORT_PAIR_KM = 1_000;
const LONG_PAIR_KM = 6_000;
/** Pruning with great circles (a lower bound) leaves this much for rounding in the link distances. */
const GREAT_CIRCLE_SLACK_KM = 1;

/**
 * The most a journey between two airports this far apart (great circle, km) may fly, segment by
 * segment: a maximum-permitted-mileage rule, more lenient for short pairs, where a hub off the line
 * is the only way (a 300 km pair may fly 1,360 km; London–New York, 5,540 km, at most 6,740 km).
 */
export function permittedKm(directKm: number): number {
  const taper = Math.min(1, Math.max(0, (LONG_PAIR_KM - directKm) / (LONG_PAIR_KM - SHORT_PAIR_KM)));
  return PERMITTED_MILEAGE_FACTOR * directKm + SHORT_PAIR_ALLOWANCE_KM * taper;
}

export type JourneyQuery = {
  origin: number;
  destination: number;
  /** First flights leave in [departureFrom, departureUntil), epoch minutes. */
  departureFrom: number;
  departureUntil: number;
  /** 0–2. */
  maxConnections: number;
  /** Bit of the cabin every flight must offer (fleet.cabinBit). */
  cabinBit: number;
  /** When set, only airlines whose entry is 1 (preferred airlines). */
  allowedAirlines?: Uint8Array | null;
};

export type Journey = {
  /** Timetable flight indices, in order. */
  flights: number[];
  /** Departure instant of each flight, epoch minutes. */
  departures: number[];
  departure: number;
  arrival: number;
};

/** The connection time between two flights, by whether each crosses a border. */
export function minimumConnectionMinutes(
  inboundInternational: boolean,
  outboundInternational: boolean,
): number {
  return inboundInternational || outboundInternational
    ? MIN_CONNECTION_MINUTES_INTERNATIONAL
    : MIN_CONNECTION_MINUTES;
}

/** Later than any instant (epoch minutes), and still a small integer to V8 (below 2^30). */
const UNREACHED = 0x3fffffff;
const MAX_CANDIDATES = 4096;

export class JourneyPlanner {
  private readonly timetable: Timetable;
  /** Per-query stamps, so nothing is cleared between queries. */
  private stamp = 0;
  /** The destination of the query, and what the network says of it (kept across queries). */
  private readonly indexes: DestinationIndexes;
  private target!: DestinationIndex;
  /** Per feeder, the latest last flight landing before latestBeat (see latestLastDeparture). */
  private readonly latestStamp: Int32Array;
  private readonly latestBeat: Int32Array;
  private readonly latestDeparture: Int32Array;
  // The origin's departures in the window, then sorted by time.
  private eventFlight = new Int32Array(4096);
  private eventTime = new Int32Array(4096);
  private sortedFlight = new Int32Array(4096);
  private sortedTime = new Int32Array(4096);
  private buckets = new Int32Array(2048);
  // Journeys reaching the destination, before the dominance filter.
  private readonly candidateLegs = new Int8Array(MAX_CANDIDATES);
  private readonly candidateFlights = new Int32Array(MAX_CANDIDATES * 3);
  private readonly candidateDepartures = new Int32Array(MAX_CANDIDATES * 3);
  private readonly candidateArrival = new Int32Array(MAX_CANDIDATES);
  private candidateCount = 0;
  // The query, kept here so the inner searches need not pass it around.
  private origin = 0;
  private destination = 0;
  private originCity = 0;
  private destinationCity = 0;
  private windowStart = 0;
  private cabinBit = 1;
  private allowed: Uint8Array | null = null;
  /**
   * Target labels: the best arrival at the destination with at most 2 (3) flights, over the
   * departures at or after the current one. A nonstop counts towards both.
   */
  private bestWithin2 = UNREACHED;
  private bestWithin3 = UNREACHED;
  // Results of findFlight: the flight's times, and whether the search ended because no later
  // flight could land before the bound (rather than at the end of the 24 hours).
  private foundDeparture = 0;
  private foundArrival = 0;
  private stoppedByBound = false;
  /** Whether findFlight passed over a flight the inbound flight may not connect to (the carriers' rule). */
  private skippedByRule = false;
  /** The journey's permitted mileage (Infinity when the day is planned without it). */
  private permitted = Number.POSITIVE_INFINITY;
  /** Whether the detour bound rejected anything: if not, planning without it finds nothing more. */
  private boundCut = false;

  constructor(timetable: Timetable) {
    this.timetable = timetable;
    const n = timetable.airportCount;
    this.indexes = new DestinationIndexes(timetable, MIN_CONNECTION_MINUTES);
    this.latestStamp = new Int32Array(n);
    this.latestBeat = new Int32Array(n);
    this.latestDeparture = new Int32Array(n);
  }

  plan(query: JourneyQuery): Journey[] {
    const { origin, destination } = query;
    const maxLegs = Math.min(3, Math.max(1, query.maxConnections + 1));
    this.candidateCount = 0;
    if (origin === destination) return [];
    this.origin = origin;
    this.destination = destination;
    this.originCity = this.timetable.airportCity[origin]!;
    this.destinationCity = this.timetable.airportCity[destination]!;
    this.windowStart = query.departureFrom;
    this.cabinBit = query.cabinBit;
    this.allowed = query.allowedAirlines ?? null;
    this.target = this.indexes.of(destination);
    this.permitted = maxLegs > 1 ? permittedKm(this.timetable.distanceKm(origin, destination)) : Infinity;
    this.boundCut = false;
    const journeys = this.planDay(query, maxLegs);
    if (journeys.length > 0 || !this.boundCut) return journeys;
    // Nothing within the permitted mileage flies that day: the best routings there are.
    this.permitted = Number.POSITIVE_INFINITY;
    return this.planDay(query, maxLegs);
  }

  /** One run of range RAPTOR over the window, under the current permitted mileage. */
  private planDay(query: JourneyQuery, maxLegs: number): Journey[] {
    this.candidateCount = 0;
    this.bestWithin2 = UNREACHED;
    this.bestWithin3 = UNREACHED;
    this.stamp++;
    const eventCount = this.collectDepartures(query.departureFrom, query.departureUntil, maxLegs);

    // One run per departure minute, the latest first, so target labels only ever improve.
    let groupEnd = eventCount - 1;
    while (groupEnd >= 0) {
      const departure = this.sortedTime[groupEnd]!;
      let groupStart = groupEnd;
      while (groupStart > 0 && this.sortedTime[groupStart - 1] === departure) groupStart--;
      for (let e = groupEnd; e >= groupStart; e--)
        this.nonstopOrOneConnection(this.sortedFlight[e]!, departure, maxLegs);
      if (maxLegs >= 3) {
        for (let e = groupEnd; e >= groupStart; e--) this.twoConnections(this.sortedFlight[e]!, departure);
      }
      groupEnd = groupStart - 1;
    }
    return this.paretoJourneys();
  }

  /** Rounds 1 and 2 for one first flight: it lands at the destination, or one connection does. */
  private nonstopOrOneConnection(first: number, departure: number, maxLegs: number): void {
    const t = this.timetable;
    const reached = t.flightDestination[first]!;
    const arrival = departure + t.flightBlock[first]!;
    if (reached === this.destination) {
      this.addCandidate(1, first, departure, 0, 0, 0, 0, arrival);
      if (arrival < this.bestWithin2) this.bestWithin2 = arrival;
      if (arrival < this.bestWithin3) this.bestWithin3 = arrival;
      return;
    }
    if (maxLegs < 2) return;
    const last = this.target.linkToDestination[reached]!;
    if (last < 0) return;
    const connection = this.connectionMinutes(t.flightLink[first]!, last);
    if (arrival + connection + t.linkMinBlock[last]! >= this.bestWithin2) return;
    if (t.linkDistanceKm[t.flightLink[first]!]! + t.linkDistanceKm[last]! > this.permitted) {
      this.boundCut = true;
      return;
    }
    const second = this.findFlight(
      last,
      arrival + connection,
      arrival + MAX_LAYOVER_MINUTES,
      this.bestWithin2,
      false,
      first,
    );
    if (second < 0) return;
    this.addCandidate(2, first, departure, second, this.foundDeparture, 0, 0, this.foundArrival);
    this.bestWithin2 = this.foundArrival;
    if (this.foundArrival < this.bestWithin3) this.bestWithin3 = this.foundArrival;
  }

  /** Round 3 for one first flight: two connections, the second at a feeder of the destination. */
  private twoConnections(first: number, departure: number): void {
    const t = this.timetable;
    const destination = this.destination;
    const reached = t.flightDestination[first]!;
    if (reached === destination) return;
    const arrival = departure + t.flightBlock[first]!;
    const target = this.target;
    if (arrival + 2 * MIN_CONNECTION_MINUTES + target.remainingBound(reached) >= this.bestWithin3) return;
    const inbound = t.flightLink[first]!;
    const firstKm = t.linkDistanceKm[inbound]!;
    if (firstKm + target.remainingKm(reached) > this.permitted + GREAT_CIRCLE_SLACK_KM) {
      this.boundCut = true;
      return;
    }
    target.listUsefulLinks(reached);
    if (arrival + MIN_CONNECTION_MINUTES + target.usefulMinimum[reached]! >= this.bestWithin3) return;
    const { usefulLinks, usefulLeast } = target;
    const end = target.usefulEnd[reached]!;
    for (let u = target.usefulStart[reached]!; u < end; u++) {
      const least = usefulLeast[u]!;
      const beat = this.bestWithin3;
      if (arrival + MIN_CONNECTION_MINUTES + least >= beat) continue;
      const middle = usefulLinks[u]!;
      const via = t.linkDestination[middle]!;
      const viaCity = t.airportCity[via]!;
      if (viaCity === this.originCity || viaCity === this.destinationCity) continue;
      const last = target.linkToDestination[via]!;
      // Summed in the order brute force and tests sum a journey's flights.
      if (firstKm + t.linkDistanceKm[middle]! + t.linkDistanceKm[last]! > this.permitted) {
        this.boundCut = true;
        continue;
      }
      // The last flight must land before the bound, so it leaves by some latest time, and the
      // second flight must land a connection before that.
      const latestLast = beat === UNREACHED ? UNREACHED : this.latestLastDeparture(via, beat);
      if (arrival + MIN_CONNECTION_MINUTES + t.linkMinBlock[middle]! + MIN_CONNECTION_MINUTES > latestLast)
        continue;
      const second = this.connectTwice(
        first,
        inbound,
        arrival,
        middle,
        last,
        least - t.linkMinBlock[middle]!,
        beat,
        latestLast,
      );
      if (second < 0) continue;
      this.addCandidate(
        3,
        first,
        departure,
        second,
        this.secondDeparture,
        this.lastFlight,
        this.foundDeparture,
        this.foundArrival,
      );
      this.bestWithin3 = this.foundArrival;
    }
  }

  private secondDeparture = 0;
  private lastFlight = 0;

  /**
   * The best journey continuing from an arrival (flight `first` on link `inbound` at `arrival`) over `middle` and
   * then `last`, arriving before `beat`. Second flights are tried in departure order: the first
   * one that connects gives the earliest arrival, unless the last flight is more than 24 hours
   * after it, in which case a later second flight may still make it. `rest` is a lower bound on
   * the time from landing on the middle link to reaching the destination; `latestLast` the latest
   * departure of a last flight that lands before `beat`. Returns the second flight (and sets
   * secondDeparture, lastFlight, foundDeparture, foundArrival) or -1.
   */
  private connectTwice(
    first: number,
    inbound: number,
    arrival: number,
    middle: number,
    last: number,
    rest: number,
    beat: number,
    latestLast: number,
  ): number {
    const t = this.timetable;
    const firstConnection = this.connectionMinutes(inbound, middle);
    const secondConnection = this.connectionMinutes(middle, last);
    const leastMiddleBlock = t.linkMinBlock[middle]!;
    if (arrival + firstConnection + leastMiddleBlock + rest >= beat) return -1;
    const latest = arrival + MAX_LAYOVER_MINUTES;
    let bound = beat;
    let best = -1;
    let landAfter = 0;
    let bestSecondDeparture = 0;
    let bestLast = 0;
    let bestLastDeparture = 0;
    const firstOnLink = t.linkFlightStart[middle]!;
    const end = t.linkFlightStart[middle + 1]!;
    const earliest = arrival + firstConnection;
    let day = Math.floor(earliest / MINUTES_PER_DAY);
    let f = this.lowerBound(firstOnLink, end, earliest - day * MINUTES_PER_DAY);
    for (;;) {
      if (f === end) {
        day++;
        f = firstOnLink;
        if (day * MINUTES_PER_DAY > latest) break;
        continue;
      }
      const secondDeparture = day * MINUTES_PER_DAY + t.flightDeparture[f]!;
      if (secondDeparture > latest || secondDeparture + leastMiddleBlock + rest >= bound) break;
      const second = f++;
      if (!this.operates(second, day) || !t.connects(first, second)) continue;
      const landed = secondDeparture + t.flightBlock[second]!;
      if (landed < landAfter || landed + rest >= bound || landed + secondConnection > latestLast) continue;
      const lastFlight = this.findFlight(
        last,
        landed + secondConnection,
        landed + MAX_LAYOVER_MINUTES,
        bound,
        false,
        second,
      );
      if (lastFlight >= 0) {
        best = second;
        bound = this.foundArrival;
        bestSecondDeparture = secondDeparture;
        bestLast = lastFlight;
        bestLastDeparture = this.foundDeparture;
        continue;
      }
      // Every last flight in reach lands too late: a later second flight reaches no earlier one —
      // unless the carriers' rule kept this one off a flight that a later one may take.
      if (this.stoppedByBound && !this.skippedByRule) break;
      // A flight the rule kept this one off may be within reach of a later second flight.
      if (best >= 0 || this.skippedByRule) continue;
      // Nothing within 24 hours of landing: only a second flight landing within 24 hours of the
      // next last flight can help, if there is one.
      if (
        this.findFlight(
          last,
          landed + MAX_LAYOVER_MINUTES + 1,
          landed + 2 * MAX_LAYOVER_MINUTES,
          UNREACHED,
          true,
        ) < 0
      ) {
        break;
      }
      landAfter = this.foundDeparture - MAX_LAYOVER_MINUTES;
    }
    if (best < 0) return -1;
    this.secondDeparture = bestSecondDeparture;
    this.lastFlight = bestLast;
    this.foundDeparture = bestLastDeparture;
    this.foundArrival = bound;
    return best;
  }

  /**
   * The latest departure from a feeder to the destination that lands before `beat` (and leaves
   * no earlier than the window opens), or -1: cached per feeder until the bound moves.
   */
  private latestLastDeparture(feeder: number, beat: number): number {
    if (this.latestStamp[feeder] === this.stamp && this.latestBeat[feeder] === beat)
      return this.latestDeparture[feeder]!;
    const t = this.timetable;
    const link = this.target.linkToDestination[feeder]!;
    const first = t.linkFlightStart[link]!;
    const end = t.linkFlightStart[link + 1]!;
    const floor = this.windowStart;
    const limit = beat - 1 - t.linkMinBlock[link]!;
    let day = Math.floor(limit / MINUTES_PER_DAY);
    // Flights of the limit's day leaving at or before it, then whole earlier days.
    let f = this.lowerBound(first, end, limit - day * MINUTES_PER_DAY + 1) - 1;
    let found = -1;
    for (;;) {
      if (f < first) {
        day--;
        f = end - 1;
        if ((day + 1) * MINUTES_PER_DAY <= floor) break;
        continue;
      }
      const departure = day * MINUTES_PER_DAY + t.flightDeparture[f]!;
      if (departure < floor) break;
      const flight = f--;
      if (this.operates(flight, day) && departure + t.flightBlock[flight]! < beat) {
        found = departure;
        break;
      }
    }
    this.latestStamp[feeder] = this.stamp;
    this.latestBeat[feeder] = beat;
    this.latestDeparture[feeder] = found;
    return found;
  }

  private connectionMinutes(inboundLink: number, outboundLink: number): number {
    const t = this.timetable;
    return minimumConnectionMinutes(
      t.linkInternational[inboundLink] === 1,
      t.linkInternational[outboundLink] === 1,
    );
  }

  /**
   * The origin's flights leaving within the window, sorted by departure (a counting sort by minute:
   * the window is about a day). Links that cannot lead to the destination within the allowed
   * number of flights are skipped.
   */
  private collectDepartures(from: number, until: number, maxLegs: number): number {
    const t = this.timetable;
    const origin = this.origin;
    const destination = this.destination;
    let count = 0;
    const firstDay = Math.floor(from / MINUTES_PER_DAY);
    const lastDay = Math.floor((until - 1) / MINUTES_PER_DAY);
    for (let link = t.outLinkStart[origin]!; link < t.outLinkStart[origin + 1]!; link++) {
      const next = t.linkDestination[link]!;
      if (next !== destination) {
        if (maxLegs === 1 || (maxLegs === 2 && this.target.linkToDestination[next]! < 0)) continue;
        const nextCity = t.airportCity[next]!;
        if (nextCity === this.originCity || nextCity === this.destinationCity) continue;
        // No onward flights cover less than the great circle: past the permitted mileage already.
        if (
          t.linkDistanceKm[link]! + this.target.remainingKm(next) >
          this.permitted + GREAT_CIRCLE_SLACK_KM
        ) {
          this.boundCut = true;
          continue;
        }
      }
      for (let f = t.linkFlightStart[link]!; f < t.linkFlightStart[link + 1]!; f++) {
        for (let day = firstDay; day <= lastDay; day++) {
          const time = day * MINUTES_PER_DAY + t.flightDeparture[f]!;
          if (time < from || time >= until || !this.operates(f, day)) continue;
          if (count === this.eventFlight.length) this.growEvents();
          this.eventFlight[count] = f;
          this.eventTime[count] = time;
          count++;
        }
      }
    }
    const span = until - from;
    if (this.buckets.length < span + 1) this.buckets = new Int32Array(span + 1);
    const buckets = this.buckets;
    buckets.fill(0, 0, span + 1);
    for (let e = 0; e < count; e++) buckets[this.eventTime[e]! - from + 1]!++;
    for (let b = 1; b <= span; b++) buckets[b]! += buckets[b - 1]!;
    for (let e = 0; e < count; e++) {
      const slot = buckets[this.eventTime[e]! - from]!++;
      this.sortedFlight[slot] = this.eventFlight[e]!;
      this.sortedTime[slot] = this.eventTime[e]!;
    }
    return count;
  }

  private growEvents(): void {
    const size = this.eventFlight.length * 2;
    const eventFlight = new Int32Array(size);
    const eventTime = new Int32Array(size);
    eventFlight.set(this.eventFlight);
    eventTime.set(this.eventTime);
    this.eventFlight = eventFlight;
    this.eventTime = eventTime;
    this.sortedFlight = new Int32Array(size);
    this.sortedTime = new Int32Array(size);
  }

  /** Whether the flight flies on that UTC day, offers the cabin and is of an allowed airline. */
  private operates(flight: number, epochDay: number): boolean {
    const t = this.timetable;
    return (
      (t.flightDays[flight]! & (1 << weekday(epochDay))) !== 0 &&
      (EQUIPMENT_CABIN_BITS[t.flightEquipment[flight]!]! & this.cabinBit) !== 0 &&
      (this.allowed === null || this.allowed[t.flightAirline[flight]!] === 1)
    );
  }

  /** First index in [low, high) whose departure minute is at or after `minute`. */
  private lowerBound(low: number, high: number, minute: number): number {
    const departures = this.timetable.flightDeparture;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (departures[middle]! < minute) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * The flight on the link leaving in [earliest, latest] that arrives first, and before `beat`;
   * with `firstOnly`, simply the first to leave. -1 if none. Aircraft on one link differ in speed,
   * so a later departure may land first; the scan stops once no later one could. With an
   * `inbound` flight, only flights it may connect to (Timetable.connects). Sets foundDeparture,
   * foundArrival, stoppedByBound and skippedByRule.
   */
  private findFlight(
    link: number,
    earliest: number,
    latest: number,
    beat: number,
    firstOnly: boolean,
    inbound = -1,
  ): number {
    const t = this.timetable;
    const departures = t.flightDeparture;
    const blocks = t.flightBlock;
    const first = t.linkFlightStart[link]!;
    const end = t.linkFlightStart[link + 1]!;
    const leastBlock = t.linkMinBlock[link]!;
    let day = Math.floor(earliest / MINUTES_PER_DAY);
    let f = this.lowerBound(first, end, earliest - day * MINUTES_PER_DAY);
    let best = -1;
    let bestArrival = beat;
    let bestDeparture = 0;
    this.stoppedByBound = false;
    this.skippedByRule = false;
    for (;;) {
      if (f === end) {
        day++;
        f = first;
        if (day * MINUTES_PER_DAY > latest) break;
        continue;
      }
      const departure = day * MINUTES_PER_DAY + departures[f]!;
      if (departure > latest) break;
      if (departure + leastBlock >= bestArrival) {
        this.stoppedByBound = true;
        break;
      }
      const flight = f++;
      if (!this.operates(flight, day)) continue;
      if (inbound >= 0 && !t.connects(inbound, flight)) {
        this.skippedByRule = true;
        continue;
      }
      const arrival = departure + blocks[flight]!;
      if (firstOnly) {
        this.foundDeparture = departure;
        this.foundArrival = arrival;
        return flight;
      }
      if (arrival < bestArrival) {
        best = flight;
        bestArrival = arrival;
        bestDeparture = departure;
      }
    }
    if (best >= 0) {
      this.foundDeparture = bestDeparture;
      this.foundArrival = bestArrival;
    }
    return best;
  }

  private addCandidate(
    legs: number,
    flightA: number,
    departureA: number,
    flightB: number,
    departureB: number,
    flightC: number,
    departureC: number,
    arrival: number,
  ): void {
    if (this.candidateCount === MAX_CANDIDATES) return;
    const c = this.candidateCount++;
    this.candidateLegs[c] = legs;
    this.candidateFlights[c * 3] = flightA;
    this.candidateFlights[c * 3 + 1] = flightB;
    this.candidateFlights[c * 3 + 2] = flightC;
    this.candidateDepartures[c * 3] = departureA;
    this.candidateDepartures[c * 3 + 1] = departureB;
    this.candidateDepartures[c * 3 + 2] = departureC;
    this.candidateArrival[c] = arrival;
  }

  /**
   * Keeps nonstops and the journeys no other journey dominates (departs no earlier, arrives no
   * later, no more flights, and better in one). The target labels already kept most dominated
   * journeys out; this removes those found before a better one turned up.
   */
  private paretoJourneys(): Journey[] {
    const count = this.candidateCount;
    const journeys: Journey[] = [];
    for (let c = 0; c < count; c++) {
      const legs = this.candidateLegs[c]!;
      const departure = this.candidateDepartures[c * 3]!;
      const arrival = this.candidateArrival[c]!;
      let dominated = false;
      if (legs > 1) {
        for (let other = 0; other < count && !dominated; other++) {
          const otherLegs = this.candidateLegs[other]!;
          const otherDeparture = this.candidateDepartures[other * 3]!;
          const otherArrival = this.candidateArrival[other]!;
          dominated =
            otherLegs <= legs &&
            otherDeparture >= departure &&
            otherArrival <= arrival &&
            (otherLegs < legs || otherDeparture > departure || otherArrival < arrival);
        }
      }
      if (dominated) continue;
      const flights: number[] = [];
      const departures: number[] = [];
      for (let leg = 0; leg < legs; leg++) {
        flights.push(this.candidateFlights[c * 3 + leg]!);
        departures.push(this.candidateDepartures[c * 3 + leg]!);
      }
      journeys.push({ flights, departures, departure, arrival });
    }
    return journeys.sort((a, b) => a.departure - b.departure || a.arrival - b.arrival);
  }
}

/** Weekday of an epoch day, Sunday = 0 (1970-01-01 was a Thursday); days here are never negative. */
function weekday(epochDay: number): number {
  return (epochDay + 4) % 7;
}
