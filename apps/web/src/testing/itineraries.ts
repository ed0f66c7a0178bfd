import type {
  ActiveRoutes,
  FareBrand,
  FareFamily,
  FlightSegment,
  GroupedSearchResult,
  LegBrand,
  LegOption,
  PricedItinerary,
} from '@skydesk/contract';

type SegmentSpec = {
  from: string;
  to: string;
  /** Airport-local 'YYYY-MM-DDTHH:mm'. */
  departs: string;
  arrives: string;
  fromOffset: string;
  toOffset: string;
  airline: [code: string, name: string];
  flight: string;
  minutes: number;
  seats?: number;
  terminals?: [string | null, string | null];
};

const segment = (spec: SegmentSpec): FlightSegment => ({
  DepartureAirport: { LocationCode: spec.from, Terminal: spec.terminals?.[0] ?? null },
  ArrivalAirport: { LocationCode: spec.to, Terminal: spec.terminals?.[1] ?? null },
  DepartureDateTime: `${spec.departs}:00`,
  ArrivalDateTime: `${spec.arrives}:00`,
  DepartureUTCOffset: spec.fromOffset,
  ArrivalUTCOffset: spec.toOffset,
  FlightNumber: spec.flight,
  MarketingAirline: { Code: spec.airline[0], Name: spec.airline[1] },
  OperatingAirline: { Code: spec.airline[0], Name: spec.airline[1] },
  Equipment: { AirEquipType: '77W' },
  ResBookDesigCode: 'Y',
  CabinClass: 'Economy',
  ElapsedTime: spec.minutes,
  StopQuantity: 0,
  SeatsRemaining: spec.seats ?? 42,
});

const usd = (Amount: number) => ({ Amount, CurrencyCode: 'USD' });

type ItinerarySpec = {
  sequence: number;
  carrier: string;
  legs: { minutes: number; segments: SegmentSpec[] }[];
  /** Per adult: base and taxes. */
  base: number;
  taxes: number;
  refundable?: boolean;
  brand?: 'Basic' | 'Standard' | 'Flex';
  bags?: number;
  /** The other brands of the same flights (issue 16). */
  fareFamilies?: FareFamily[];
};

/** A priced itinerary for one adult, shaped as the server sends it (docs/api.md#flights). */
export function makeItinerary(spec: ItinerarySpec): PricedItinerary {
  const total = Math.round((spec.base + spec.taxes) * 100) / 100;
  const segmentCount = spec.legs.reduce((n, leg) => n + leg.segments.length, 0);
  return {
    SequenceNumber: spec.sequence,
    offer_id: `offer-${spec.sequence}`,
    offer_expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
    ValidatingCarrier: spec.carrier,
    FareFamilies: spec.fareFamilies ?? [],
    AirItinerary: {
      DirectionInd: spec.legs.length === 2 ? 'Return' : 'OneWay',
      OriginDestinationOptions: {
        OriginDestinationOption: spec.legs.map((leg) => ({
          ElapsedTime: leg.minutes,
          FlightSegment: leg.segments.map(segment),
        })),
      },
    },
    AirItineraryPricingInfo: {
      ItinTotalFare: { BaseFare: usd(spec.base), Taxes: { Total: usd(spec.taxes) }, TotalFare: usd(total) },
      PTC_FareBreakdowns: {
        PTC_FareBreakdown: [
          {
            PassengerTypeQuantity: { Code: 'ADT', Quantity: 1 },
            PassengerFare: { BaseFare: usd(spec.base), Taxes: usd(spec.taxes), TotalFare: usd(total) },
          },
        ],
      },
      FareInfos: Array.from({ length: segmentCount }, (_, index) => ({
        FareBasisCode: `YLOW${spec.carrier}`,
        BrandName: spec.brand ?? 'Standard',
        Baggage: { Pieces: spec.bags ?? 1, WeightKg: spec.bags === 0 ? 0 : 23 },
        SegmentRef: index + 1,
      })),
      Refundable: spec.refundable ?? false,
      Penalties: { Cancel: usd(spec.refundable ? 150 : spec.base), Change: usd(75) },
    },
  };
}

