import type { FlightSegment, PricedItinerary } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database, StoredScheduledFlight } from '../../../platform/db/schema.js';
import { notify } from '../../notices/index.js';
import { agencyTimeZone } from '../booking/agency-zone-repo.js';
import { bookingLink } from '../booking/hold-notices.js';
import { utcMinute } from '../booking/presenter.js';
import { type BookingRow, recordEvent } from '../booking/repo.js';
import {
  insertAffectedBooking,
  insertChangeRow,
  lockSandboxBookingsOn,
  markChangeApplied,
  type ScheduleChangeRow,
  setRetimedItinerary,
  setSegmentDeparture,
} from './repo.js';
import { changeSummary } from './words.js';

/**
 * Recording an airline's schedule change (issue 32; docs/booking-and-money.md, "Schedule changes"):
 * the change of one flight-day, and for each booking on it — in the same transaction — its flights
 * moved on the itinerary (so the e-ticket and the booking say the new times; a cancelled flight
 * keeps its times and the change says it is cancelled), whether a connection breaks, the deadline
 * to answer, a history line and the agency told (bell, e-mail, live push: notices' `notify`).
 */

type Db = Kysely<Database> | Transaction<Database>;

/** An airport's country, for the connection rule (60 minutes when a flight of it crosses a border). */
export type CountryOf = (airport: string) => string | undefined;

/** The minimum connection times of docs/api.md: 45 minutes, 60 when the connection changes country. */
export const MIN_CONNECTION_MINUTES = 45;
export const MIN_CONNECTION_MINUTES_INTERNATIONAL = 60;

/** The agency has 72 hours to answer, ending no later than a day before the first changed flight… */
export const ANSWER_WINDOW_MS = 72 * 60 * 60_000;
export const ANSWER_BEFORE_DEPARTURE_MS = 24 * 60 * 60_000;
/** …and never less than 2 hours. */
export const MIN_ANSWER_MS = 2 * 60 * 60_000;

export function answerDeadline(now: Date, firstDeparture: Date): Date {
  const latest = Math.min(
    now.getTime() + ANSWER_WINDOW_MS,
    firstDeparture.getTime() - ANSWER_BEFORE_DEPARTURE_MS,
  );
  return new Date(Math.max(latest, now.getTime() + MIN_ANSWER_MS));
}

/** A local wall-clock time moved by `minutes`, in the same UTC offset. */
export const shiftLocal = (local: string, minutes: number) =>
  new Date(Date.parse(`${local}Z`) + minutes * 60_000).toISOString().slice(0, 19);

const utcOf = (local: string, offset: string) => new Date(`${local}${offset}`);

type TripFlight = { index: number; leg: number; segment: FlightSegment };

/** The booking's flights in booking_segments order (position = index across the trip). */
export const tripFlights = (itinerary: PricedItinerary): TripFlight[] =>
  itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.flatMap((option, leg) =>
    option.FlightSegment.map((segment) => ({ leg, segment })),
  ).map((flight, index) => ({ ...flight, index }));

export const designatorOf = (segment: FlightSegment) =>
  `${segment.MarketingAirline.Code}${segment.FlightNumber}`;

const scheduled = (flight: TripFlight): StoredScheduledFlight => ({
  segment_index: flight.index,
  flight: designatorOf(flight.segment),
  origin: flight.segment.DepartureAirport.LocationCode,
  destination: flight.segment.ArrivalAirport.LocationCode,
  departs_at: flight.segment.DepartureDateTime,
  arrives_at: flight.segment.ArrivalDateTime,
});

/** New times of a changed flight; null when the airline cancelled it. */
export type NewTimes = { departsAt: string; arrivesAt: string } | null;

/**
 * Whether the new times break a connection of the trip: within a leg, the next flight leaves
 * before the moved one lands plus the minimum connection time (60 minutes when either flight
 * crosses a border); across legs, the next leg leaves before the moved one lands.
 */
