import type { LegOption, PricedItinerary } from '@skydesk/contract';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../platform/clock.js';
import { createCircuitBreaker } from './circuit-breaker.js';
import type { FlightSearchAnswer, FlightSearchRequest, FlightSupplier, GroupedAnswer } from './port.js';
import { SupplierRequestError } from './port.js';
import { SupplierCallError } from './remote-orders.js';
import { NO_PLATFORM_RULES } from './remote-pricing.js';
import { decodeOutcome } from './search-outcome.js';
import { inThreadRunner } from './search-runner.js';
import { createSupplierHealth } from './supplier-health.js';
import { composeSuppliers, mergeGrouped, mergeItineraries, type RemoteSupplier } from './supplier-set.js';
import type { SupplierPolicy } from './supplier-settings.js';

/** A one-segment-per-leg itinerary: flights 'BA117@2026-12-20T08:00', total in USD. */
function itinerary(
  flights: string[],
  total: number,
  offerId = `o-${flights.join('-')}-${total}`,
): PricedItinerary {
  const money = (amount: number) => ({ Amount: amount, CurrencyCode: 'USD' });
  return {
    SequenceNumber: 99,
    offer_id: offerId,
    offer_expires_at: '2026-11-22T12:30:00.000Z',
    ValidatingCarrier: flights[0]!.slice(0, 2),
    AirItinerary: {
      DirectionInd: flights.length === 1 ? 'OneWay' : 'Return',
      OriginDestinationOptions: {
        OriginDestinationOption: flights.map((flight) => {
          const [designator, at] = flight.split('@');
          return {
            ElapsedTime: 400,
            FlightSegment: [
              {
                DepartureAirport: { LocationCode: 'LHR', Terminal: null },
                ArrivalAirport: { LocationCode: 'JFK', Terminal: null },
                DepartureDateTime: `${at}:00`,
                ArrivalDateTime: `${at}:00`,
                DepartureUTCOffset: '+00:00',
                ArrivalUTCOffset: '-05:00',
                FlightNumber: designator!.slice(2),
                MarketingAirline: { Code: designator!.slice(0, 2), Name: 'Airline' },
                OperatingAirline: { Code: designator!.slice(0, 2), Name: 'Airline' },
                Equipment: { AirEquipType: '789' },
                ResBookDesigCode: 'Y',
                CabinClass: 'Economy',
                ElapsedTime: 400,
                StopQuantity: 0,
                SeatsRemaining: 9,
              },
            ],
          };
        }),
      },
    },
    AirItineraryPricingInfo: {
      ItinTotalFare: { BaseFare: money(total), Taxes: { Total: money(0) }, TotalFare: money(total) },
      PTC_FareBreakdowns: {
        PTC_FareBreakdown: [
          {
            PassengerTypeQuantity: { Code: 'ADT', Quantity: 1 },
            PassengerFare: { BaseFare: money(total), Taxes: money(0), TotalFare: money(total) },
          },
        ],
      },
      FareInfos: [
        { FareBasisCode: 'Y', BrandName: 'Basic', Baggage: { Pieces: 0, WeightKg: 0 }, SegmentRef: 1 },
      ],
      Refundable: false,
      Penalties: { Cancel: money(0), Change: money(0) },
    },
    FareFamilies: [],
  };
}

const REQUEST: FlightSearchRequest = {
  tripType: 'OneWay',
  legs: [{ origin: 'LHR', destination: 'JFK', departureDate: '2026-12-20' }],
  passengers: { adults: 1, children: 0, infants: 0 },
  cabin: 'Economy',
  maxStops: 1,
  preferredAirlines: [],
};

const policy = (enabled: Record<string, boolean> = {}): SupplierPolicy => ({
  setting: async (code) => ({ code, enabled: enabled[code] ?? true }),
  rate: async () => 1,
  platformRules: async () => NO_PLATFORM_RULES,
  invalidate: () => {},
});