const BA: [string, string] = ['BA', 'British Airways'];
const VS: [string, string] = ['VS', 'Virgin Atlantic'];
const AA: [string, string] = ['AA', 'American Airlines'];
const EI: [string, string] = ['EI', 'Aer Lingus'];

/** LHR → JFK on 2026-12-22: four realistic options. */
export const lhrJfk = {
  /** Nonstop BA morning, mid price. */
  baMorning: makeItinerary({
    sequence: 1,
    carrier: 'BA',
    base: 420,
    taxes: 190.5,
    legs: [
      {
        minutes: 475,
        segments: [
          {
            from: 'LHR',
            to: 'JFK',
            departs: '2026-12-22T09:35',
            arrives: '2026-12-22T12:30',
            fromOffset: '+00:00',
            toOffset: '-05:00',
            airline: BA,
            flight: '117',
            minutes: 475,
            terminals: ['5', '8'],
          },
        ],
      },
    ],
  }),
  /** Nonstop VS evening, the dearest, refundable Flex, 4 seats left. */
  vsEvening: makeItinerary({
    sequence: 2,
    carrier: 'VS',
    base: 780,
    taxes: 190.5,
    refundable: true,
    brand: 'Flex',
    bags: 2,
    legs: [
      {
        minutes: 490,
        segments: [
          {
            from: 'LHR',
            to: 'JFK',
            departs: '2026-12-22T18:20',
            arrives: '2026-12-22T21:30',
            fromOffset: '+00:00',
            toOffset: '-05:00',
            airline: VS,
            flight: '25',
            minutes: 490,
            seats: 4,
            terminals: ['3', '4'],
          },
        ],
      },
    ],
  }),
  /** One stop in Dublin, the cheapest and the slowest. */
  eiViaDublin: makeItinerary({
    sequence: 3,
    carrier: 'EI',
    base: 250,
    taxes: 140,
    brand: 'Basic',
    bags: 0,
    legs: [
      {
        minutes: 640,
        segments: [
          {
            from: 'LHR',
            to: 'DUB',
            departs: '2026-12-22T06:10',
            arrives: '2026-12-22T07:30',
            fromOffset: '+00:00',
            toOffset: '+00:00',
            airline: EI,
            flight: '151',
            minutes: 80,
          },
          {
            from: 'DUB',
            to: 'JFK',
            departs: '2026-12-22T10:40',
            arrives: '2026-12-22T12:50',
            fromOffset: '+00:00',
            toOffset: '-05:00',
            airline: EI,
            flight: '105',
            minutes: 430,
          },
        ],
      },
    ],
  }),
  /** Two stops, overnight: lands the next day. */
  aaOvernight: makeItinerary({
    sequence: 4,
    carrier: 'AA',
    base: 300,
    taxes: 160,
    legs: [
      {
        minutes: 1020,
        segments: [
          {
            from: 'LHR',
            to: 'ORD',
            departs: '2026-12-22T20:00',
            arrives: '2026-12-22T23:00',
            fromOffset: '+00:00',
            toOffset: '-06:00',
            airline: AA,
            flight: '99',
            minutes: 540,
          },
          {
            from: 'ORD',
            to: 'CLT',
            departs: '2026-12-23T01:30',
            arrives: '2026-12-23T04:30',
            fromOffset: '-06:00',
            toOffset: '-05:00',
            airline: AA,
            flight: '1201',
            minutes: 120,
          },
          {
            from: 'CLT',
            to: 'JFK',
            departs: '2026-12-23T07:00',
            arrives: '2026-12-23T09:00',
            fromOffset: '-05:00',
            toOffset: '-05:00',
            airline: AA,
            flight: '2002',
            minutes: 120,
          },
        ],
      },
    ],
  }),
};