export function breaksConnection(
  flights: readonly TripFlight[],
  changed: ReadonlyMap<number, NewTimes>,
  countryOf: CountryOf,
): boolean {
  const times = flights.map((flight) => {
    const next = changed.get(flight.index);
    const segment = flight.segment;
    return {
      departs: utcOf(next?.departsAt ?? segment.DepartureDateTime, segment.DepartureUTCOffset).getTime(),
      arrives: utcOf(next?.arrivesAt ?? segment.ArrivalDateTime, segment.ArrivalUTCOffset).getTime(),
    };
  });
  const crossesBorder = (segment: FlightSegment) => {
    const from = countryOf(segment.DepartureAirport.LocationCode);
    const to = countryOf(segment.ArrivalAirport.LocationCode);
    return from !== undefined && to !== undefined && from !== to;
  };
  for (let i = 0; i + 1 < flights.length; i++) {
    const a = flights[i]!;
    const b = flights[i + 1]!;
    if (!changed.has(a.index) && !changed.has(b.index)) continue;
    if (changed.get(a.index) === null || changed.get(b.index) === null) continue;
    const gap = (times[i + 1]!.departs - times[i]!.arrives) / 60_000;
    if (a.leg === b.leg) {
      const minimum =
        crossesBorder(a.segment) || crossesBorder(b.segment)
          ? MIN_CONNECTION_MINUTES_INTERNATIONAL
          : MIN_CONNECTION_MINUTES;
      if (gap < minimum) return true;
    } else if (gap <= 0) return true;
  }
  return false;
}

/** The itinerary with the changed flights at their new times (legs' elapsed times follow). */
function retimedItinerary(
  itinerary: PricedItinerary,
  changed: ReadonlyMap<number, NewTimes>,
): PricedItinerary {
  let index = 0;
  const options = itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.map((option) => {
    const segments = option.FlightSegment.map((segment) => {
      const next = changed.get(index++);
      return next
        ? { ...segment, DepartureDateTime: next.departsAt, ArrivalDateTime: next.arrivesAt }
        : segment;
    });
    const first = segments[0]!;
    const last = segments[segments.length - 1]!;
    const elapsed = Math.round(
      (utcOf(last.ArrivalDateTime, last.ArrivalUTCOffset).getTime() -
        utcOf(first.DepartureDateTime, first.DepartureUTCOffset).getTime()) /
        60_000,
    );
    return { ...option, FlightSegment: segments, ElapsedTime: Math.max(1, elapsed) };
  });
  return {
    ...itinerary,
    AirItinerary: {
      ...itinerary.AirItinerary,
      OriginDestinationOptions: {
        ...itinerary.AirItinerary.OriginDestinationOptions,
        OriginDestinationOption: options,
      },
    },
  };
}

export type FlagInput = {
  change: Pick<ScheduleChangeRow, 'id' | 'kind' | 'minutes'>;
  booking: BookingRow;
  /** The booking's flights the change touches and their new times (null: cancelled). */
  changed: ReadonlyMap<number, NewTimes>;
  countryOf: CountryOf;
  now: Date;
  /** Minutes moved, for the words ("2h 30m later"); 0 when it differs per flight or is unknown. */
  minutes: number;
};

/**
 * Flags one booking a change touches, in the caller's transaction (the booking locked by it).
 * Answers false when the booking was flagged for this change already.
 */
