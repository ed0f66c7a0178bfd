import { RuleMatch } from '@skydesk/contract';
import { describe, expect, it } from 'vitest';
import {
  type AirportGeo,
  type EngineRule,
  fees,
  type GeoLookup,
  type PricedTrip,
  roundMinor,
  sell,
  specificity,
} from './engine.js';

/**
 * The rule engine as a table (docs/booking-and-money.md, "Pricing rules": the worked examples there
 * are these rows). Geography from a small fixed atlas; the real one is the sandbox's airports.
 */

const ATLAS: Record<string, AirportGeo> = {
  LHR: { country: 'GB', latitude: 51.47, longitude: -0.4543, region: 'europe' },
  MAN: { country: 'GB', latitude: 53.3537, longitude: -2.275, region: 'europe' },
  CDG: { country: 'FR', latitude: 49.0097, longitude: 2.5479, region: 'europe' },
  JFK: { country: 'US', latitude: 40.6413, longitude: -73.7781, region: 'north_america' },
  LAX: { country: 'US', latitude: 33.9416, longitude: -118.4085, region: 'north_america' },
  DXB: { country: 'AE', latitude: 25.2532, longitude: 55.3657, region: 'middle_east' },
};
const geo: GeoLookup = (code) => ATLAS[code];

let nextId = 0;
function rule(
  name: string,
  match: Partial<Omit<RuleMatch, 'route'>> & { route?: Partial<RuleMatch['route']> },
  value: Partial<Pick<EngineRule, 'percentBps' | 'fixedMinor' | 'fixedPer' | 'rounding' | 'kind' | 'event'>>,
  position = nextId,
): EngineRule {
  nextId += 1;
  const { route, ...rest } = match;
  return {
    id: `00000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`,
    name,
    kind: value.kind ?? 'markup',
    enabled: true,
    position,
    match: RuleMatch.parse({ ...rest, route: { scope: 'any', ...route } }),
    percentBps: value.percentBps ?? null,
    fixedMinor: value.fixedMinor ?? null,
    fixedPer: value.fixedPer ?? 'passenger',
    rounding: value.rounding ?? 'none',
    event: value.event ?? null,
  };
}

function trip(overrides: Partial<PricedTrip> = {}): PricedTrip {
  return {
    supplier: 'sandbox',
    validatingCarrier: 'BA',
    origin: 'LHR',
    destination: 'JFK',
    tripType: 'Return',
    cabin: 'Economy',
    brand: 'Standard',
    departureDate: '2026-12-10',
    bookingDate: '2026-11-29',
    passengers: [{ type: 'adult', count: 2, netMinor: 50_000 }],
    currency: 'USD',
    ...overrides,
  };
}

// The agency of the done-when: 6 % on long-haul economy, 3 % off one airline, 15 USD a booking.
const longHaulEconomy = rule(
  'Long-haul economy',
  { route: { scope: 'long_haul' }, cabin: 'Economy' },
  { percentBps: 600 },
);
const airlineDiscount = rule('Virgin discount', { validating_carrier: 'VS' }, { percentBps: -300 });
const everything = rule('Everything', {}, { fixedMinor: 1_000 });
const europe = rule(
  'Within Europe',
  { route: { scope: 'region', region: 'europe' } },
  { percentBps: 500, rounding: 'whole' },
);
const ukUs = rule(
  'UK–US',
  { route: { scope: 'country_pair', from_country: 'US', to_country: 'GB' } },
  { percentBps: 400 },
);
const heathrowJfk = rule(
  'LHR–JFK',
  { route: { scope: 'airport_pair', from_airport: 'LHR', to_airport: 'JFK' } },
  { percentBps: 300 },
);
const flexBusiness = rule(
  'Business Flex',
  { cabin: 'Business', brand: 'Flex' },
  { fixedMinor: 5_000, rounding: 'ninety_nine' },
);
const domestic = rule(
  'Domestic',
  { route: { scope: 'domestic' } },
  { fixedMinor: 2_500, fixedPer: 'booking' },
);
const childDiscount = rule('Children', { passenger_type: 'child' }, { percentBps: -1_000 });
const winterTravel = rule(
  'Winter',
  { travel_from: '2026-12-01', travel_to: '2027-02-28' },
  { percentBps: 200 },
);
const earlyBooking = rule('Early booking', { booking_to: '2026-10-31' }, { percentBps: -200 });
const shortHaul = rule('Short haul', { route: { scope: 'short_haul' } }, { fixedMinor: -500 });
const international = rule('International', { route: { scope: 'international' } }, { fixedMinor: 700 });

describe('specificity', () => {
  it.each([
    [everything, 0],
    [international, 2],
    [airlineDiscount, 2],
    [europe, 3],
    [ukUs, 4],
    [longHaulEconomy, 4],
    [flexBusiness, 4],
    [heathrowJfk, 5],
    [winterTravel, 2],
  ])('%s → %i', (r, points) => {
    expect(specificity(r.match)).toBe(points);
  });
});