export const allLhrJfk = Object.values(lhrJfk);

/** A few airports of the active routes answer. */
export const sampleRoutes: ActiveRoutes = {
  Routes: [
    { origin_location_code: 'LHR', destination_location_codes: ['JFK', 'DUB', 'DXB'] },
    { origin_location_code: 'JFK', destination_location_codes: ['LHR'] },
  ],
  Airports: [
    { code: 'LHR', name: 'Heathrow Airport', city: 'London', country_code: 'GB', time_zone: 'Europe/London' },
    { code: 'LGW', name: 'Gatwick Airport', city: 'London', country_code: 'GB', time_zone: 'Europe/London' },
    {
      code: 'JFK',
      name: 'John F. Kennedy International Airport',
      city: 'New York',
      country_code: 'US',
      time_zone: 'America/New_York',
    },
    { code: 'DUB', name: 'Dublin Airport', city: 'Dublin', country_code: 'IE', time_zone: 'Europe/Dublin' },
    {
      code: 'DXB',
      name: 'Dubai International Airport',
      city: 'Dubai',
      country_code: 'AE',
      time_zone: 'Asia/Dubai',
    },
    { code: 'ZRH', name: 'Zürich Airport', city: 'Zürich', country_code: 'CH', time_zone: 'Europe/Zurich' },
    {
      code: 'NLU',
      name: 'Felipe Ángeles International Airport',
      city: 'Mexico City',
      country_code: 'MX',
      time_zone: 'America/Mexico_City',
    },
  ],
};

// ── the grouped answer (issue 16: `view: "itineraries"`) ───────────────────────────────────

type BrandSpec = { total: number | null; seats?: number; bags?: number };

/** A leg option's Basic, Standard and Flex for one adult, as the server prices them (fares.ts). */
function legBrands(brands: Record<FareBrand, BrandSpec>): LegBrand[] {
  return (['Basic', 'Standard', 'Flex'] as const).map((brand) => {
    const spec = brands[brand];
    const soldOut = spec.total === null;
    return {
      brand,
      sold_out: soldOut,
      booking_class: soldOut ? null : { Basic: 'O', Standard: 'M', Flex: 'Y' }[brand],
      fare_basis: soldOut
        ? null
        : `${{ Basic: 'O', Standard: 'M', Flex: 'Y' }[brand]}RT21${brand.slice(0, 2)}`,
      baggage: { pieces: spec.bags ?? { Basic: 0, Standard: 1, Flex: 2 }[brand], weight_kg: 23 },
      refundable: brand !== 'Basic',
      cancel_penalty: { Basic: 300, Standard: 75, Flex: 0 }[brand],
      change_penalty: { Basic: 90, Standard: 50, Flex: 0 }[brand],
      seats_remaining: soldOut ? 0 : (spec.seats ?? 9),
      total: spec.total,
    };
  });
}

type OptionSpec = {
  id: string;
  segments: {
    flight: string;
    airline: string;
    from: string;
    to: string;
    departs: string;
    arrives: string;
    fromOffset: string;
    toOffset: string;
    minutes: number;
    equipment: string;
  }[];
  minutes: number;
  brands: Record<FareBrand, BrandSpec>;
};

const option = (spec: OptionSpec): Omit<LegOption, 'cheapest_total'> => ({
  id: spec.id,
  elapsed_time: spec.minutes,
  brands: legBrands(spec.brands),
  segments: spec.segments.map((s) => ({
    flight_number: s.flight,
    marketing: s.airline,
    operating: s.airline,
    equipment: s.equipment,
    departure: { airport: s.from, terminal: null, at: `${s.departs}:00`, utc_offset: s.fromOffset },
    arrival: { airport: s.to, terminal: null, at: `${s.arrives}:00`, utc_offset: s.toOffset },
    elapsed_time: s.minutes,
    stops: 0,
    seats_remaining: 40,
  })),
});

