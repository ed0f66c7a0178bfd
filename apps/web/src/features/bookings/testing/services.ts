import type { BagOffer, Seat, SeatMap, ServiceCatalog } from '@skydesk/contract';
import type { BookingFormDraft } from '../../../entities/booking-draft/booking-draft-slice';
import { familyOffer } from './bookings';

/** The Hassan family on BA 117 (22 Dec 2026): Layla holds the infant Adam, Noor is a child. */
export const familyForm: BookingFormDraft = {
  offer_id: familyOffer.offer_id,
  passengers: [
    {
      passenger_type: 'adult',
      title: 'MRS',
      first_name: 'Layla',
      last_name: 'Hassan',
      gender: 'F',
      date_of_birth: '1988-04-12',
      nationality: 'AE',
      passport_number: 'P1234567',
      passport_expiry: '2031-03-01',
    },
    {
      passenger_type: 'adult',
      title: 'MR',
      first_name: 'Omar',
      last_name: 'Hassan',
      gender: 'M',
      date_of_birth: '1985-09-30',
      nationality: 'AE',
      passport_number: 'P7654321',
      passport_expiry: '2030-11-15',
    },
    {
      passenger_type: 'child',
      title: 'MISS',
      first_name: 'Noor',
      last_name: 'Hassan',
      gender: 'F',
      date_of_birth: '2016-05-05',
      nationality: 'AE',
      passport_number: 'C1112223',
      passport_expiry: '2030-01-01',
    },
    {
      passenger_type: 'infant',
      title: 'MSTR',
      first_name: 'Adam',
      last_name: 'Hassan',
      gender: 'M',
      date_of_birth: '2025-08-01',
      nationality: 'AE',
      passport_number: 'I4445556',
      passport_expiry: '2029-01-01',
    },
  ],
  contact: { email: 'desk@demo-travels.example', phone: '+971 4 123 4567' },
  save_travellers: true,
};

export const usd = (Amount: number) => ({ Amount, CurrencyCode: 'USD' });

export const EXIT_ROW_RULE =
  'Passengers seated in an exit row must be adults able to help open the door in an emergency';

const kind = (column: string): Seat['characteristics'][number] =>
  column === 'A' || column === 'F' ? 'window' : column === 'C' || column === 'D' ? 'aisle' : 'middle';

/**
 * BA 117's economy as the sandbox draws it, cut to two rows: 12 is an exit row (no child, no
 * adult with an infant), 23 sells 23C for 25 USD and includes the rest; `taken` are not free.
 */
export function ba117Map(taken: string[] = ['23B']): SeatMap {
  return {
    segment_index: 0,
    flight: 'BA117',
    departure_date: '2026-12-22',
    aircraft: { code: '777', name: 'Boeing 777-300ER' },
    cabins: [
      {
        cabin: 'Economy',
        columns: [
          ['A', 'B', 'C'],
          ['D', 'E', 'F'],
        ],
        bookable: true,
        rows: [
          {
            row: 12,
            exit: true,
            seats: ['A', 'B', 'C', 'D', 'E', 'F'].map((column) => ({
              designator: `12${column}`,
              available: !taken.includes(`12${column}`),
              characteristics: [kind(column), 'exit_row', 'extra_legroom'],
              price: usd(60),
              restriction: {
                code: 'exit_row' as const,
                message: EXIT_ROW_RULE,
                applies_to: ['child' as const, 'adult_with_infant' as const],
              },
            })),
          },
          {
            row: 23,
            seats: ['A', 'B', 'C', 'D', 'E', 'F'].map((column) => ({
              designator: `23${column}`,
              available: !taken.includes(`23${column}`),
              characteristics: [kind(column)],
              ...(column === 'C' ? { price: usd(25) } : {}),
            })),
          },
        ],
      },
    ],
  };
}

/** One 23 kg bag included, up to two more at 45 USD, for each passenger who has a seat. */
export const bagOffer = (passenger_index: number, overrides: Partial<BagOffer> = {}): BagOffer => ({
  passenger_index,
  segment_index: 0,
  included: { pieces: 1, weight_kg: 23 },
  weight_kg: 23,
  price: usd(45),
  max_quantity: 2,
  ...overrides,
});

export const bagCatalog = (overrides: Partial<ServiceCatalog> = {}): ServiceCatalog => ({
  bags: [bagOffer(0), bagOffer(1), bagOffer(2)],
  can_add: true,
  closed_reason: null,
  ...overrides,
});
