import type { ActiveRoutes, FareFamily, FlightSegment, PricedItinerary } from '@skydesk/contract';

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

/** A priced itinerary for one adult, shaped as the server sends it (API.md "Flights"). */
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