const cheapestOpen = (o: Omit<LegOption, 'cheapest_total'>) =>
  Math.min(...o.brands.filter((b) => b.total !== null).map((b) => b.total as number));

/**
 * LHR ⇄ JFK, out 2026-12-22, back 2026-12-29, one adult: three outbound and three inbound options.
 * Every pair combines except Aer Lingus out with Virgin back; Virgin's inbound Standard is sold
 * out. Pair totals are both legs in their cheapest open brand.
 */
export function groupedLhrJfkReturn(): GroupedSearchResult {
  const outbound = [
    option({
      id: 'out-ba117',
      minutes: 475,
      segments: [
        {
          flight: '117',
          airline: 'BA',
          from: 'LHR',
          to: 'JFK',
          departs: '2026-12-22T09:35',
          arrives: '2026-12-22T12:30',
          fromOffset: '+00:00',
          toOffset: '-05:00',
          minutes: 475,
          equipment: '359',
        },
      ],
      brands: { Basic: { total: 300 }, Standard: { total: 362.5 }, Flex: { total: 520, seats: 4 } },
    }),
    option({
      id: 'out-vs25',
      minutes: 490,
      segments: [
        {
          flight: '25',
          airline: 'VS',
          from: 'LHR',
          to: 'JFK',
          departs: '2026-12-22T18:20',
          arrives: '2026-12-22T21:30',
          fromOffset: '+00:00',
          toOffset: '-05:00',
          minutes: 490,
          equipment: '789',
        },
      ],
      brands: { Basic: { total: 340 }, Standard: { total: 400 }, Flex: { total: 560 } },
    }),
    option({
      id: 'out-ei151',
      minutes: 640,
      segments: [
        {
          flight: '151',
          airline: 'EI',
          from: 'LHR',
          to: 'DUB',
          departs: '2026-12-22T06:10',
          arrives: '2026-12-22T07:30',
          fromOffset: '+00:00',
          toOffset: '+00:00',
          minutes: 80,
          equipment: '320',
        },
        {
          flight: '105',
          airline: 'EI',
          from: 'DUB',
          to: 'JFK',
          departs: '2026-12-22T10:40',
          arrives: '2026-12-22T12:50',
          fromOffset: '+00:00',
          toOffset: '-05:00',
          minutes: 430,
          equipment: '32Q',
        },
      ],
      brands: { Basic: { total: 250 }, Standard: { total: 310 }, Flex: { total: 450 } },
    }),
  ];
  const inbound = [
    option({
      id: 'in-ba112',
      minutes: 430,
      segments: [
        {
          flight: '112',
          airline: 'BA',
          from: 'JFK',
          to: 'LHR',
          departs: '2026-12-29T18:30',
          arrives: '2026-12-30T06:40',
          fromOffset: '-05:00',
          toOffset: '+00:00',
          minutes: 430,
          equipment: '77W',
        },
      ],
      brands: { Basic: { total: 267.05 }, Standard: { total: 330 }, Flex: { total: 480 } },
    }),
    option({
      id: 'in-vs4',
      minutes: 425,
      segments: [
        {
          flight: '4',
          airline: 'VS',
          from: 'JFK',
          to: 'LHR',
          departs: '2026-12-29T22:00',
          arrives: '2026-12-30T10:05',
          fromOffset: '-05:00',
          toOffset: '+00:00',
          minutes: 425,
          equipment: '359',
        },
      ],
      brands: { Basic: { total: 312.05 }, Standard: { total: null }, Flex: { total: 530 } },
    }),
    option({
      id: 'in-ei104',
      minutes: 600,
      segments: [
        {
          flight: '104',
          airline: 'EI',
          from: 'JFK',
          to: 'DUB',
          departs: '2026-12-29T17:00',
          arrives: '2026-12-30T04:30',
          fromOffset: '-05:00',
          toOffset: '+00:00',
          minutes: 390,
          equipment: '32Q',
        },
        {
          flight: '152',
          airline: 'EI',
          from: 'DUB',
          to: 'LHR',
          departs: '2026-12-30T06:30',
          arrives: '2026-12-30T07:50',
          fromOffset: '+00:00',
          toOffset: '+00:00',
          minutes: 80,
          equipment: '320',
        },
      ],
      brands: { Basic: { total: 240 }, Standard: { total: 300 }, Flex: { total: 440 } },
    }),
  ];
  const combines = (out: string, back: string) => !(out === 'out-ei151' && back === 'in-vs4');
  const pairs: Record<string, [string, number][]> = {};
  for (const out of outbound)
    pairs[out.id] = inbound
      .filter((back) => combines(out.id, back.id))
      .map((back) => [back.id, Math.round((cheapestOpen(out) + cheapestOpen(back)) * 100) / 100]);
  const cheapestWith = (id: string, side: 'out' | 'in') =>
    side === 'out'
      ? Math.min(...(pairs[id] ?? []).map(([, total]) => total))
      : Math.min(
          ...Object.values(pairs)
            .flat()
            .filter(([back]) => back === id)
            .map(([, total]) => total),
        );
  return {
    search_id: '3f1c2a9e-7b4d-4c1e-9a2b-6d5e4f3a2b1c',
    missing_suppliers: [],
    view: 'itineraries',
    currency: 'USD',
    trip_type: 'Return',
    cabin: 'Economy',
    passengers: { adults: 1, children: 0, infants: 0 },
    reference: {
      airports: Object.fromEntries(
        sampleRoutes.Airports.map((a) => [
          a.code,
          { name: a.name, city: a.city, country_code: a.country_code, time_zone: a.time_zone },
        ]),
      ),
      airlines: {
        BA: { name: 'British Airways' },
        VS: { name: 'Virgin Atlantic' },
        EI: { name: 'Aer Lingus' },
      },
      equipment: {
        '320': { name: 'Airbus A320' },
        '32Q': { name: 'Airbus A321neo' },
        '359': { name: 'Airbus A350-900' },
        '789': { name: 'Boeing 787-9' },
        '77W': { name: 'Boeing 777-300ER' },
      },
    },
    legs: [
      {
        origin: 'LHR',
        destination: 'JFK',
        date: '2026-12-22',
        options: outbound.map((o) => ({ ...o, cheapest_total: cheapestWith(o.id, 'out') })),
      },
      {
        origin: 'JFK',
        destination: 'LHR',
        date: '2026-12-29',
        options: inbound.map((o) => ({ ...o, cheapest_total: cheapestWith(o.id, 'in') })),
      },
    ],
    combinations: [pairs],
  };
}

