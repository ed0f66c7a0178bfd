import type {
  PublishedScheduleChange,
  ScheduleChangeKind,
  ScheduledFlightDay,
  SupplierScheduleChanges,
} from '../../schedule-changes.js';
import { unitMix } from '../random.js';
import { MAX_LAYOVER_MINUTES, minimumConnectionMinutes } from '../routing.js';
import { epochDayOf, localDate, localTime, MINUTES_PER_DAY } from '../time-zones.js';
import type { Timetable } from '../timetable.js';
import type { LegOption, Segment } from '../trip-pricing.js';

/**
 * The sandbox airlines' schedule changes (issue 32). One flight-day in fifty is moved (30 minutes to
 * 6 hours, later more often than earlier) or cancelled (one change in five), each published at a
 * moment 7 to 60 days before the flight — so changes arrive over time, and the same flights change
 * on every run: the draw is a hash of the network seed, the flight and its day, nothing stored.
 *
 * A lookup is a few integer hashes, so searches ask it for every flight they show without slowing
 * down; an operator's changes (published by hand) sit in a map beside it.
 */

/** The share of flight-days the airlines change. */
export const CHANGED_SHARE = 1 / 50;
/** Of those, the share cancelled rather than moved. */
export const CANCELLED_SHARE = 1 / 5;
/** Keeps these draws apart from the schedule's and the fares' (same seed). */
const SALT = 0x5c4e_d01e;

export type FlightDayChange = { kind: ScheduleChangeKind; minutes: number; publishedAtMinute: number };

const designatorKey = (timetable: Timetable, flight: number) =>
  timetable.flightAirline[flight]! * 10_000 + timetable.flightNumber[flight]!;

/** The airline's change of the flight leaving at `departure` (epoch minutes), published or not yet. */
export function airlineChangeOfFlight(
  timetable: Timetable,
  seed: number,
  flight: number,
  departure: number,
): FlightDayChange | null {
  // One hash decides whether the flight-day changes at all (searches ask for every flight they
  // show, so this path allocates nothing); the rest is drawn only for the few that do.
  const key = designatorKey(timetable, flight);
  const day = Math.floor(departure / MINUTES_PER_DAY);
  const salted = (seed ^ SALT) >>> 0;
  if (unitMix(salted, key, day, 0) >= CHANGED_SHARE) return null;
  const daysOut = 7 + Math.floor(unitMix(salted, key, day, 4) * 54);
  const publishedAtMinute =
    departure - daysOut * MINUTES_PER_DAY + Math.floor(unitMix(salted, key, day, 5) * MINUTES_PER_DAY);
  if (unitMix(salted, key, day, 1) < CANCELLED_SHARE)
    return { kind: 'cancelled', minutes: 0, publishedAtMinute };
  const minutes = 30 + 5 * Math.floor(unitMix(salted, key, day, 2) * 67);
  return {
    kind: 'retimed',
    minutes: unitMix(salted, key, day, 3) < 0.25 ? -minutes : minutes,
    publishedAtMinute,
  };
}

/** The UTC departure (epoch minutes) of a flight whose local departure date is `date`, if it flies then. */
export function departureOnLocalDate(timetable: Timetable, flight: number, date: string): number | null {
  const zone = timetable.airport(timetable.flightOrigin[flight]!).timeZone;
  const day = epochDayOf(date);
  for (const utcDay of [day - 1, day, day + 1]) {
    const departure = utcDay * MINUTES_PER_DAY + timetable.flightDeparture[flight]!;
    if (timetable.operatesOn(flight, utcDay) && localDate(zone, departure) === date) return departure;
  }
  return null;
}

/** An operator's change as told to the sandbox (and sent on to its search workers). */
export type OperatorScheduleChange = {
  flight: string;
  date: string;
  kind: ScheduleChangeKind;
  minutes: number;
};

export type SandboxScheduleChanges = SupplierScheduleChanges & {
  /** The operators' changes told so far, in order. */
  published(): readonly OperatorScheduleChange[];
  /** The change searches apply to the flight leaving at `departure`, as of `nowMinute`; null when none. */
  changeAt(flight: number, departure: number, nowMinute: number): FlightDayChange | null;
};

