import { BagOffer } from '@skydesk/contract';
import { describe, expect, it } from 'vitest';
import { type RemoteOffer, withServices } from '../remote-orders.js';
import type { BagFlight } from '../services.js';
import { bagOffersOf, quoteOf } from './services.js';
import type { Offer, SeatMap } from './types.js';

/**
 * Duffel's extra bags and seats as the portal sells them (issue 31): bags per passenger and flight
 * from the offer's baggage services (a slice's service shown on each of its flights, its price
 * shared), seats from the seat map's services for the passenger, and the services folded into the
 * offer so the order is paid for fare and services exactly.
 */

const bag = (
  id: string,
  passenger: string,
  segments: string[],
  amount: string,
  weight: number | null = 23,
) => ({
  id,
  type: 'baggage',
  passenger_ids: [passenger],
  segment_ids: segments,
  maximum_quantity: 2,
  total_amount: amount,
  total_currency: 'GBP',
  metadata: { type: 'checked', maximum_weight_kg: weight },
});

const segment = (id: string) => ({
  id,
  passengers: [
    { passenger_id: 'pas_a', baggages: [{ type: 'checked', quantity: 1 }] },
    { passenger_id: 'pas_c', baggages: [{ type: 'checked', quantity: 1 }] },
  ],
});

// Out: two flights through a hub (one bag service over both); back: one flight.
const offer = {
  id: 'off_1',
  slices: [{ segments: [segment('seg_1'), segment('seg_2')] }, { segments: [segment('seg_3')] }],
  available_services: [
    bag('ase_a_out', 'pas_a', ['seg_1', 'seg_2'], '45.01'),
    bag('ase_c_out', 'pas_c', ['seg_1', 'seg_2'], '45.01'),
    bag('ase_a_back', 'pas_a', ['seg_3'], '30.00'),
    bag('ase_c_back', 'pas_c', ['seg_3'], '30.00', null), // states no weight: left out
  ],
} as unknown as Offer;

const remote: RemoteOffer = {
  offerId: 'off_1',
  passengers: [
    { id: 'pas_a', type: 'adult' },
    { id: 'pas_c', type: 'child' },
    { id: 'pas_i', type: 'infant' },
  ],
  segmentIds: ['seg_1', 'seg_2', 'seg_3'],
  price: { amount: '500.00', currency: 'GBP' },
  rate: 2,
  netMinor: 100_000,
  markupMinor: 5_000,
  instantPaymentOnly: false,
  holdUntil: new Date('2026-12-01T00:00:00Z'),
};

const flights = [0, 1, 2].map(
  (segmentIndex): BagFlight => ({
    segmentIndex,
    flight: `ZZ${100 + segmentIndex}`,
    cabin: 'Economy',
    blockMinutes: 120,
    brand: 'Basic',
    included: { pieces: 1, weightKg: 0 },
  }),
);

const seatMap = (segmentId: string): SeatMap =>
  ({
    id: `sea_${segmentId}`,
    segment_id: segmentId,
    slice_id: 'sli',
    cabins: [
      {
        deck: 0,
        cabin_class: 'economy',
        aisles: 1,
        wings: null,
        rows: [
          {
            sections: [
              {
                elements: [
                  {
                    type: 'seat',
                    designator: '12A',
                    disclosures: ['Do not seat children in exit row seats'],
                    available_services: [
                      {
                        id: `ase_12A_${segmentId}`,
                        passenger_id: 'pas_a',
                        total_amount: '20.00',
                        total_currency: 'GBP',
                      },
                    ],
                  },
                  {
                    type: 'seat',
                    designator: '12B',
                    disclosures: [],
                    available_services: [
                      {
                        id: `ase_12B_a_${segmentId}`,
                        passenger_id: 'pas_a',
                        total_amount: '0.00',
                        total_currency: 'GBP',
                      },
                      {
                        id: `ase_12B_c_${segmentId}`,
                        passenger_id: 'pas_c',
                        total_amount: '0.00',
                        total_currency: 'GBP',
                      },
                    ],
                  },
                  { type: 'seat', designator: '12C', disclosures: [], available_services: [] },
                ],
              },
            ],
          },
        ],
      },
    ],
  }) as unknown as SeatMap;
const maps = ['seg_1', 'seg_2', 'seg_3'].map(seatMap);

