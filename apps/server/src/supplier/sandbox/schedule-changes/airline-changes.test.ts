import { beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../../platform/clock.js';
import { inventoryFromMap } from '../../inventory.js';
import type { FlightSearchRequest } from '../../port.js';
import { plainOf } from '../../search-outcome.js';
import { sharedTimetable } from '../index.js';
import { createSearchPool } from '../search-pool.js';
import { createSandboxSupplier, type SandboxSupplier } from '../shopping.js';
import type { Timetable } from '../timetable.js';
import { airlineChangeOfFlight, CHANGED_SHARE, createSandboxScheduleChanges } from './airline-changes.js';

/**
 * Issue 32: the sandbox airlines publish schedule changes — a reproducible share of flight-days
 * (the same flights on every run, from the network seed), each published 7 to 60 days before the
 * flight — and the sandbox's searches and pricing show a moved flight at its new times and sell no
 * cancelled one.
 */

const SEED = 20_261_122;
const DAY = 1440;
const NOW = new Date('2026-11-22T12:00:00Z');

let timetable: Timetable;

beforeAll(async () => {
  timetable = await sharedTimetable();
});

describe('the sandbox airlines publishing schedule changes', () => {
  it('changes the same flight-days on every run, about one in fifty, published 7 to 60 days before', () => {
    const startDay = Math.floor(Date.UTC(2026, 11, 1) / 60_000 / DAY);
    const draws: string[] = [];
    let flightDays = 0;
    const kinds = new Set<string>();
    for (let flight = 0; flight < timetable.flightCount; flight += 7) {
      for (let day = startDay; day < startDay + 14; day++) {
        if (!timetable.operatesOn(flight, day)) continue;
        flightDays++;
        const departure = day * DAY + timetable.flightDeparture[flight]!;
        const change = airlineChangeOfFlight(timetable, SEED, flight, departure);
        if (!change) continue;
        kinds.add(change.kind);
        const daysBefore = (departure - change.publishedAtMinute) / DAY;
        expect(daysBefore).toBeGreaterThanOrEqual(6);
        expect(daysBefore).toBeLessThanOrEqual(60);
        if (change.kind === 'retimed') {
          expect(Math.abs(change.minutes)).toBeGreaterThanOrEqual(30);
          expect(Math.abs(change.minutes)).toBeLessThanOrEqual(360);
        } else expect(change.minutes).toBe(0);
        draws.push(
          `${timetable.designator(flight)} ${day} ${change.kind} ${change.minutes} ${change.publishedAtMinute}`,
        );
      }
    }
    expect(kinds).toEqual(new Set(['retimed', 'cancelled']));
    const share = draws.length / flightDays;
    expect(share).toBeGreaterThan(CHANGED_SHARE * 0.7);
    expect(share).toBeLessThan(CHANGED_SHARE * 1.3);
    // The same draws again (a second run, a fresh object over the same seed).
    const again = createSandboxScheduleChanges(timetable, SEED);
    for (const draw of draws.slice(0, 50)) {
      const [designator, day, kind, minutes] = draw.split(' ');
      const flight = timetable.flightByDesignator(designator!)!;
      const departure = Number(day) * DAY + timetable.flightDeparture[flight]!;
      expect(again.changeAt(flight, departure, Number.MAX_SAFE_INTEGER)).toMatchObject({
        kind,
        minutes: Number(minutes),
      });
    }
    // Another seed, other flights.
    const other = draws.filter((draw) => {
      const [designator, day] = draw.split(' ');
      const flight = timetable.flightByDesignator(designator!)!;
      return airlineChangeOfFlight(
        timetable,
        SEED + 1,
        flight,
        Number(day) * DAY + timetable.flightDeparture[flight]!,
      );
    });
    expect(other.length).toBeLessThan(draws.length / 5);
  });
});

describe("the sandbox's searches after a schedule change", () => {
  let supplier: SandboxSupplier;
  const clock = createManualClock(NOW);

  beforeAll(async () => {
    supplier = await createSandboxSupplier({ offerKey: 'test-offer-key', clock, timetable });
  });

  const search = (date: string) =>
    supplier.search({
      tripType: 'OneWay',
      legs: [{ origin: 'LHR', destination: 'JFK', departureDate: date }],
      passengers: { adults: 1, children: 0, infants: 0 },
      cabin: 'Economy',
      maxStops: 0,
      preferredAirlines: [],
    } satisfies FlightSearchRequest);

  const flightsOf = (answer: Awaited<ReturnType<typeof search>>) =>
    answer.itineraries.map((itinerary) => {
      const segment =
        itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption[0]!.FlightSegment[0]!;
      return {
        offerId: itinerary.offer_id,
        flight: `${segment.MarketingAirline.Code}${segment.FlightNumber}`,
        departs: segment.DepartureDateTime,
        arrives: segment.ArrivalDateTime,
      };
    });

  it('shows a moved flight at its new times, priced at them, and sells no cancelled one', async () => {
    const date = '2027-01-12';
    const before = flightsOf(await search(date));
    expect(before.length).toBeGreaterThanOrEqual(2);
    const [moved, cancelled] = before;
    supplier.scheduleChanges.publish({ flight: moved!.flight, date, kind: 'retimed', minutes: 95 });
    supplier.scheduleChanges.publish({ flight: cancelled!.flight, date, kind: 'cancelled', minutes: 0 });

    const after = flightsOf(await search(date));
    const shift = (local: string) =>
      new Date(Date.parse(`${local}Z`) + 95 * 60_000).toISOString().slice(0, 19);
    expect(after.find((row) => row.flight === moved!.flight)).toMatchObject({
      departs: shift(moved!.departs),
      arrives: shift(moved!.arrives),
    });
    expect(after.some((row) => row.flight === cancelled!.flight)).toBe(false);

    // An offer quoted before the change: the moved flight is priced at its new times, the
    // cancelled one is no longer sold.
    const priced = await supplier.price(moved!.offerId);
    expect(priced.status).toBe('priced');
    if (priced.status === 'priced') {
      const segment =
        priced.itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption[0]!.FlightSegment[0]!;
      expect(segment.DepartureDateTime).toBe(shift(moved!.departs));
      expect(priced.booking.segments[0]).toMatchObject({ date });
    }
    expect((await supplier.price(cancelled!.offerId)).status).toBe('invalid');
  });
  it("sends an operator's change to the search workers too", async () => {
    const date = '2027-01-13';
    const inThread = flightsOf(await search(date));
    const [moved] = inThread;
    supplier.scheduleChanges.publish({ flight: moved!.flight, date, kind: 'retimed', minutes: -50 });
    const pool = createSearchPool({
      size: 1,
      setup: {
        timetable: timetable.parts(),
        offerKey: new TextEncoder().encode('test-offer-key'),
        currency: 'USD',
      },
      inventory: inventoryFromMap(new Map()),
      clock,
      onWorkerExit: (error) => {
        throw error;
      },
      published: () => supplier.scheduleChanges.published(),
    });
    try {
      const outcome = await pool.search(
        {
          tripType: 'OneWay',
          legs: [{ origin: 'LHR', destination: 'JFK', departureDate: date }],
          passengers: { adults: 1, children: 0, infants: 0 },
          cabin: 'Economy',
          maxStops: 0,
          preferredAirlines: [],
        },
        { gzip: false },
      );
      // The answer's bytes as the portal sends them (a fragment of the envelope).
      const shown = plainOf(outcome.answer).toString('utf8');
      const shift = (local: string) =>
        new Date(Date.parse(`${local}Z`) - 50 * 60_000).toISOString().slice(0, 19);
      expect(shown).toContain(shift(moved!.departs));
    } finally {
      await pool.close();
    }
  });
});