/** What `POST /api/search/price` answers for a chosen pair in a brand: a return itinerary, its offer. */
export function pricedSelection(
  brand: FareBrand,
  total: number,
  offerId = `priced-${brand}`,
): PricedItinerary {
  const taxes = 180;
  const itinerary = makeItinerary({
    sequence: 1,
    carrier: 'BA',
    base: Math.round((total - taxes) * 100) / 100,
    taxes,
    brand,
    refundable: brand !== 'Basic',
    bags: { Basic: 0, Standard: 1, Flex: 2 }[brand],
    legs: [
      {
        minutes: 475,
        segments: [
          {
            from: 'LHR',
            to: 'JFK',
            departs: '2026-12-22T09:35',
            arrives: '2026-12-22T12:30',
            fromOffset: '+00:00',
            toOffset: '-05:00',
            airline: BA,
            flight: '117',
            minutes: 475,
          },
        ],
      },
      {
        minutes: 430,
        segments: [
          {
            from: 'JFK',
            to: 'LHR',
            departs: '2026-12-29T18:30',
            arrives: '2026-12-30T06:40',
            fromOffset: '-05:00',
            toOffset: '+00:00',
            airline: BA,
            flight: '112',
            minutes: 430,
          },
        ],
      },
    ],
  });
  return { ...itinerary, offer_id: offerId };
}
