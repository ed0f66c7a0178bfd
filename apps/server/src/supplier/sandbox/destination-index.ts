import { minimumBlockMinutes } from './geo.js';
import type { Timetable } from './timetable.js';

/**
 * What journey planning needs to know about a destination that depends on the network alone, not
 * on the date or the party: which airports fly to it (its feeders), and, for an airport a first
 * flight reaches, its links to those feeders with the least time each could take to the
 * destination. Built lazily as queries reach airports, and kept for the destinations searched
 * most recently: agents search the same destinations all day, and a hub's lists take longer to
 * build than the search that uses them.
 */

/** usefulMinimum of an airport with no useful link: more minutes than any journey, small enough to add to. */
const NO_USEFUL_LINK = 1 << 24;

export class DestinationIndex {
  private destination = -1;
  /** Per airport, its link to the destination, or -1 when it has none (it is not a feeder). */
  readonly linkToDestination: Int32Array;
  /** Per airport with its lists made, where they are in usefulLinks / usefulLeast. */
  readonly usefulStart: Int32Array;
  readonly usefulEnd: Int32Array;
  /** Per airport, the smallest of its useful links' least minutes. */
  readonly usefulMinimum: Int32Array;
  /** Useful links of every airport listed so far, and per link the least minutes to the destination over it. */
  usefulLinks: Int32Array;
  usefulLeast: Int32Array;
  private readonly timetable: Timetable;
  private feeders = new Int32Array(0);
  private readonly listed: Uint8Array;
  /** Per airport, minutes of flying at least to the destination; -1 until asked. */
  private readonly boundMinutes: Int32Array;
  /** Per airport, great-circle km to the destination; -1 until asked. */
  private readonly boundKm: Float64Array;
  /** The shortest connection (the least time between two flights). */
  private readonly connectionMinutes: number;
  private cursor = 0;

  constructor(timetable: Timetable, destination: number, connectionMinutes: number) {
    this.timetable = timetable;
    this.connectionMinutes = connectionMinutes;
    const n = timetable.airportCount;
    this.linkToDestination = new Int32Array(n);
    this.usefulStart = new Int32Array(n);
    this.usefulEnd = new Int32Array(n);
    this.usefulMinimum = new Int32Array(n);
    this.listed = new Uint8Array(n);
    this.boundMinutes = new Int32Array(n);
    this.boundKm = new Float64Array(n);
    this.usefulLinks = new Int32Array(1024);
    this.usefulLeast = new Int32Array(1024);
    this.reset(destination);
  }

  /** Forgets the destination it was made for and takes another (its arrays are reused). */
  reset(destination: number): void {
    const t = this.timetable;
    this.destination = destination;
    this.linkToDestination.fill(-1);
    this.listed.fill(0);
    this.boundMinutes.fill(-1);
    this.boundKm.fill(-1);
    this.cursor = 0;
    const first = t.inLinkStart[destination]!;
    const end = t.inLinkStart[destination + 1]!;
    this.feeders = new Int32Array(end - first);
    for (let i = first; i < end; i++) {
      const link = t.inLinks[i]!;
      const feeder = t.linkOrigin[link]!;
      this.linkToDestination[feeder] = link;
      this.feeders[i - first] = feeder;
    }
  }

  /**
   * Lists, once, the links out of `airport` to the destination's feeders, each with the least time
   * it takes to reach the destination over it (shortest block on the link, a connection, shortest
   * block from the feeder), so most links are ruled out by one comparison. The list is built from
   * whichever side is smaller: the airport's links, or the feeders (a binary search each). It is
   * not sorted: sorting every list costs more than it saves.
   */
  listUsefulLinks(airport: number): void {
    if (this.listed[airport] === 1) return;
    const t = this.timetable;
    const destination = this.destination;
    this.listed[airport] = 1;
    const start = this.cursor;
    let end = start;
    const firstLink = t.outLinkStart[airport]!;
    const lastLink = t.outLinkStart[airport + 1]!;
    this.reserve(Math.min(lastLink - firstLink, this.feeders.length));
    if (lastLink - firstLink <= this.feeders.length * 8) {
      for (let link = firstLink; link < lastLink; link++) {
        const next = t.linkDestination[link]!;
        if (next !== destination && this.linkToDestination[next]! >= 0) this.addUsefulLink(end++, link);
      }
    } else {
      for (const feeder of this.feeders) {
        if (feeder === airport) continue;
        const link = t.linkBetween(airport, feeder);
        if (link >= 0) this.addUsefulLink(end++, link);
      }
    }
    let minimum = NO_USEFUL_LINK;
    for (let u = start; u < end; u++) if (this.usefulLeast[u]! < minimum) minimum = this.usefulLeast[u]!;
    this.usefulMinimum[airport] = minimum;
    this.usefulStart[airport] = start;
    this.usefulEnd[airport] = end;
    this.cursor = end;
  }

  /** Minutes of flying, at least, from `airport` to the destination (great circle at top speed). */
  remainingBound(airport: number): number {
    let minutes = this.boundMinutes[airport]!;
    if (minutes < 0) {
      minutes = minimumBlockMinutes(this.timetable.distanceKm(airport, this.destination));
      this.boundMinutes[airport] = minutes;
    }
    return minutes;
  }

  /**
   * Great-circle km from `airport` to the destination: no chain of flights from there covers less
   * (the routing's detour bound prunes with it).
   */
  remainingKm(airport: number): number {
    let km = this.boundKm[airport]!;
    if (km < 0) {
      km = this.timetable.distanceKm(airport, this.destination);
      this.boundKm[airport] = km;
    }
    return km;
  }

  /** The least time over a useful link is exact block times: its own and the feeder's last link. */
  private addUsefulLink(slot: number, link: number): void {
    const t = this.timetable;
    this.usefulLinks[slot] = link;
    this.usefulLeast[slot] =
      t.linkMinBlock[link]! +
      this.connectionMinutes +
      t.linkMinBlock[this.linkToDestination[t.linkDestination[link]!]!]!;
  }

  private reserve(more: number): void {
    if (this.cursor + more <= this.usefulLinks.length) return;
    const size = Math.max(this.usefulLinks.length * 2, this.cursor + more);
    const links = new Int32Array(size);
    const least = new Int32Array(size);
    links.set(this.usefulLinks.subarray(0, this.cursor));
    least.set(this.usefulLeast.subarray(0, this.cursor));
    this.usefulLinks = links;
    this.usefulLeast = least;
  }
}

/**
 * The indexes of the destinations searched most recently: a large airport's is about 130 kB, so
 * 64 of them stay under 10 MB per planner. The least recently used is made over for the next.
 */
export class DestinationIndexes {
  private readonly indexes = new Map<number, DestinationIndex>();

  constructor(
    private readonly timetable: Timetable,
    private readonly connectionMinutes: number,
    private readonly capacity = 64,
  ) {}

  of(destination: number): DestinationIndex {
    let index = this.indexes.get(destination);
    if (index) {
      this.indexes.delete(destination);
    } else if (this.indexes.size >= this.capacity) {
      // The least recently used, made over for this destination.
      const [oldest, evicted] = this.indexes.entries().next().value!;
      this.indexes.delete(oldest);
      evicted.reset(destination);
      index = evicted;
    } else {
      index = new DestinationIndex(this.timetable, destination, this.connectionMinutes);
    }
    this.indexes.set(destination, index);
    return index;
  }
}