describe('the most specific matching rule wins, ties by position', () => {
  type Row = [string, EngineRule[], Partial<PricedTrip>, string | null, number];
  const rows: Row[] = [
    // name, rules, trip, the rule applied to the adults, the adult's selling price
    ['no rules: selling = net', [], {}, null, 50_000],
    ['a rule for everything', [everything], {}, 'Everything', 51_000],
    [
      'long-haul economy beats the airline (4 points > 2)',
      [airlineDiscount, longHaulEconomy, everything],
      { validatingCarrier: 'VS' },
      'Long-haul economy',
      53_000,
    ],
    [
      'the airline discount on a short-haul flight',
      [airlineDiscount, longHaulEconomy, everything],
      { validatingCarrier: 'VS', destination: 'CDG' },
      'Virgin discount',
      48_500,
    ],
    [
      'long haul needs economy: business falls to the general rule',
      [longHaulEconomy, everything],
      { cabin: 'Business' },
      'Everything',
      51_000,
    ],
    [
      'airport pair (5) beats country pair (4), either way round',
      [everything, ukUs, heathrowJfk],
      { origin: 'JFK', destination: 'LHR' },
      'LHR–JFK',
      51_500,
    ],
    [
      'country pair (4) beats international (2)',
      [international, ukUs],
      { destination: 'LAX' },
      'UK–US',
      52_000,
    ],
    [
      'region (3), rounded up to a whole unit',
      [europe, international],
      { destination: 'CDG', passengers: [{ type: 'adult', count: 1, netMinor: 10_010 }] },
      'Within Europe',
      10_600,
    ],
    ['domestic, per booking shared by the party', [domestic], { destination: 'MAN' }, 'Domestic', 51_250],
    ['not domestic: no rule', [domestic], {}, null, 50_000],
    [
      'equally specific: the lower position',
      [
        rule('B second', { cabin: 'Economy' }, { fixedMinor: 200 }, 2),
        rule('A first', { trip_type: 'Return' }, { fixedMinor: 100 }, 1),
      ],
      {},
      'A first',
      50_100,
    ],
    ['business flex to .99', [flexBusiness], { cabin: 'Business', brand: 'Flex' }, 'Business Flex', 55_099],
    ['travel dates: inside the window', [winterTravel], {}, 'Winter', 51_000],
    ['travel dates: outside the window', [winterTravel], { departureDate: '2027-03-01' }, null, 50_000],
    ['booking dates: booked too late for the early-booking rule', [earlyBooking], {}, null, 50_000],
    ['booking dates: booked in time', [earlyBooking], { bookingDate: '2026-10-31' }, 'Early booking', 49_000],
    ['short haul: a fixed discount', [shortHaul], { destination: 'CDG' }, 'Short haul', 49_500],
    [
      'an unknown airport matches no route rule, the general one applies',
      [international, everything],
      { destination: 'XXX' },
      'Everything',
      51_000,
    ],
    [
      'the supplier criterion (platform rules)',
      [rule('Duffel', { supplier: 'duffel' }, { percentBps: 450 })],
      { supplier: 'duffel' },
      'Duffel',
      52_250,
    ],
    [
      'another supplier: no rule',
      [rule('Duffel', { supplier: 'duffel' }, { percentBps: 450 })],
      {},
      null,
      50_000,
    ],
    ['a disabled rule is skipped', [{ ...everything, enabled: false }], {}, null, 50_000],
    [
      'a discount never takes a price below zero',
      [rule('Free', {}, { percentBps: -10_000, fixedMinor: -100 })],
      {},
      'Free',
      0,
    ],
    [
      'a fee rule is no markup',
      [rule('Booking fee', {}, { kind: 'fee', event: 'issue', fixedMinor: 1_500 })],
      {},
      null,
      50_000,
    ],
  ];
  it.each(rows)('%s', (_name, rules, overrides, ruleName, adultSelling) => {
    const priced = sell(rules, trip(overrides), geo);
    expect(priced.rule?.name ?? null).toBe(ruleName);
    expect(priced.perType[0]?.sellingMinor).toBe(adultSelling);
    expect(priced.sellingMinor).toBe(priced.perType.reduce((sum, t) => sum + t.count * t.sellingMinor, 0));
  });

  it('prices each passenger type by its own winner', () => {
    const priced = sell(
      [everything, childDiscount],
      trip({
        passengers: [
          { type: 'adult', count: 2, netMinor: 50_000 },
          { type: 'child', count: 1, netMinor: 37_500 },
          { type: 'infant', count: 0, netMinor: 5_000 },
        ],
      }),
      geo,
    );
    expect(priced.perType.map((t) => [t.type, t.sellingMinor, t.rule?.name])).toEqual([
      ['adult', 51_000, 'Everything'],
      ['child', 33_750, 'Children'],
    ]);
    expect(priced.sellingMinor).toBe(2 * 51_000 + 33_750);
  });

  it('shares a per-booking amount among the passengers the rule prices, each share rounded up', () => {
    const priced = sell(
      [domestic],
      trip({ destination: 'MAN', passengers: [{ type: 'adult', count: 3, netMinor: 10_000 }] }),
      geo,
    );
    // 25.00 / 3 = 8.333… → 8.34 each.
    expect(priced.perType[0]!.sellingMinor).toBe(10_834);
  });
});

