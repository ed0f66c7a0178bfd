import { describe, expect, it } from 'vitest';
import {
  BOOKING_CLASSES,
  dayFactor,
  departureTax,
  type FareComponentInput,
  fareDistance,
  lowestOpenClass,
  priceComponent,
  seasonOf,
  seatsNeeded,
} from './fares.js';

const rules = { seed: 42 };
const component = (overrides: Partial<FareComponentInput> = {}): FareComponentInput => ({
  cabin: 'Economy',
  classIndex: 0,
  distanceKm: 5_500,
  flownDistanceKm: 5_500,
  connections: 0,
  daysToDeparture: 30,
  carrier: 'BA',
  roundTrip: false,
  departureCountries: ['GB'],
  ...overrides,
});

describe('booking classes', () => {
  it('close one after another as seats sell, the last one at the last seat', () => {
    const capacity = 150;
    const opened = [0, 25, 50, 70, 100, 120, 140, 149].map((sold) =>
      lowestOpenClass('Economy', capacity, sold, 1),
    );
    expect(opened).toEqual([0, 1, 2, 3, 4, 5, 6, 6]);
    expect(opened.map((index) => BOOKING_CLASSES.Economy[index]!.code)).toEqual([
      'L',
      'V',
      'Q',
      'H',
      'M',
      'B',
      'Y',
      'Y',
    ]);
    expect(lowestOpenClass('Economy', capacity, 150, 1)).toBe(-1);
  });

  it('need room for the whole party in the class', () => {
    // L sells up to 22 of 150 seats, V up to 45: with 21 sold, L has room for one more, V for four.
    expect(lowestOpenClass('Economy', 150, 21, 1)).toBe(0);
    expect(lowestOpenClass('Economy', 150, 21, 4)).toBe(1);
    expect(lowestOpenClass('Economy', 150, 148, 3)).toBe(-1);
  });

  it('seat adults and children, not infants', () => {
    expect(seatsNeeded({ adults: 2, children: 1, infants: 2 })).toBe(3);
  });
});

describe('fare components', () => {
  it('cost more in a dearer class, in a higher cabin and closer to departure', () => {
    const prices = BOOKING_CLASSES.Economy.map(
      (_, classIndex) => priceComponent(component({ classIndex }), rules).adult.base,
    );
    for (let i = 1; i < prices.length; i++) expect(prices[i]).toBeGreaterThan(prices[i - 1]!);
    const economy = priceComponent(component(), rules).adult.base;
    expect(priceComponent(component({ cabin: 'Business' }), rules).adult.base).toBeGreaterThan(economy * 3);
    const byDays = [90, 30, 15, 8, 4, 1].map(
      (days) => priceComponent(component({ daysToDeparture: days }), rules).adult.base,
    );
    for (let i = 1; i < byDays.length; i++) expect(byDays[i]).toBeGreaterThan(byDays[i - 1]!);
  });

  it('are whole currency units in minor units, the same every time', () => {
    const first = priceComponent(component(), rules);
    expect(first.adult.base % 100).toBe(0);
    expect(Number.isInteger(first.adult.taxes)).toBe(true);
    expect(priceComponent(component(), rules)).toEqual(first);
  });

  it('charge a child 75 % and an infant 10 % of the adult fare, the infant no seat taxes', () => {
    const fare = priceComponent(component({ departureCountries: ['GB', 'US'] }), rules);
    expect(fare.child.base).toBe(Math.round((fare.adult.base / 100) * 0.75) * 100);
    expect(fare.infant.base).toBe(Math.round((fare.adult.base / 100) * 0.1) * 100);
    const seatTaxes = departureTax('GB', rules).fixed + departureTax('US', rules).fixed;
    expect(fare.adult.taxes).toBeGreaterThanOrEqual(seatTaxes);
    expect(fare.infant.taxes).toBeLessThan(seatTaxes);
  });

  it('levy taxes fixed per departure country', () => {
    expect(departureTax('FR', rules)).toEqual(departureTax('FR', rules));
    const countries = ['FR', 'DE', 'US', 'JP', 'BR', 'ZA'].map((code) => departureTax(code, rules).fixed);
    expect(new Set(countries).size).toBeGreaterThan(1);
    for (const fixed of countries) expect(fixed % 100).toBe(0);
  });

  it('come in brands with their baggage and rules', () => {
    const basic = priceComponent(component({ classIndex: 0 }), rules);
    const standard = priceComponent(component({ classIndex: 2 }), rules);
    const flex = priceComponent(component({ classIndex: 6 }), rules);
    expect(basic).toMatchObject({ brand: 'Basic', refundable: false, baggage: { pieces: 0 } });
    expect(basic.cancelPenalty).toBe(basic.adult.base);
    expect(standard).toMatchObject({
      brand: 'Standard',
      refundable: true,
      baggage: { pieces: 1, weightKg: 23 },
    });
    expect(standard.cancelPenalty).toBeGreaterThan(0);
    expect(standard.cancelPenalty).toBeLessThan(standard.adult.base);
    expect(flex).toMatchObject({ brand: 'Flex', refundable: true, cancelPenalty: 0, changePenalty: 0 });
    expect(basic.fareBasis).toBe('LOW21BA');
    expect(
      priceComponent(component({ roundTrip: true, classIndex: 6, daysToDeparture: 70 }), rules).fareBasis,
    ).toBe('YRT60FX');
  });

  it('price a detour beyond the permitted mileage on more distance, and connections a little lower', () => {
    expect(fareDistance(1_000, 1_150)).toBe(1_000);
    expect(fareDistance(1_000, 1_240)).toBeCloseTo(1_050);
    expect(fareDistance(1_000, 2_000)).toBe(2_000);
    const nonstop = priceComponent(component(), rules).adult.base;
    const connecting = priceComponent(component({ connections: 1, flownDistanceKm: 5_800 }), rules).adult
      .base;
    const detour = priceComponent(component({ connections: 1, flownDistanceKm: 9_000 }), rules).adult.base;
    expect(connecting).toBeLessThan(nonstop);
    expect(detour).toBeGreaterThan(nonstop);
  });
});