function localSupplier(answer: () => Promise<FlightSearchAnswer>): FlightSupplier {
  return {
    routes: async () => ({ Routes: [], Airports: [] }),
    search: answer,
    price: async () => ({ status: 'invalid', message: 'local' }),
    bookings: { hold: async () => {}, release: async () => {}, ticketNumber: () => '0' },
  };
}

function remote(search: () => Promise<FlightSearchAnswer>): RemoteSupplier {
  const clock = createManualClock();
  return {
    code: 'duffel',
    shopping: {
      routes: async () => ({ Routes: [], Airports: [] }),
      search,
      price: async () => ({ status: 'invalid', message: 'remote' }),
    },
    health: createSupplierHealth({ clock }),
    breaker: createCircuitBreaker({ clock }),
    ownsOfferId: (id) => id.startsWith('d1.'),
    ownsOptionId: (id) => id.includes('.d1.'),
  };
}

const compose = (
  local: FlightSupplier,
  remotes: RemoteSupplier[],
  options: { deadlineMs?: number; enabled?: Record<string, boolean> } = {},
) => {
  const runner = inThreadRunner(local);
  return composeSuppliers({
    local: { supplier: local, runner },
    remotes,
    policy: policy(options.enabled),
    deadlineMs: options.deadlineMs ?? 200,
  });
};

const searchOf = async (set: ReturnType<typeof compose>) =>
  decodeOutcome(await set.runner.search(REQUEST, { gzip: false }));
const missingOf = async (set: ReturnType<typeof compose>) => {
  const outcome = await set.runner.search(REQUEST, { gzip: false });
  return JSON.parse(`${outcome.answer.plain!.toString()}}}`).data.missing_suppliers as string[];
};