export async function flagBooking(trx: Transaction<Database>, input: FlagInput): Promise<boolean> {
  const { booking, changed, now, change } = input;
  const flights = tripFlights(booking.itinerary);
  const touched = flights.filter((flight) => changed.has(flight.index));
  if (touched.length === 0) return false;
  const before = touched.map(scheduled);
  const after = touched.flatMap((flight) => {
    const next = changed.get(flight.index);
    return next ? [{ ...scheduled(flight), departs_at: next.departsAt, arrives_at: next.arrivesAt }] : [];
  });
  const connectionBroken = breaksConnection(flights, changed, input.countryOf);
  const firstDeparture = new Date(
    Math.min(
      ...touched.map((flight) =>
        utcOf(flight.segment.DepartureDateTime, flight.segment.DepartureUTCOffset).getTime(),
      ),
    ),
  );
  const deadline = answerDeadline(now, firstDeparture);
  const inserted = await insertAffectedBooking(trx, {
    schedule_change_id: change.id,
    booking_id: booking.id,
    company_id: booking.company_id,
    segment_indexes: touched.map((flight) => flight.index),
    before: JSON.stringify(before),
    after: JSON.stringify(after),
    deadline,
    connection_broken: connectionBroken,
    detected_at: now,
    notified_at: now,
  });
  if (!inserted) return false;

  // The flight flies at its new times whatever the agency answers: the itinerary (and so the
  // booking, its e-ticket and its history) says them from now on. A cancelled flight keeps its
  // times; the booking's schedule change says it no longer flies.
  const retimed = new Map([...changed].filter(([, next]) => next !== null));
  if (retimed.size > 0) {
    const itinerary = retimedItinerary(booking.itinerary, retimed);
    const newFlights = tripFlights(itinerary);
    for (const flight of newFlights.filter((candidate) => retimed.has(candidate.index))) {
      await setSegmentDeparture(
        trx,
        booking.id,
        flight.index,
        utcOf(flight.segment.DepartureDateTime, flight.segment.DepartureUTCOffset),
      );
    }
    const first = newFlights[0]!.segment;
    await setRetimedItinerary(trx, booking.id, {
      itinerary,
      firstDepartureAt: utcOf(first.DepartureDateTime, first.DepartureUTCOffset),
      at: now,
    });
  }

  const summary = changeSummary(before, after, input.minutes);
  const zone = await agencyTimeZone(trx, booking.company_id);
  const choices =
    change.kind === 'cancelled' || connectionBroken
      ? 'take an alternative flight at no cost or cancel with a full refund'
      : 'accept the new times, take an alternative flight at no cost or cancel with a full refund';
  const broken = connectionBroken
    ? ' The new times break a connection of the trip, so they cannot be accepted as they are.'
    : '';
  await recordEvent(trx, {
    bookingId: booking.id,
    action: 'schedule_change',
    from: booking.status,
    to: booking.status,
    note: `${summary}${broken} Answer by ${utcMinute(deadline, zone)}.`,
    actorUserId: null,
    at: now,
  });
  await notify(trx, {
    companyId: booking.company_id,
    userId: null,
    kind: 'airline_change',
    title:
      change.kind === 'cancelled'
        ? `The airline cancelled a flight of booking ${booking.pnr}`
        : `The airline moved a flight of booking ${booking.pnr}`,
    body: `${summary}${broken}\n\nPlease ${choices} by ${utcMinute(deadline, zone)}. Without an answer by then the change is accepted for you.`,
    link: bookingLink(booking.id),
    bookingId: booking.id,
    at: now,
  });
  return true;
}

/** What a schedule change of one flight-day records. */
export type NewFlightChange = {
  flight: string;
  departureDate: string;
  kind: 'retimed' | 'cancelled';
  minutes: number;
  origin: string;
  destination: string;
  before: { departsAt: string; arrivesAt: string };
  source: 'airline' | 'operator';
  supplier?: string;
  sandboxKey?: string | null;
  supplierChangeId?: string | null;
  publishedAt: Date;
};

/** Inserts the change (once per sandbox flight-day: `sandboxKey`); null when it was recorded already. */
export async function insertScheduleChange(
  trx: Transaction<Database>,
  change: NewFlightChange,
): Promise<ScheduleChangeRow | null> {
  const retimed = change.kind === 'retimed';
  const row = await insertChangeRow(trx, {
    flight: change.flight,
    departure_date: change.departureDate,
    kind: change.kind,
    minutes: retimed ? change.minutes : 0,
    origin: change.origin,
    destination: change.destination,
    before_departs_at: change.before.departsAt,
    before_arrives_at: change.before.arrivesAt,
    after_departs_at: retimed ? shiftLocal(change.before.departsAt, change.minutes) : null,
    after_arrives_at: retimed ? shiftLocal(change.before.arrivesAt, change.minutes) : null,
    source: change.source,
    supplier: change.supplier ?? 'sandbox',
    sandbox_key: change.sandboxKey ?? null,
    supplier_change_id: change.supplierChangeId ?? null,
    published_at: change.publishedAt,
  });
  return row ?? null;
}