describe('fares by day', () => {
  const base = (overrides: Partial<FareComponentInput>) =>
    priceComponent(component({ classIndex: 0, ...overrides }), rules).adult.base;

  it('do not move without a date, as before (the neutral default)', () => {
    expect(dayFactor({}, rules)).toBe(1);
    expect(dayFactor({ flightKey: 'BA117' }, rules)).toBe(1);
  });

  it('cost more on Fridays and Sundays than on Tuesdays and Wednesdays', () => {
    // 2027-03-07 is a Sunday, in the low season; no demand factor, so the weekday alone moves it.
    const week = ['07', '08', '09', '10', '11', '12', '13'].map((day) =>
      base({ departureLocal: `2027-03-${day}` }),
    );
    const [sunday, monday, tuesday, wednesday, thursday, friday, saturday] = week as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    for (const dear of [friday, sunday]) {
      for (const cheap of [tuesday, wednesday, monday, thursday, saturday])
        expect(dear).toBeGreaterThan(cheap);
    }
    for (const cheap of [tuesday, wednesday]) {
      for (const other of [monday, thursday, friday, sunday]) expect(cheap).toBeLessThan(other);
    }
    expect(tuesday).toBeLessThan(wednesday);
  });

  it('cost most at Christmas and New Year, then in summer, least in the low season', () => {
    // The same weekday (Wednesdays) in each season.
    expect(
      ['2027-02-10', '2027-05-12', '2027-07-14', '2027-11-10', '2027-12-08', '2027-12-22', '2028-01-02'].map(
        (date) => seasonOf(date).name,
      ),
    ).toEqual(['low', 'shoulder', 'summer', 'low', 'shoulder', 'peak', 'peak']);
    const low = base({ departureLocal: '2027-02-10' });
    const shoulder = base({ departureLocal: '2027-05-12' });
    const summer = base({ departureLocal: '2027-07-14' });
    const christmas = base({ departureLocal: '2027-12-22' });
    expect(low).toBeLessThan(shoulder);
    expect(shoulder).toBeLessThan(summer);
    expect(summer).toBeLessThan(christmas);
    expect(seasonOf('2027-01-04').name).toBe('peak');
    expect(seasonOf('2027-01-05').name).toBe('low');
  });

  it('differ by flight and by date with demand, the same every time for the same flights and date', () => {
    const date = '2027-03-09';
    const flights = ['BA117', 'BA175', 'VS3', 'AA100', 'DL4', 'UA16', 'BA113', 'VS25'];
    const prices = flights.map((flightKey) => base({ departureLocal: date, flightKey }));
    expect(new Set(prices).size).toBeGreaterThan(3);
    for (const [index, flightKey] of flights.entries()) {
      expect(priceComponent(component({ departureLocal: date, flightKey }), rules)).toEqual(
        priceComponent(component({ departureLocal: date, flightKey }), rules),
      );
      expect(base({ departureLocal: date, flightKey })).toBe(prices[index]);
    }
    const sameFlightOverDays = ['2027-03-02', '2027-03-09', '2027-03-16', '2027-03-23'].map((day) =>
      base({ departureLocal: day, flightKey: 'BA117' }),
    );
    expect(new Set(sameFlightOverDays).size).toBeGreaterThan(1);
    // Demand stays within its band: at most 15 % above, 10 % below the flight-less fare of the day.
    for (const price of prices) {
      const plain = base({ departureLocal: date });
      expect(price).toBeGreaterThanOrEqual(Math.floor(plain * 0.9) - 100);
      expect(price).toBeLessThanOrEqual(Math.ceil(plain * 1.15) + 100);
    }
  });

  it('stay whole currency units with the day factors', () => {
    for (const departureLocal of ['2027-03-07', '2027-07-14', '2027-12-24']) {
      const fare = priceComponent(component({ departureLocal, flightKey: 'BA117' }), rules);
      expect(fare.adult.base % 100).toBe(0);
      expect(fare.child.base % 100).toBe(0);
    }
  });
});
