import type { PricedItinerary } from '@skydesk/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock.js';
import { inventoryFromMap, type SeatInventory, seatKey } from '../../supplier/inventory.js';
import type { FlightSearchRequest, FlightShopping } from '../../supplier/port.js';
import { createSandboxSupplier, sharedTimetable } from '../../supplier/sandbox/index.js';
import { plainOf, type SearchOutcome } from '../../supplier/search-outcome.js';
import { inThreadRunner, type SearchRunner } from '../../supplier/search-runner.js';
import { withSearchCache } from './search-cache.js';

const clock = createManualClock();
const sold = new Map<string, number>();
let inventoryReads = 0;
const mapInventory = inventoryFromMap(sold);
const inventory: SeatInventory = {
  soldSeats: (queries) => {
    inventoryReads += 1;
    return mapInventory.soldSeats(queries);
  },
};
let sandbox: FlightShopping;
let searches = 0;

beforeAll(async () => {
  const real = await createSandboxSupplier({
    offerKey: 'cache-test-key',
    clock,
    inventory,
    timetable: await sharedTimetable(),
  });
  // The real sandbox, counting how often it is really asked.
  sandbox = {
    ...real,
    search: (request) => {
      searches += 1;
      return real.search(request);
    },
  };
});

beforeEach(() => {
  clock.set(new Date('2026-11-22T12:00:00Z'));
  sold.clear();
  searches = 0;
  inventoryReads = 0;
});

const request = (overrides: Partial<FlightSearchRequest> = {}): FlightSearchRequest => ({
  tripType: 'OneWay',
  legs: [{ origin: 'LHR', destination: 'JFK', departureDate: '2026-12-01' }],
  passengers: { adults: 1, children: 0, infants: 0 },
  cabin: 'Economy',
  maxStops: 1,
  preferredAirlines: [],
  ...overrides,
});

const cached = (ttlMs = 60_000, maxItineraries = 10_000) =>
  withSearchCache(inThreadRunner(sandbox), { ttlMs, maxItineraries, clock, inventory });
const search = (runner: SearchRunner, overrides: Partial<FlightSearchRequest> = {}) =>
  runner.search(request(overrides), { gzip: false });
/** The itineraries of an encoded answer (its JSON closes after the search id). */
const itinerariesOf = (outcome: SearchOutcome) =>
  JSON.parse(`${plainOf(outcome.answer).toString()}}}`).data.PricedItineraries
    .PricedItinerary as PricedItinerary[];

describe('the search cache', () => {
  it('answers an identical search from the cache, with the same itineraries', async () => {
    const supplier = cached();
    const first = await search(supplier);
    const second = await search(supplier, { preferredAirlines: [] });
    expect(searches).toBe(1);
    expect(second).toBe(first);
    expect(first.count).toBeGreaterThan(0);
    expect(itinerariesOf(first)).toHaveLength(first.count);
  });

  it('keeps the seat counts the search priced with, and reads them once per reuse', async () => {
    const supplier = cached();
    await search(supplier);
    expect(inventoryReads).toBe(1);
    await search(supplier);
    expect(inventoryReads).toBe(2);
    expect(searches).toBe(1);
  });

  it('searches again for any other request', async () => {
    const supplier = cached();
    await search(supplier);
    await search(supplier, { passengers: { adults: 2, children: 0, infants: 0 } });
    await search(supplier, { cabin: 'Business' });
    await search(supplier, { maxStops: 0 });
    expect(searches).toBe(4);
  });

  it('searches again once the answer is older than its time to live', async () => {
    const supplier = cached(60_000);
    await search(supplier);
    clock.advance(59_999);
    await search(supplier);
    expect(searches).toBe(1);
    clock.advance(1);
    await search(supplier);
    expect(searches).toBe(2);
  });

  it('searches again when a seat was sold on a flight the answer shows, and shows it', async () => {
    const supplier = cached();
    const first = await search(supplier);
    const segment =
      itinerariesOf(first)[0]!.AirItinerary.OriginDestinationOptions.OriginDestinationOption[0]!
        .FlightSegment[0]!;
    const flight = `${segment.MarketingAirline.Code}${segment.FlightNumber}`;
    sold.set(seatKey(flight, segment.DepartureDateTime.slice(0, 10), 'Economy'), 3);

    const again = await search(supplier);
    expect(searches).toBe(2);
    const same = itinerariesOf(again)
      .flatMap((itinerary) => itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption)
      .flatMap((option) => option.FlightSegment)
      .find(
        (s) =>
          s.FlightNumber === segment.FlightNumber &&
          s.MarketingAirline.Code === segment.MarketingAirline.Code,
      );
    expect(same?.SeatsRemaining).toBe(segment.SeatsRemaining - 3);
  });

  it('keeps the grouped answer apart from the flat one, and re-checks the seats its options show', async () => {
    const supplier = cached();
    const flat = await search(supplier);
    const grouped = await search(supplier, { view: 'itineraries' });
    expect(searches).toBe(2);
    expect(plainOf(grouped.answer).toString()).toContain('"view":"itineraries"');
    expect(await search(supplier, { view: 'itineraries' })).toBe(grouped);
    expect(await search(supplier)).toBe(flat);
    expect(searches).toBe(2);
    // The grouped answer shows the same flights: a seat sold on one makes it fresh.
    expect(grouped.seats).toEqual(flat.seats);
    const [seat] = grouped.seats;
    sold.set(seatKey(seat!.flight, seat!.date, seat!.cabin), 1);
    expect(await search(supplier, { view: 'itineraries' })).not.toBe(grouped);
    expect(searches).toBe(3);
  });

  it('keeps no more itineraries than allowed, dropping the least recently used answer', async () => {
    const supplier = cached(60_000, 1);
    await search(supplier);
    await search(supplier, { cabin: 'Business' });
    await search(supplier, { cabin: 'Business' });
    expect(searches).toBe(2);
    await search(supplier);
    expect(searches).toBe(3);
  });

  it('lets go of answers past their time to live when it stores another, not only when full', async () => {
    const supplier = cached(60_000, 10_000);
    const economy = (await search(supplier)).count;
    expect(supplier.heldItineraries()).toBe(economy);
    clock.set(new Date('2026-11-22T12:00:30Z'));
    const business = (await search(supplier, { cabin: 'Business' })).count;
    expect(supplier.heldItineraries()).toBe(economy + business);
    clock.set(new Date('2026-11-22T12:01:10Z'));
    const first = (await search(supplier, { cabin: 'First' })).count;
    // The economy answer is 70 s old and gone; the business one (40 s) stays.
    expect(supplier.heldItineraries()).toBe(business + first);
  });

  it('is off with a time to live of 0', async () => {
    const supplier = cached(0);
    await search(supplier);
    await search(supplier);
    expect(searches).toBe(2);
  });
});
