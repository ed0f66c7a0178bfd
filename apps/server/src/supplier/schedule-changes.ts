/**
 * Issue 32: a supplier whose airlines publish schedule changes SkyDesk reads (the sandbox's): a
 * flight of one day moved or cancelled. The bookings module's sweep asks it about the flights its
 * bookings fly, and tells it of an operator's change so its searches show it too.
 */

export type ScheduleChangeKind = 'retimed' | 'cancelled';

/** A flight of one day as the timetable flies it; times airport-local 'YYYY-MM-DDTHH:mm:ss'. */
export type ScheduledFlightDay = {
  flight: string;
  origin: string;
  destination: string;
  departsAt: string;
  arrivesAt: string;
  /** The same instants in UTC. */
  departsAtUtc: Date;
  arrivesAtUtc: Date;
};

/** What the airline published: `minutes` the flight moves (later when positive), 0 when cancelled. */
export type PublishedScheduleChange = {
  kind: ScheduleChangeKind;
  minutes: number;
  publishedAt: Date;
};

export type SupplierScheduleChanges = {
  /** The flight on that local date as scheduled before any change, or null when it does not fly then. */
  flightDay(flight: string, date: string): ScheduledFlightDay | null;
  /** The airline's own change of that flight-day, once published by `now`; null otherwise. */
  airlineChange(flight: string, date: string, now: Date): PublishedScheduleChange | null;
  /** An operator's change (or a change read back at start): searches show it from now on. */
  publish(change: { flight: string; date: string; kind: ScheduleChangeKind; minutes: number }): void;
};