describe('Duffel extra bags', () => {
  const offers = bagOffersOf(offer, remote, flights, 'USD', [
    { passengerIndex: 0, segmentIndex: 2, quantity: 1 },
  ]);

  it('offers a bag per passenger and flight, none for the infant or a bag of no stated weight', () => {
    for (const entry of offers) expect(BagOffer.parse(entry)).toEqual(entry);
    expect(offers.map((o) => [o.passenger_index, o.segment_index])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [1, 0],
      [1, 1],
    ]);
    expect(offers[0]).toMatchObject({
      included: { pieces: 1, weight_kg: 0 },
      weight_kg: 23,
      max_quantity: 2,
    });
  });

  it('shares a two-flight bag’s price between its flights (the shares add up), converted at the rate', () => {
    // 45.01 GBP × 2 = 90.02 USD, over two flights.
    expect(offers[0]!.price).toEqual({ Amount: 45.01, CurrencyCode: 'USD' });
    expect(offers[1]!.price).toEqual({ Amount: 45.01, CurrencyCode: 'USD' });
    expect(offers[2]!.price).toEqual({ Amount: 60, CurrencyCode: 'USD' });
  });

  it('lowers what is left by the bags already bought', () => {
    expect(offers[2]!.max_quantity).toBe(1);
  });
});

describe('Duffel services with an order', () => {
  it('turns seats and bags into Duffel service ids with their amounts, a two-flight bag bought once', () => {
    const quote = quoteOf(offer, maps, remote, [
      { type: 'seat', passenger_index: 0, segment_index: 0, designator: '12A' },
      { type: 'seat', passenger_index: 1, segment_index: 0, designator: '12B' },
      { type: 'bag', passenger_index: 0, segment_index: 0, quantity: 2 },
      { type: 'bag', passenger_index: 0, segment_index: 1, quantity: 2 },
      { type: 'bag', passenger_index: 0, segment_index: 2, quantity: 1 },
    ]);
    expect(quote).toEqual({
      status: 'quoted',
      services: {
        items: [
          { id: 'ase_12A_seg_1', quantity: 1 },
          { id: 'ase_12B_c_seg_1', quantity: 1 },
          { id: 'ase_a_out', quantity: 2 },
          { id: 'ase_a_back', quantity: 1 },
        ],
        // 20.00 + 0.00 + 2 × 45.01 + 30.00
        price: { amount: '140.02', currency: 'GBP' },
        netMinor: 28_004,
      },
      amountsMinor: [4_000, 0, 18_004, 0, 6_000],
      weightsKg: [null, null, 23, 23, 23],
      totalMinor: 28_004,
    });
  });

  it('refuses what Duffel would not sell, naming the request at fault', () => {
    const refused = (request: Parameters<typeof quoteOf>[3][number]) =>
      quoteOf(offer, maps, remote, [request]) as { status: string; field: string; message: string };
    expect(refused({ type: 'seat', passenger_index: 1, segment_index: 0, designator: '12A' })).toEqual({
      status: 'invalid',
      field: 'services.0.designator',
      message: 'The airline does not sell seat 12A to this passenger: Do not seat children in exit row seats',
    });
    expect(refused({ type: 'seat', passenger_index: 0, segment_index: 0, designator: '12C' }).message).toBe(
      'Seat 12C is taken',
    );
    expect(refused({ type: 'seat', passenger_index: 0, segment_index: 0, designator: '30A' }).field).toBe(
      'services.0.designator',
    );
    expect(refused({ type: 'bag', passenger_index: 2, segment_index: 0, quantity: 1 }).field).toBe(
      'services.0.passenger_index',
    );
    expect(refused({ type: 'bag', passenger_index: 1, segment_index: 2, quantity: 1 }).field).toBe(
      'services.0.segment_index',
    );
    expect(refused({ type: 'bag', passenger_index: 0, segment_index: 0, quantity: 3 }).field).toBe(
      'services.0.quantity',
    );
    expect(
      quoteOf(offer, maps, remote, [
        { type: 'bag', passenger_index: 0, segment_index: 0, quantity: 1 },
        { type: 'bag', passenger_index: 0, segment_index: 1, quantity: 2 },
      ]),
    ).toMatchObject({ status: 'invalid', field: 'services.1.quantity' });
    expect(
      quoteOf(offer, maps, remote, [
        { type: 'seat', passenger_index: 0, segment_index: 0, designator: '12B' },
        { type: 'seat', passenger_index: 1, segment_index: 0, designator: '12B' },
      ]),
    ).toMatchObject({ status: 'invalid', message: 'Two passengers cannot have the same seat' });
  });

  it('folds the services into the offer: paid for both, ordered at once, and nothing folded without services', () => {
    const quote = quoteOf(offer, maps, remote, [
      { type: 'seat', passenger_index: 0, segment_index: 0, designator: '12A' },
    ]);
    if (quote.status !== 'quoted') throw new Error('not quoted');
    const folded = withServices(remote, quote.services);
    expect(folded).toMatchObject({
      price: { amount: '520.00', currency: 'GBP' },
      netMinor: 104_000,
      instantPaymentOnly: true,
      holdUntil: null,
      services: quote.services,
    });
    expect(withServices(remote, undefined)).toBe(remote);
  });
});
