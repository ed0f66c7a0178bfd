import { isSeat, SeatMap as SeatMapSchema } from '@skydesk/contract';
import { describe, expect, it } from 'vitest';
import type { SeatMapFlight } from '../seat-maps.js';
import { mapsForFlights, partiesOf, toSeatMap } from './seat-maps.js';
import type { SeatMap, SeatMapCabinRow, SeatMapCabinRowSectionElement } from './types.js';

/**
 * Duffel's seat maps in the portal's shape (issue 31): rows from designators, columns from the
 * sections, a seat for sale only to the passengers it has a service for, priced in the platform
 * currency, exit rows, facilities and wings as Duffel places them.
 */

const ADULT = 'pas_adult';
const CHILD = 'pas_child';
const PASSENGERS = [
  { id: ADULT, type: 'adult' as const },
  { id: CHILD, type: 'child' as const },
];

const flight: SeatMapFlight = {
  segmentIndex: 0,
  flight: 'ZZ117',
  date: '2026-12-01',
  cabin: 'Economy',
  equipment: '320',
  blockMinutes: 420,
  brand: 'Basic',
};

const service = (passenger: string, amount: string, n: number) => ({
  id: `ase_${passenger}_${n}`,
  passenger_id: passenger,
  total_amount: amount,
  total_currency: 'GBP',
});

let counter = 0;
/** A seat sold to both (amount), to the adult only ('adult:…'), or to nobody (null). */
const seat = (
  designator: string,
  sale: string | null,
  extra: Partial<{ name: string; disclosures: string[] }> = {},
): SeatMapCabinRowSectionElement => {
  counter += 1;
  const adultOnly = sale?.startsWith('adult:');
  const amount = sale?.replace('adult:', '') ?? '';
  return {
    type: 'seat',
    designator,
    name: extra.name ?? 'Standard seat',
    disclosures: extra.disclosures ?? [],
    available_services:
      sale === null
        ? []
        : adultOnly
          ? [service(ADULT, amount, counter)]
          : [service(ADULT, amount, counter), service(CHILD, amount, counter)],
  };
};

const row = (
  left: SeatMapCabinRowSectionElement[],
  right: SeatMapCabinRowSectionElement[],
): SeatMapCabinRow => ({
  sections: [{ elements: left }, { elements: right }],
});
const across = (type: 'lavatory' | 'galley' | 'exit_row' | 'empty', other = type): SeatMapCabinRow => ({
  sections: [{ elements: [{ type }] }, { elements: [{ type: other }] }],
});

const duffelMap: SeatMap = {
  id: 'sea_1',
  slice_id: 'sli_1',
  segment_id: 'seg_1',
  cabins: [
    {
      deck: 0,
      cabin_class: 'economy',
      aisles: 1,
      wings: { first_row_index: 4, last_row_index: 5 },
      rows: [
        across('lavatory', 'galley'), // 0
        row(
          [seat('6A', '25.00', { name: 'Extra legroom seat' }), seat('6B', '25.00'), seat('6C', null)],
          [seat('6D', '0.00'), seat('6E', '0.00'), seat('6F', '0.00')],
        ), // 1
        row(
          [seat('7A', '12.00'), seat('7B', '12.00'), seat('7C', '12.00')],
          [seat('7D', '12.00'), seat('7E', '12.00'), seat('7F', '12.00')],
        ), // 2
        across('exit_row'), // 3
        row(
          [
            seat('8A', 'adult:30.00', { disclosures: ['Do not seat children in exit row seats'] }),
            seat('8B', null),
            seat('8C', 'adult:30.00'),
          ],
          [seat('8D', 'adult:30.00'), seat('8E', 'adult:30.00'), seat('8F', 'adult:30.00')],
        ), // 4
        row(
          [
            seat('9A', '12.00'),
            {
              type: 'restricted_seat_general',
              designator: '9B',
              disclosures: ['This seat does not recline'],
              available_services: [],
            },
            seat('9C', '12.00'),
          ],
          [seat('9D', '12.00'), seat('9L', '12.00'), seat('9F', '12.00')],
        ), // 5
        across('galley', 'lavatory'), // 6
      ],
    },
  ],
};

const ctx = { flight, passengers: PASSENGERS, rate: 1.25, currency: 'USD' };

