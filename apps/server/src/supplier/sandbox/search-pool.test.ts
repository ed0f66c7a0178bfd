import type { PricedItinerary } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../../platform/clock.js';
import { inventoryFromMap } from '../inventory.js';
import { type FlightSearchRequest, SupplierRequestError } from '../port.js';
import { plainOf } from '../search-outcome.js';
import { inThreadRunner, type SearchRunner } from '../search-runner.js';
import { sharedTimetable } from './index.js';
import { createSearchPool } from './search-pool.js';
import { createSandboxSupplier } from './shopping.js';

/** The embedded GDS on worker threads answers exactly as it does on the event loop. */

const offerKey = new Uint8Array(32).fill(7);
const clock = createManualClock(new Date('2026-11-22T12:00:00Z'));
const sold = new Map<string, number>();
const inventory = inventoryFromMap(sold);
let pool: SearchRunner;
let inThread: SearchRunner;

/** A pool on the sandbox's timetable; a worker stopping unexpectedly fails the test. */
async function poolOf(options: Partial<Parameters<typeof createSearchPool>[0]> = {}) {
  return createSearchPool({
    size: 2,
    setup: { timetable: (await sharedTimetable()).parts(), offerKey, currency: 'USD' },
    inventory,
    clock,
    onWorkerExit: (error) => {
      throw error;
    },
    ...options,
  });
}

beforeAll(async () => {
  const timetable = await sharedTimetable();
  pool = await poolOf();
  inThread = inThreadRunner(await createSandboxSupplier({ timetable, offerKey, clock, inventory }));
});
afterAll(() => pool.close());

const request = (overrides: Partial<FlightSearchRequest> = {}): FlightSearchRequest => ({
  tripType: 'OneWay',
  legs: [{ origin: 'LHR', destination: 'JFK', departureDate: '2026-12-01' }],
  passengers: { adults: 2, children: 1, infants: 1 },
  cabin: 'Economy',
  maxStops: 1,
  preferredAirlines: [],
  ...overrides,
});

describe('searches on worker threads', () => {
  it('answer byte for byte what the event loop answers, gzip included, with the seats priced', async () => {
    const returnTrip = request({
      tripType: 'Return',
      legs: [
        { origin: 'LHR', destination: 'JFK', departureDate: '2026-12-01' },
        { origin: 'JFK', destination: 'LHR', departureDate: '2026-12-08' },
      ],
    });
    // The grouped answer too (issue 16): its option ids are signed with the same key.
    const searches = [request(), returnTrip, { ...returnTrip, view: 'itineraries' as const }];
    for (const search of searches) {
      const [threaded, local] = await Promise.all([
        pool.search(search, { gzip: true }),
        inThread.search(search, { gzip: true }),
      ]);
      expect(threaded.count).toBeGreaterThan(0);
      expect(threaded.answer.plain).toBeUndefined();
      expect(threaded.answer.gzip?.bytes.equals(local.answer.gzip!.bytes)).toBe(true);
      expect(plainOf(threaded.answer).equals(plainOf(local.answer))).toBe(true);
      expect({ ...threaded, answer: null }).toEqual({ ...local, answer: null });
    }
  });

  it('give the lowest fare alone as the event loop does, and as the whole search would', async () => {
    const search = request({
      tripType: 'Return',
      legs: [
        { origin: 'LHR', destination: 'JFK', departureDate: '2026-12-01' },
        { origin: 'JFK', destination: 'LHR', departureDate: '2026-12-08' },
      ],
    });
    const [threaded, local, whole] = await Promise.all([
      pool.lowestFare(search),
      inThread.lowestFare(search),
      pool.search(search, { gzip: false }),
    ]);
    expect(threaded).not.toBeNull();
    expect(threaded).toEqual(local);
    const totals = JSON.parse(
      `${plainOf(whole.answer).toString()}}}`,
    ).data.PricedItineraries.PricedItinerary.map(
      (itinerary: PricedItinerary) => itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount,
    );
    expect(threaded?.Amount).toBe(Math.min(...totals));
    await expect(
      pool.lowestFare(
        request({ legs: [{ origin: 'LHR', destination: 'XXX', departureDate: '2026-12-01' }] }),
      ),
    ).rejects.toMatchObject({ field: 'origin_destinations.0.destination_location_code' });
  });

  it('price with the seats sold that the event loop reads, at the time of its clock', async () => {
    const before = await pool.search(request(), { gzip: false });
    const first = before.seats[0]!;
    sold.set(`${first.flight}/${first.date}/${first.cabin}`, 5);
    clock.advance(60_000);
    const after = await pool.search(request(), { gzip: false });
    sold.clear();
    expect(after.sold?.[after.seats.findIndex((seat) => seat.flight === first.flight)]).toBe(5);
    const expires = JSON.parse(`${plainOf(after.answer).toString()}}}`).data.PricedItineraries
      .PricedItinerary[0].offer_expires_at;
    expect(expires).toBe(new Date(clock.now().getTime() + 30 * 60_000).toISOString());
  });

  it('refuse a search the supplier cannot run, naming the field', async () => {
    const refused = pool.search(
      request({ legs: [{ origin: 'LHR', destination: 'XXX', departureDate: '2026-12-01' }] }),
      { gzip: false },
    );
    await expect(refused).rejects.toBeInstanceOf(SupplierRequestError);
    await expect(refused).rejects.toMatchObject({ field: 'origin_destinations.0.destination_location_code' });
  });

  it('share the work between the workers', async () => {
    const days = Array.from({ length: 8 }, (_, i) => `2026-12-${String(10 + i).padStart(2, '0')}`);
    const outcomes = await Promise.all(
      days.map((day) =>
        pool.search(request({ legs: [{ origin: 'CDG', destination: 'FRA', departureDate: day }] }), {
          gzip: false,
        }),
      ),
    );
    expect(outcomes.every((outcome) => outcome.count > 0)).toBe(true);
  });
});

describe('the workers of an idle portal', () => {
  it('start with the first search, stop after a quiet spell (never under a search), and start again', async () => {
    let openSeats: () => void = () => {};
    const seatsHeld = new Promise<void>((resolve) => {
      openSeats = resolve;
    });
    const idle = await poolOf({
      // The seats sold wait until the test lets them go: a search longer than the quiet spell.
      inventory: {
        soldSeats: async (queries) => {
          await seatsHeld;
          return inventory.soldSeats(queries);
        },
      },
      idleStopMs: 200,
    });
    try {
      expect(idle.running()).toBe(0);
      const long = idle.search(request(), { gzip: false });
      expect(idle.running()).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(idle.running()).toBe(2);
      openSeats();
      const first = await long;
      await vi.waitFor(() => expect(idle.running()).toBe(0), { timeout: 5_000 });

      const again = await idle.search(request(), { gzip: false });
      expect(idle.running()).toBe(2);
      expect(plainOf(again.answer).equals(plainOf(first.answer))).toBe(true);
    } finally {
      await idle.close();
    }
  });

  it('start when a search form opens, before its search', async () => {
    const warmed = await poolOf({ size: 1 });
    try {
      warmed.warm();
      expect(warmed.running()).toBe(1);
      expect((await warmed.search(request(), { gzip: false })).count).toBeGreaterThan(0);
      expect(warmed.running()).toBe(1);
    } finally {
      await warmed.close();
    }
  });
});