export function createSandboxScheduleChanges(timetable: Timetable, seed: number): SandboxScheduleChanges {
  /** Operators' changes by `flight index:UTC day`; few, so a map is all they need. */
  const published = new Map<string, FlightDayChange>();
  const told = new Map<string, OperatorScheduleChange>();

  const changeAt = (flight: number, departure: number, nowMinute: number): FlightDayChange | null => {
    if (published.size > 0) {
      const own = published.get(`${flight}:${Math.floor(departure / MINUTES_PER_DAY)}`);
      if (own) return own;
    }
    const change = airlineChangeOfFlight(timetable, seed, flight, departure);
    return change && change.publishedAtMinute <= nowMinute ? change : null;
  };

  const resolve = (designator: string, date: string) => {
    const flight = timetable.flightByDesignator(designator);
    if (flight === undefined) return null;
    const departure = departureOnLocalDate(timetable, flight, date);
    return departure === null ? null : { flight, departure };
  };

  return {
    changeAt,

    flightDay(designator: string, date: string): ScheduledFlightDay | null {
      const found = resolve(designator, date);
      if (!found) return null;
      const { flight, departure } = found;
      const origin = timetable.airport(timetable.flightOrigin[flight]!);
      const destination = timetable.airport(timetable.flightDestination[flight]!);
      const arrival = departure + timetable.flightBlock[flight]!;
      return {
        flight: designator,
        origin: origin.code,
        destination: destination.code,
        departsAt: localTime(origin.timeZone, departure).dateTime,
        arrivesAt: localTime(destination.timeZone, arrival).dateTime,
        departsAtUtc: new Date(departure * 60_000),
        arrivesAtUtc: new Date(arrival * 60_000),
      };
    },

    airlineChange(designator: string, date: string, now: Date): PublishedScheduleChange | null {
      const found = resolve(designator, date);
      if (!found) return null;
      const change = airlineChangeOfFlight(timetable, seed, found.flight, found.departure);
      if (!change || change.publishedAtMinute * 60_000 > now.getTime()) return null;
      return {
        kind: change.kind,
        minutes: change.minutes,
        publishedAt: new Date(change.publishedAtMinute * 60_000),
      };
    },

    published: () => [...told.values()],

    publish({ flight: designator, date, kind, minutes }) {
      // Told again (a restart, each job of a search worker) changes nothing.
      told.set(`${designator} ${date}`, { flight: designator, date, kind, minutes });
      const found = resolve(designator, date);
      if (!found) return;
      published.set(`${found.flight}:${Math.floor(found.departure / MINUTES_PER_DAY)}`, {
        kind,
        minutes: kind === 'cancelled' ? 0 : minutes,
        publishedAtMinute: 0,
      });
    },
  };
}

/**
 * A leg as its airlines fly it as of `nowMinute`: moved flights at their new times (the
 * flight-day kept as `scheduled`), null when a flight of it is cancelled or a move breaks one of
 * its connections (the next flight leaves before the minimum connection time is over) — such a
 * leg is not sold.
 */
export function withScheduleChanges(
  leg: LegOption,
  changes: Pick<SandboxScheduleChanges, 'changeAt'>,
  timetable: Timetable,
  nowMinute: number,
): LegOption | null {
  let segments: Segment[] | null = null;
  for (const [index, segment] of leg.segments.entries()) {
    const change = changes.changeAt(segment.flight, segment.scheduled ?? segment.departure, nowMinute);
    if (!change) continue;
    if (change.kind === 'cancelled') return null;
    segments ??= [...leg.segments];
    const scheduled = segment.scheduled ?? segment.departure;
    segments[index] = { flight: segment.flight, departure: scheduled + change.minutes, scheduled };
  }
  if (!segments) return leg;
  for (let i = 1; i < segments.length; i++) {
    const previous = segments[i - 1]!;
    const next = segments[i]!;
    const landed = previous.departure + timetable.flightBlock[previous.flight]!;
    const connection = minimumConnectionMinutes(
      timetable.linkInternational[timetable.flightLink[previous.flight]!] === 1,
      timetable.linkInternational[timetable.flightLink[next.flight]!] === 1,
    );
    if (next.departure < landed + connection || next.departure > landed + MAX_LAYOVER_MINUTES) return null;
  }
  const last = segments[segments.length - 1]!;
  return {
    segments,
    departure: segments[0]!.departure,
    arrival: last.departure + timetable.flightBlock[last.flight]!,
  };
}