describe('Duffel seat maps as the portal draws them', () => {
  const map = toSeatMap(duffelMap, ctx)!;
  const cabin = map.cabins[0]!;
  const seats = new Map(cabin.rows.flatMap((r) => r.seats.filter(isSeat)).map((s) => [s.designator, s]));

  it('keeps to the contract, names the flight and the aircraft, and is bookable in the fare cabin', () => {
    expect(SeatMapSchema.parse(map)).toEqual(map);
    expect(map).toMatchObject({ segment_index: 0, flight: 'ZZ117', departure_date: '2026-12-01' });
    expect(map.aircraft.code).toBe('320');
    expect(cabin).toMatchObject({ cabin: 'Economy', bookable: true });
  });

  it('numbers rows from the designators and takes the columns from the sections', () => {
    expect(cabin.columns).toEqual([
      ['A', 'B', 'C'],
      ['D', 'E', 'F'],
    ]);
    expect(cabin.rows.map((r) => r.row)).toEqual([null, 6, 7, 8, 9, null]);
  });

  it('draws facilities across their section, exit rows behind the exit, wings by row index', () => {
    expect(cabin.rows[0]!.seats).toEqual([
      { facility: 'lavatory', columns: ['A', 'B', 'C'] },
      { facility: 'galley', columns: ['D', 'E', 'F'] },
    ]);
    const byNumber = new Map(cabin.rows.map((r) => [r.row, r]));
    expect(byNumber.get(8)).toMatchObject({ exit: true, wing: true });
    expect(byNumber.get(9)).toMatchObject({ wing: true });
    expect(byNumber.get(7)?.exit).toBeUndefined();
    expect(byNumber.get(7)?.wing).toBeUndefined();
  });

  it('prices a seat per passenger in the platform currency; a free service is included; none is not for sale', () => {
    expect(seats.get('6A')).toMatchObject({
      available: true,
      price: { Amount: 31.25, CurrencyCode: 'USD' },
    });
    expect(seats.get('6A')!.characteristics).toEqual(
      expect.arrayContaining(['window', 'extra_legroom', 'front_of_cabin', 'near_lavatory']),
    );
    expect(seats.get('6C')).toMatchObject({ available: false });
    expect(seats.get('6C')!.characteristics).toContain('aisle');
    expect(seats.get('6D')).toMatchObject({ available: true });
    expect(seats.get('6D')!.price).toBeUndefined();
    expect(seats.get('7B')!.characteristics).toContain('middle');
  });

  it('keeps the child out of an exit-row seat only the adult may buy, in the airline words', () => {
    expect(seats.get('8A')).toMatchObject({
      available: true,
      restriction: {
        code: 'exit_row',
        message: 'Do not seat children in exit row seats',
        applies_to: ['child'],
      },
    });
    expect(seats.get('8A')!.characteristics).toEqual(expect.arrayContaining(['exit_row', 'extra_legroom']));
    expect(seats.get('8D')!.restriction?.message).toMatch(/not for children/);
  });

  it('shows a restricted seat as not for sale and leaves out a seat it cannot print', () => {
    expect(seats.get('9B')).toMatchObject({ available: false });
    expect(seats.get('9B')!.characteristics).toContain('no_recline');
    expect(seats.has('9L')).toBe(false);
  });

  it('sells nothing in a cabin other than the fare’s', () => {
    const business = toSeatMap(duffelMap, { ...ctx, flight: { ...flight, cabin: 'Business' } })!;
    expect(business.cabins[0]!.bookable).toBe(false);
    expect(business.cabins[0]!.rows.flatMap((r) => r.seats.filter(isSeat)).some((s) => s.available)).toBe(
      false,
    );
  });

  it('finds each flight’s map by the offer’s segment ids, and leaves out a flight with none', () => {
    const second = { ...duffelMap, id: 'sea_2', segment_id: 'seg_2' };
    const flights = [flight, { ...flight, segmentIndex: 1, flight: 'ZZ118' }, { ...flight, segmentIndex: 2 }];
    const maps = mapsForFlights(
      [second, duffelMap],
      flights,
      { passengers: PASSENGERS, rate: 1, segmentIds: ['seg_1', 'seg_2', 'seg_3'] },
      'USD',
    );
    expect(maps.map((m) => [m.segment_index, m.flight])).toEqual([
      [0, 'ZZ117'],
      [1, 'ZZ118'],
    ]);
  });

  it('puts infants on the first adults’ laps', () => {
    expect(partiesOf(['adult', 'adult', 'child', 'infant'])).toEqual([
      'adult_with_infant',
      'adult',
      'child',
      null,
    ]);
  });
});
