import type { PricedItinerary } from '@skydesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { gunzipHead } from '../platform/http/gzip-fragments.js';
import type { FlightSearchRequest } from './port.js';
import { createSandboxSupplier, type SandboxSupplier, sharedTimetable } from './sandbox/index.js';
import { decodeOutcome, gzipOf, outcomeOf, plainOf, searchMessage } from './search-outcome.js';

/** The answer as the search endpoint wrote it before legs were encoded once each. */
const stringified = (itineraries: readonly PricedItinerary[]) =>
  `{"status":true,"message":${JSON.stringify(searchMessage(itineraries.length))},"data":{"PricedItineraries":{"PricedItinerary":${JSON.stringify(itineraries)}},"missing_suppliers":[]`;

const now = new Date('2026-11-22T12:00:00Z');
let supplier: SandboxSupplier;

beforeAll(async () => {
  supplier = await createSandboxSupplier({ timetable: await sharedTimetable(), offerKey: 'test-key' });
});

const search = (legs: [string, string, string][]) =>
  supplier.searchAt(
    {
      tripType:
        legs.length === 1
          ? 'OneWay'
          : legs.length === 2 && legs[0]![0] === legs[1]![1]
            ? 'Return'
            : 'MultiCity',
      legs: legs.map(([origin, destination, departureDate]) => ({ origin, destination, departureDate })),
      passengers: { adults: 2, children: 1, infants: 1 },
      cabin: 'Economy',
      maxStops: 2,
      preferredAirlines: [],
    } satisfies FlightSearchRequest,
    now,
  );

describe('a search answer encoded for the wire', () => {
  it('is byte for byte what JSON.stringify writes, for one-way, return and multi-city trips', async () => {
    const trips: [string, string, string][][] = [
      [['LHR', 'JFK', '2026-12-01']],
      [
        ['LHR', 'JFK', '2026-12-01'],
        ['JFK', 'LHR', '2026-12-08'],
      ],
      [
        ['CDG', 'FRA', '2026-12-01'],
        ['FRA', 'MAD', '2026-12-03'],
        ['MAD', 'LIS', '2026-12-05'],
      ],
    ];
    for (const legs of trips) {
      const answer = await search(legs);
      expect(answer.itineraries.length).toBeGreaterThan(legs.length === 2 ? 100 : 0);
      const outcome = outcomeOf(answer, { gzip: false });
      expect(outcome.answer.plain!.toString()).toBe(stringified(answer.itineraries));
    }
  });

  it('writes names outside ASCII, and characters JSON must escape, as JSON.stringify does', async () => {
    const answer = await search([['LHR', 'JFK', '2026-12-01']]);
    const itineraries = structuredClone(answer.itineraries);
    const segment =
      itineraries[0]!.AirItinerary.OriginDestinationOptions.OriginDestinationOption[0]!.FlightSegment[0]!;
    segment.MarketingAirline.Name = 'Aerolíneas “Ñandú” \u2028 "quoted" \\ 🛫';
    itineraries[0]!.ValidatingCarrier = 'Ü"';
    const outcome = outcomeOf({ itineraries }, { gzip: false });
    expect(outcome.answer.plain!.equals(Buffer.from(stringified(itineraries)))).toBe(true);
  });

  it('is sent as the form its client takes, the other made from it when first asked for', async () => {
    const answer = await search([
      ['LHR', 'JFK', '2026-12-01'],
      ['JFK', 'LHR', '2026-12-08'],
    ]);
    const expected = Buffer.from(stringified(answer.itineraries));
    const zipped = outcomeOf(answer, { gzip: true }).answer;
    expect(zipped.plain).toBeUndefined();
    expect(gunzipHead(zipped.gzip!).equals(expected)).toBe(true);
    expect(zipped.gzip!.bytes.length).toBeLessThan(expected.length / 5);
    expect(plainOf(zipped).equals(expected)).toBe(true);
    expect(plainOf(zipped)).toBe(plainOf(zipped));

    const plain = outcomeOf(answer, { gzip: false }).answer;
    expect(plain.gzip).toBeUndefined();
    expect(gunzipHead(gzipOf(plain)).equals(expected)).toBe(true);
    expect(gzipOf(plain)).toBe(gzipOf(plain));
  });
});

describe('an encoded answer read back and merged (issue 29)', () => {
  it('reads back the itineraries, the grouped answer and the seats the sandbox priced with', async () => {
    const answer = await search([['LHR', 'JFK', '2026-12-01']]);
    const outcome = outcomeOf(answer, { gzip: true });
    const decoded = decodeOutcome(outcome);
    expect(decoded.itineraries).toEqual(answer.itineraries);
    expect(decoded.seatsRead).toEqual(
      outcome.sold ? { seats: outcome.seats, sold: outcome.sold } : undefined,
    );
  });

  it('names the missing suppliers, and writes a remote offer’s ticketing', async () => {
    const answer = await search([['LHR', 'JFK', '2026-12-01']]);
    const itineraries = structuredClone(answer.itineraries.slice(0, 2));
    itineraries[1]!.ticketing = 'instant';
    const outcome = outcomeOf({ itineraries, missingSuppliers: ['duffel'], expiresAt: 1 }, { gzip: false });
    const json = JSON.parse(`${outcome.answer.plain!.toString()}}}`);
    expect(json.data.missing_suppliers).toEqual(['duffel']);
    expect(json.data.PricedItineraries.PricedItinerary[1].ticketing).toBe('instant');
    expect(outcome).toMatchObject({ missingSuppliers: ['duffel'], expiresAt: 1 });
    expect(decodeOutcome(outcome).itineraries).toEqual(itineraries);
  });
});