describe('the supplier set', () => {
  it('is the sandbox itself when no remote supplier is configured (npm start as before)', () => {
    const local = localSupplier(async () => ({ itineraries: [] }));
    const runner = inThreadRunner(local);
    const set = composeSuppliers({
      local: { supplier: local, runner },
      remotes: [],
      policy: policy(),
      deadlineMs: 100,
    });
    expect(set.supplier).toBe(local);
    expect(set.runner).toBe(runner);
  });

  it('merges both answers, the same flights once at the better price, cheapest first and renumbered', async () => {
    const local = localSupplier(async () => ({
      itineraries: [itinerary(['BA117@2026-12-20T08:00'], 500), itinerary(['AA100@2026-12-20T09:00'], 450)],
    }));
    const duffel = remote(async () => ({
      itineraries: [
        itinerary(['BA117@2026-12-20T08:00'], 480, 'd1.ba'),
        itinerary(['AA100@2026-12-20T09:00'], 470, 'd1.aa'),
        itinerary(['ZZ117@2026-12-20T07:00'], 300, 'd1.zz'),
      ],
      expiresAt: Date.parse('2026-11-22T12:20:00Z'),
    }));
    const set = compose(local, [duffel]);
    const answer = await searchOf(set);
    expect(answer.itineraries.map((i) => [i.offer_id, i.SequenceNumber])).toEqual([
      ['d1.zz', 1],
      ['o-AA100@2026-12-20T09:00-450', 2],
      ['d1.ba', 3],
    ]);
    const outcome = await set.runner.search(REQUEST, { gzip: false });
    expect(outcome.expiresAt).toBe(Date.parse('2026-11-22T12:20:00Z'));
    expect(outcome.missingSuppliers).toBeUndefined();
  });

  it('keeps the sandbox’s on equal totals', () => {
    const merged = mergeItineraries([
      [itinerary(['BA117@2026-12-20T08:00'], 500, 'local')],
      [itinerary(['BA117@2026-12-20T08:00'], 500, 'd1.remote')],
    ]);
    expect(merged.map((i) => i.offer_id)).toEqual(['local']);
  });

  it('names a remote supplier that fails, is late or paused, and answers with the others', async () => {
    const local = localSupplier(async () => ({ itineraries: [itinerary(['BA117@2026-12-20T08:00'], 500)] }));
    const failing = remote(async () => {
      throw new SupplierCallError('unavailable', 'down');
    });
    expect(await missingOf(compose(local, [failing]))).toEqual(['duffel']);
    const late = remote(() => new Promise(() => {}));
    expect(await missingOf(compose(local, [late], { deadlineMs: 50 }))).toEqual(['duffel']);
    const crashing = remote(async () => {
      throw new TypeError('a bug');
    });
    expect(await missingOf(compose(local, [crashing]))).toEqual(['duffel']);
    // A refusal of the request is an answer (nothing for it), not a missing supplier.
    const refusing = remote(async () => {
      throw new SupplierCallError('refused', 'unknown airport');
    });
    expect(await missingOf(compose(local, [refusing]))).toEqual([]);
  });

  it('neither asks nor misses a supplier the operator turned off; with every remote off, the sandbox answers alone', async () => {
    let asked = 0;
    const duffel = remote(async () => {
      asked += 1;
      return { itineraries: [] };
    });
    const local = localSupplier(async () => ({ itineraries: [itinerary(['BA117@2026-12-20T08:00'], 500)] }));
    expect(await missingOf(compose(local, [duffel], { enabled: { duffel: false } }))).toEqual([]);
    expect(asked).toBe(0);
    const remoteOnly = await searchOf(
      compose(
        local,
        [remote(async () => ({ itineraries: [itinerary(['ZZ1@2026-12-20T07:00'], 1, 'd1.z')] }))],
        { enabled: { sandbox: false } },
      ),
    );
    expect(remoteOnly.itineraries.map((i) => i.offer_id)).toEqual(['d1.z']);
  });

  it('answers with a remote supplier’s flights where the sandbox does not know the airport', async () => {
    const local = localSupplier(async () => {
      throw new SupplierRequestError('origin_destinations.0.origin_location_code', 'Unknown airport XYZ');
    });
    const found = remote(async () => ({ itineraries: [itinerary(['ZZ1@2026-12-20T07:00'], 100, 'd1.z')] }));
    expect((await searchOf(compose(local, [found]))).itineraries).toHaveLength(1);
    const none = remote(async () => ({ itineraries: [] }));
    await expect(compose(local, [none]).runner.search(REQUEST, { gzip: false })).rejects.toBeInstanceOf(
      SupplierRequestError,
    );
  });

  it('sends an offer or an option to the supplier whose id it is, and refuses options of two', async () => {
    const local = localSupplier(async () => ({ itineraries: [] }));
    local.priceSelection = async () => ({ status: 'invalid', field: 'x', message: 'local' });
    const duffel = remote(async () => ({ itineraries: [] }));
    duffel.shopping.priceSelection = async () => ({ status: 'invalid', field: 'x', message: 'remote' });
    const set = compose(local, [duffel]);
    expect(await set.supplier.price('d1.abc')).toMatchObject({ message: 'remote' });
    expect(await set.supplier.price('o1.abc')).toMatchObject({ message: 'local' });
    const selection = (optionIds: string[]) => ({ request: REQUEST, optionIds, brand: 'Basic' as const });
    expect(await set.supplier.priceSelection!(selection(['ZZ1.d1.a', 'ZZ2.d1.b']))).toMatchObject({
      message: 'remote',
    });
    expect(await set.supplier.priceSelection!(selection(['BA1.t.s', 'BA2.t.s']))).toMatchObject({
      message: 'local',
    });
    expect(await set.supplier.priceSelection!(selection(['BA1.t.s', 'ZZ2.d1.b']))).toMatchObject({
      status: 'invalid',
      field: 'option_ids.1',
    });
  });
});

// ── the grouped answer ──────────────────────────────────────────────────────────────────────

function option(id: string, flight: string, at: string, total: number): LegOption {
  return {
    id,
    elapsed_time: 400,
    segments: [
      {
        flight_number: flight.slice(2),
        marketing: flight.slice(0, 2),
        operating: flight.slice(0, 2),
        equipment: '789',
        departure: { airport: 'LHR', terminal: null, at: `${at}:00`, utc_offset: '+00:00' },
        arrival: { airport: 'JFK', terminal: null, at: `${at}:00`, utc_offset: '-05:00' },
        elapsed_time: 400,
        stops: 0,
        seats_remaining: 9,
      },
    ],
    brands: [],
    cheapest_total: total,
  };
}

