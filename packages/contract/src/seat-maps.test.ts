import { describe, expect, it } from 'vitest';
import { isSeat, SeatMap, ServiceRequest, ServicesBody } from './seat-maps.js';

describe('the seat map contract', () => {
  const map = {
    segment_index: 0,
    flight: 'SK101',
    departure_date: '2026-12-20',
    aircraft: { code: '320', name: 'Airbus A320' },
    cabins: [
      {
        cabin: 'Economy',
        columns: [
          ['A', 'B', 'C'],
          ['D', 'E', 'F'],
        ],
        bookable: true,
        rows: [
          { row: null, seats: [{ facility: 'lavatory', columns: ['A', 'B', 'C'] }] },
          {
            row: 23,
            exit: true,
            seats: [
              {
                designator: '23C',
                available: true,
                characteristics: ['aisle', 'extra_legroom', 'exit_row'],
                price: { Amount: 25, CurrencyCode: 'USD' },
                restriction: {
                  code: 'exit_row',
                  message: 'Exit rows are not for children',
                  applies_to: ['child', 'adult_with_infant'],
                },
              },
            ],
          },
        ],
      },
    ],
  };

  it('reads a map with facilities among the seats', () => {
    const parsed = SeatMap.parse(map);
    const [facilities, row] = parsed.cabins[0]!.rows;
    expect(facilities!.seats.filter(isSeat)).toEqual([]);
    expect(row!.seats.filter(isSeat).map((seat) => seat.designator)).toEqual(['23C']);
  });

  it('refuses a designator no boarding pass prints', () => {
    for (const designator of ['0A', '23I', '23', 'C23', '1234A']) {
      const seat = { designator, available: true, characteristics: [] };
      const bad = { ...map, cabins: [{ ...map.cabins[0], rows: [{ row: 1, seats: [seat] }] }] };
      expect(SeatMap.safeParse(bad).success, designator).toBe(false);
    }
  });

  it('asks a seat for its designator and bags for their number', () => {
    expect(ServiceRequest.safeParse({ type: 'seat', passenger_index: 0, segment_index: 0 }).success).toBe(
      false,
    );
    expect(ServiceRequest.safeParse({ type: 'bag', passenger_index: 0, segment_index: 1 }).success).toBe(
      false,
    );
    expect(
      ServicesBody.parse({
        services: [
          { type: 'seat', passenger_index: 0, segment_index: 0, designator: '23C' },
          { type: 'bag', passenger_index: 1, segment_index: 0, quantity: 2 },
        ],
      }).services,
    ).toHaveLength(2);
    expect(
      ServiceRequest.safeParse({ type: 'bag', passenger_index: 0, segment_index: 0, quantity: 4 }).success,
    ).toBe(false);
  });
});