/**
 * Flags every live booking of the flight-day for the change just recorded (in its transaction);
 * answers how many.
 */
export async function flagBookingsOn(
  trx: Transaction<Database>,
  change: ScheduleChangeRow,
  deps: { countryOf: CountryOf; now: Date },
): Promise<number> {
  const bookings = await lockSandboxBookingsOn(trx, {
    flight: change.flight,
    departureDate: change.departure_date,
    madeBefore: change.source === 'airline' ? change.published_at : null,
  });
  let flagged = 0;
  for (const booking of bookings) {
    const changed = new Map<number, NewTimes>();
    // The flight on its flight-day: by its number, and by its date when the trip flies it twice (a
    // flight moved before may leave on another local date than its flight-day).
    const same = tripFlights(booking.itinerary).filter(
      (flight) => designatorOf(flight.segment) === change.flight,
    );
    const onDay =
      same.length > 1
        ? same.filter((flight) => flight.segment.DepartureDateTime.slice(0, 10) === change.departure_date)
        : same;
    for (const flight of onDay) {
      // The change's own times are the schedule's (absolute): a flight moved before moves from its
      // scheduled time, not again from the booking's.
      changed.set(
        flight.index,
        change.kind === 'cancelled' || !change.after_departs_at || !change.after_arrives_at
          ? null
          : { departsAt: change.after_departs_at, arrivesAt: change.after_arrives_at },
      );
    }
    if (
      await flagBooking(trx, {
        change,
        booking,
        changed,
        countryOf: deps.countryOf,
        now: deps.now,
        minutes: change.minutes,
      })
    )
      flagged++;
  }
  await markChangeApplied(trx, change.id, deps.now);
  return flagged;
}

/**
 * For a remote supplier (Duffel's airline-initiated changes, issue 32): records a change the
 * airline reported for one booking and flags it, in the caller's transaction (the booking locked by
 * it). `flights` names the booking's flights the change touches (0-based positions across the
 * trip) with their new local times, or null when the airline cancelled the flight. Answers the
 * schedule change's id, or null when this supplier change was recorded already.
 */
export async function recordBookingScheduleChange(
  trx: Transaction<Database>,
  input: {
    booking: BookingRow;
    supplier: string;
    /** The supplier's own id of the change (Duffel's `aic_…`): recorded once. */
    supplierChangeId: string;
    flights: ReadonlyMap<number, NewTimes>;
    countryOf: CountryOf;
    publishedAt: Date;
    now: Date;
  },
): Promise<string | null> {
  const flights = tripFlights(input.booking.itinerary);
  const first = flights.find((flight) => input.flights.has(flight.index));
  if (!first) return null;
  const next = input.flights.get(first.index) ?? null;
  const minutes = next
    ? Math.round(
        (Date.parse(`${next.departsAt}Z`) - Date.parse(`${first.segment.DepartureDateTime}Z`)) / 60_000,
      )
    : 0;
  const change = await insertScheduleChange(trx, {
    flight: designatorOf(first.segment),
    departureDate: first.segment.DepartureDateTime.slice(0, 10),
    kind: next && minutes !== 0 ? 'retimed' : 'cancelled',
    minutes,
    origin: first.segment.DepartureAirport.LocationCode,
    destination: first.segment.ArrivalAirport.LocationCode,
    before: { departsAt: first.segment.DepartureDateTime, arrivesAt: first.segment.ArrivalDateTime },
    source: 'airline',
    supplier: input.supplier,
    supplierChangeId: input.supplierChangeId,
    publishedAt: input.publishedAt,
  });
  if (!change) return null;
  await flagBooking(trx, {
    change,
    booking: input.booking,
    changed: input.flights,
    countryOf: input.countryOf,
    now: input.now,
    minutes,
  });
  await markChangeApplied(trx, change.id, input.now);
  return change.id;
}

export type { Db };