function grouped(legs: LegOption[][], combinations: GroupedAnswer['combinations'] = []): GroupedAnswer {
  return {
    view: 'itineraries',
    currency: 'USD',
    trip_type: legs.length === 1 ? 'OneWay' : 'Return',
    cabin: 'Economy',
    passengers: { adults: 1, children: 0, infants: 0 },
    reference: {
      airports: { LHR: { name: 'Heathrow', city: 'London', country_code: 'GB', time_zone: 'Europe/London' } },
      airlines: {},
      equipment: {},
    },
    legs: legs.map((options) => ({ origin: 'LHR', destination: 'JFK', date: '2026-12-20', options })),
    combinations,
  };
}

describe('merging grouped answers', () => {
  it('keeps one option per flights of a one-way answer, at the better total', () => {
    const merged = mergeGrouped([
      {
        answer: grouped([
          [option('a', 'BA117', '2026-12-20T08:00', 500), option('b', 'AA100', '2026-12-20T09:00', 400)],
        ]),
        trips: 2,
      },
      {
        answer: grouped([
          [
            option('x.d1.1', 'BA117', '2026-12-20T08:00', 450),
            option('y.d1.2', 'AA100', '2026-12-20T09:00', 420),
            option('z.d1.3', 'ZZ1', '2026-12-20T07:00', 300),
          ],
        ]),
        trips: 3,
      },
    ]);
    expect(merged.answer.legs[0]!.options.map((o) => o.id)).toEqual(['z.d1.3', 'b', 'x.d1.1']);
    expect(merged.trips).toBe(3);
    expect(merged.answer.reference.airports.LHR?.name).toBe('Heathrow');
  });

  it('keeps one pair per flights of a return answer, dropping the dearer and the options no pair flies', () => {
    const local = grouped(
      [
        [option('out1', 'BA117', '2026-12-20T08:00', 900), option('out2', 'AA100', '2026-12-20T09:00', 950)],
        [option('in1', 'BA118', '2026-12-27T18:00', 900), option('in2', 'AA101', '2026-12-27T19:00', 950)],
      ],
      [
        {
          out1: [
            ['in1', 900],
            ['in2', 1000],
          ],
          out2: [['in2', 950]],
        },
      ],
    );
    const remoteAnswer = grouped(
      [
        [
          option('ro1.d1.a', 'BA117', '2026-12-20T08:00', 800),
          option('ro2.d1.b', 'AA100', '2026-12-20T09:00', 990),
        ],
        [
          option('ri1.d1.a', 'BA118', '2026-12-27T18:00', 800),
          option('ri2.d1.b', 'AA101', '2026-12-27T19:00', 990),
        ],
      ],
      [{ 'ro1.d1.a': [['ri1.d1.a', 800]], 'ro2.d1.b': [['ri2.d1.b', 990]] }],
    );
    const { answer, trips } = mergeGrouped([
      { answer: local, trips: 3 },
      { answer: remoteAnswer, trips: 2 },
    ]);
    // BA117+BA118: the remote's 800 beats 900 — the local pair goes, out1 keeps its other pair.
    // AA100+AA101: the local's 950 beats 990 — the remote journey goes with its options.
    expect(answer.combinations[0]).toEqual({
      out1: [['in2', 1000]],
      out2: [['in2', 950]],
      'ro1.d1.a': [['ri1.d1.a', 800]],
    });
    expect(answer.legs[0]!.options.map((o) => [o.id, o.cheapest_total])).toEqual([
      ['ro1.d1.a', 800],
      ['out2', 950],
      ['out1', 1000],
    ]);
    expect(answer.legs[1]!.options.map((o) => o.id)).toEqual(['ri1.d1.a', 'in2']);
    expect(trips).toBe(3);
  });
});
