import type { Cabin, FareBrand, PassengerType } from '@skydesk/contract';
import { amountToMinor, BagOffer, CABINS, FARE_BRANDS, MAX_EXTRA_BAGS } from '@skydesk/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BagFlight } from '../../services.js';
import { bagOffers, quoteBagRequests } from './index.js';
import { bagPriceMinor, extraBagWeightKg } from './prices.js';

const cabin = fc.constantFrom<Cabin>(...CABINS);
const brand = fc.constantFrom<FareBrand>(...FARE_BRANDS);
const minutes = fc.integer({ min: 20, max: 1200 });
const flightCode = fc.stringMatching(/^[A-Z]{2}\d{1,4}$/);
const party = fc.array(fc.constantFrom<PassengerType>('adult', 'child', 'infant'), {
  minLength: 1,
  maxLength: 9,
});
const bagFlight = (segmentIndex: number) =>
  fc.record({
    segmentIndex: fc.constant(segmentIndex),
    flight: flightCode,
    cabin,
    blockMinutes: minutes,
    brand,
    included: fc.record({ pieces: fc.integer({ min: 0, max: 3 }), weightKg: fc.constantFrom(0, 23, 32) }),
  }) satisfies fc.Arbitrary<BagFlight>;
const flights = fc
  .integer({ min: 1, max: 6 })
  .chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => bagFlight(index))));

describe('extra bag prices', () => {
  it('are positive whole units, and the same for the same flight', () => {
    fc.assert(
      fc.property(cabin, brand, minutes, flightCode, (c, b, m, f) => {
        const price = bagPriceMinor({ cabin: c, brand: b, blockMinutes: m, flight: f });
        expect(price).toBeGreaterThan(0);
        expect(price % 100).toBe(0);
        expect(bagPriceMinor({ cabin: c, brand: b, blockMinutes: m, flight: f })).toBe(price);
      }),
    );
  });

  it('never fall as the route gets longer', () => {
    fc.assert(
      fc.property(cabin, brand, minutes, minutes, flightCode, (c, b, m1, m2, f) => {
        const [short, long] = m1 <= m2 ? [m1, m2] : [m2, m1];
        expect(bagPriceMinor({ cabin: c, brand: b, blockMinutes: short, flight: f })).toBeLessThanOrEqual(
          bagPriceMinor({ cabin: c, brand: b, blockMinutes: long, flight: f }),
        );
      }),
    );
  });

  it('are lower on Flex than on Standard, and on Standard than on Basic', () => {
    fc.assert(
      fc.property(cabin, minutes, flightCode, (c, m, f) => {
        const of = (b: FareBrand) => bagPriceMinor({ cabin: c, brand: b, blockMinutes: m, flight: f });
        expect(of('Flex')).toBeLessThanOrEqual(of('Standard'));
        expect(of('Standard')).toBeLessThanOrEqual(of('Basic'));
      }),
    );
  });

  it('weigh 23 kg in Economy and Premium Economy, 32 kg in Business and First', () => {
    expect(extraBagWeightKg('Economy')).toBe(23);
    expect(extraBagWeightKg('PremiumEconomy')).toBe(23);
    expect(extraBagWeightKg('Business')).toBe(32);
    expect(extraBagWeightKg('First')).toBe(32);
  });
});