describe('fees', () => {
  const bookingFee = rule(
    'Booking fee',
    {},
    { kind: 'fee', event: 'issue', fixedMinor: 1_500, fixedPer: 'booking' },
  );
  const longHaulFee = rule(
    'Booking fee',
    { route: { scope: 'long_haul' } },
    { kind: 'fee', event: 'issue', fixedMinor: 2_500, fixedPer: 'booking' },
  );
  const ticketing = rule('Ticketing fee', {}, { kind: 'fee', event: 'issue', fixedMinor: 500 });
  const afterSales = rule(
    'After-sales fee',
    {},
    { kind: 'fee', event: 'refund', percentBps: 100, rounding: 'whole' },
  );

  it('one line per fee name, the most specific rule of that name', () => {
    const lines = fees([bookingFee, longHaulFee, ticketing, afterSales], trip(), 'issue', geo);
    expect(lines.map((l) => [l.name, l.amountMinor, l.rule.id])).toEqual([
      ['Booking fee', 2_500, longHaulFee.id],
      ['Ticketing fee', 1_000, ticketing.id],
    ]);
    expect(fees([bookingFee, longHaulFee], trip({ destination: 'CDG' }), 'issue', geo)[0]!.amountMinor).toBe(
      1_500,
    );
  });

  it('at the event asked only; a percentage of the net rounded per passenger', () => {
    expect(fees([bookingFee, afterSales], trip(), 'refund', geo)).toEqual([
      { name: 'After-sales fee', amountMinor: 2 * 500, rule: { id: afterSales.id, name: 'After-sales fee' } },
    ]);
    expect(fees([bookingFee], trip(), 'change', geo)).toEqual([]);
  });
});

describe('rounding', () => {
  it.each([
    [12_345, 'none', 12_345],
    [12_345, 'whole', 12_400],
    [12_300, 'whole', 12_300],
    [12_345, 'ninety_nine', 12_399],
    [12_399, 'ninety_nine', 12_399],
    [12_400, 'ninety_nine', 12_499],
  ] as const)('%i %s → %i', (minor, rounding, rounded) => {
    expect(roundMinor(minor, rounding)).toBe(rounded);
  });
});

describe('generated rules and trips', () => {
  // A small deterministic generator (no seed to chase): every combination the loop makes.
  function* random(seed: number) {
    let state = seed;
    while (true) {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      yield state / 2 ** 31;
    }
  }
  const pick = <T>(r: Generator<number>, items: readonly T[]) =>
    items[Math.floor(r.next().value! * items.length)]!;

  it('selling is never negative, no rules is net, and the party total is the sum of the passengers', () => {
    const r = random(33);
    const pool = [
      everything,
      europe,
      ukUs,
      heathrowJfk,
      flexBusiness,
      domestic,
      childDiscount,
      winterTravel,
      earlyBooking,
      shortHaul,
      international,
      airlineDiscount,
      longHaulEconomy,
      rule('Deep', {}, { percentBps: -9_000, fixedMinor: -5_000, fixedPer: 'booking' }),
    ];
    for (let i = 0; i < 500; i++) {
      const rules = pool.filter(() => r.next().value! < 0.3);
      const t = trip({
        origin: pick(r, Object.keys(ATLAS)),
        destination: pick(r, [...Object.keys(ATLAS), 'XXX']),
        cabin: pick(r, ['Economy', 'Business'] as const),
        brand: pick(r, ['Basic', 'Flex', null] as const),
        validatingCarrier: pick(r, ['BA', 'VS']),
        passengers: [
          {
            type: 'adult',
            count: 1 + Math.floor(r.next().value! * 4),
            netMinor: Math.floor(r.next().value! * 200_000),
          },
          {
            type: 'child',
            count: Math.floor(r.next().value! * 3),
            netMinor: Math.floor(r.next().value! * 150_000),
          },
        ],
      });
      const priced = sell(rules, t, geo);
      for (const entry of priced.perType) expect(entry.sellingMinor).toBeGreaterThanOrEqual(0);
      expect(priced.sellingMinor).toBe(priced.perType.reduce((sum, e) => sum + e.count * e.sellingMinor, 0));
      const net = sell([], t, geo);
      expect(net.rule).toBeNull();
      expect(net.sellingMinor).toBe(t.passengers.reduce((sum, p) => sum + p.count * p.netMinor, 0));
      for (const line of fees(rules, t, 'issue', geo)) expect(line.amountMinor).toBeGreaterThan(0);
    }
  });
});