describe('bag offers', () => {
  it('one per passenger who checks bags and flight, none for an infant, each with its flight allowance', () => {
    fc.assert(
      fc.property(party, flights, (passengers, trip) => {
        const offers = bagOffers({ flights: trip, passengers }, 'USD');
        const checking = passengers.filter((type) => type !== 'infant').length;
        expect(offers).toHaveLength(checking * trip.length);
        for (const offer of offers) {
          BagOffer.parse(offer);
          expect(passengers[offer.passenger_index]).not.toBe('infant');
          const flight = trip[offer.segment_index]!;
          expect(offer.included).toEqual({
            pieces: flight.included.pieces,
            weight_kg: flight.included.weightKg,
          });
          expect(offer.weight_kg).toBe(extraBagWeightKg(flight.cabin));
          expect(amountToMinor(offer.price.Amount)).toBe(bagPriceMinor(flight));
          expect(offer.max_quantity).toBe(MAX_EXTRA_BAGS);
        }
      }),
    );
  });

  it('offer what is left of the maximum once bags are bought, never below zero', () => {
    fc.assert(
      fc.property(
        party,
        flights,
        fc.array(
          fc.record({
            passengerIndex: fc.nat(8),
            segmentIndex: fc.nat(5),
            quantity: fc.integer({ min: 1, max: 3 }),
          }),
          {
            maxLength: 12,
          },
        ),
        (passengers, trip, bought) => {
          for (const offer of bagOffers({ flights: trip, passengers, bought }, 'USD')) {
            const had = bought
              .filter(
                (entry) =>
                  entry.passengerIndex === offer.passenger_index &&
                  entry.segmentIndex === offer.segment_index,
              )
              .reduce((sum, entry) => sum + entry.quantity, 0);
            expect(offer.max_quantity).toBe(Math.max(0, MAX_EXTRA_BAGS - had));
          }
        },
      ),
    );
  });
});

describe('pricing bag requests', () => {
  const requests = fc.array(
    fc.record({
      passenger_index: fc.nat(9),
      segment_index: fc.nat(6),
      quantity: fc.integer({ min: 1, max: 4 }),
    }),
    { minLength: 1, maxLength: 8 },
  );

  it('accepts only what the offers allow, and charges quantity × the offered price', () => {
    fc.assert(
      fc.property(party, flights, requests, (passengers, trip, asked) => {
        const answer = quoteBagRequests({ flights: trip, passengers, requests: asked });
        const counts = new Map<string, number>();
        let valid = true;
        for (const request of asked) {
          const key = `${request.passenger_index}/${request.segment_index}`;
          counts.set(key, (counts.get(key) ?? 0) + request.quantity);
          const type = passengers[request.passenger_index];
          if (
            !type ||
            type === 'infant' ||
            !trip[request.segment_index] ||
            counts.get(key)! > MAX_EXTRA_BAGS
          ) {
            valid = false;
          }
        }
        expect(answer.ok).toBe(valid);
        if (!answer.ok) return;
        const offers = bagOffers({ flights: trip, passengers }, 'USD');
        let total = 0;
        for (const quote of answer.quotes) {
          const offer = offers.find(
            (entry) =>
              entry.passenger_index === quote.passenger_index && entry.segment_index === quote.segment_index,
          )!;
          expect(quote.amountMinor).toBe(amountToMinor(offer.price.Amount) * quote.quantity);
          expect(quote.weightKg).toBe(offer.weight_kg);
          total += quote.amountMinor;
        }
        expect(answer.totalMinor).toBe(total);
      }),
    );
  });

  it('counts the bags already bought against the maximum', () => {
    const trip: BagFlight[] = [
      {
        segmentIndex: 0,
        flight: 'SK101',
        cabin: 'Economy',
        blockMinutes: 120,
        brand: 'Basic',
        included: { pieces: 0, weightKg: 0 },
      },
    ];
    const bought = [{ passengerIndex: 0, segmentIndex: 0, quantity: 2 }];
    const request = (quantity: number) => [{ passenger_index: 0, segment_index: 0, quantity }];
    expect(quoteBagRequests({ flights: trip, passengers: ['adult'], requests: request(1), bought }).ok).toBe(
      true,
    );
    expect(
      quoteBagRequests({ flights: trip, passengers: ['adult'], requests: request(2), bought }),
    ).toMatchObject({
      ok: false,
      field: 'quantity',
      message: 'At most 3 extra bags per passenger and flight',
    });
    expect(
      quoteBagRequests({
        flights: trip,
        passengers: ['adult', 'infant'],
        requests: [{ passenger_index: 1, segment_index: 0, quantity: 1 }],
      }),
    ).toMatchObject({ ok: false, field: 'passenger_index', message: 'An infant travels without extra bags' });
  });
});
