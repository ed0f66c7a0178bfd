import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDuffelTestServer,
  type DuffelTestServer,
} from '../../../test/support/duffel/duffel-test-server.js';
import { NO_PLATFORM_RULES, priceRemoteOffer } from '../remote-pricing.js';
import { createDuffelHttp } from './http.js';
import {
  assignBrands,
  evenShares,
  journeyKey,
  journeyLegOption,
  localInstant,
  type PricedOffer,
  partyOf,
  passengersInOrder,
  presentItinerary,
  pricingInfo,
  remoteTripOf,
  tripTypeOf,
} from './offers.js';
import type { Offer, OfferRequest } from './types.js';

/**
 * Duffel offers in the portal's shapes, read from the local test server's offers (GBP): Duffel
 * Airways (ZZ: Basic, Standard, Flex, holdable) and Aurora Test Airways (Z1: Light, Classic, paid
 * at once). Prices converted at 1.25 into USD without markup.
 */

const TOKEN = 'duffel_test_local';
let server: DuffelTestServer;
let offers: Offer[];

beforeAll(async () => {
  server = await createDuffelTestServer({ token: TOKEN, seed: 11 });
  const http = createDuffelHttp({ token: TOKEN, baseUrl: server.url });
  const date = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const answer = await http.request<OfferRequest>({
    method: 'POST',
    path: '/air/offer_requests',
    params: { return_offers: true },
    data: {
      slices: [
        { origin: 'LHR', destination: 'JFK', departure_date: date(30) },
        { origin: 'JFK', destination: 'LHR', departure_date: date(37) },
      ],
      passengers: [{ type: 'adult' }, { age: 10 }, { type: 'adult' }, { age: 1 }],
      cabin_class: 'economy',
      max_connections: 1,
    },
    write: false,
  });
  offers = answer.data.offers as Offer[];
});
afterAll(async () => server?.close());

const priced = (offer: Offer): PricedOffer => {
  const party = partyOf(offer);
  return {
    offer,
    party,
    rate: 1.25,
    price: priceRemoteOffer({
      total: { amount: offer.total_amount, currency: offer.total_currency },
      tax: { amount: offer.tax_amount!, currency: offer.tax_currency! },
      rate: 1.25,
      party,
      trip: remoteTripOf(offer, '2026-11-22', 'USD'),
      platform: NO_PLATFORM_RULES,
    })!,
  };
};
const journeyOf = (carrier: string) => {
  const first = offers.find((o) => o.owner.iata_code === carrier)!;
  return offers
    .filter((o) => journeyKey(o) === journeyKey(first))
    .sort((a, b) => Number(a.total_amount) - Number(b.total_amount));
};

describe('Duffel offers in the portal’s shapes', () => {
  it('reads the party and orders Duffel’s passenger ids adults, children, infants', () => {
    const offer = offers[0]!;
    expect(partyOf(offer)).toEqual({ adults: 2, children: 1, infants: 1 });
    expect(passengersInOrder(offer).map((p) => p.type)).toEqual(['adult', 'adult', 'child', 'infant']);
    expect(tripTypeOf(offer)).toBe('Return');
  });

  it('maps a journey’s brands onto Basic, Standard, Flex by rank and conditions', () => {
    const zz = journeyOf('ZZ');
    expect(zz.map((o) => o.slices[0]!.fare_brand_name)).toEqual(['Basic', 'Standard', 'Flex']);
    expect(assignBrands(zz)).toEqual(['Basic', 'Standard', 'Flex']);
    const z1 = journeyOf('Z1');
    expect(z1.map((o) => o.slices[0]!.fare_brand_name)).toEqual(['Light', 'Classic']);
    // Classic refunds with a penalty: Standard, not Flex.
    expect(assignBrands(z1)).toEqual(['Basic', 'Standard']);
    expect(assignBrands([z1[0]!])).toEqual(['Basic']);
    expect(assignBrands([zz[2]!])).toEqual(['Flex']);
  });

  it('prices a brand with its bags per segment, refundability and penalties', () => {
    const [basic, standard, flex] = journeyOf('ZZ').map(priced);
    const basicInfo = pricingInfo(basic!, 'Basic', 'USD');
    expect(basicInfo.Refundable).toBe(false);
    // Not refundable: the cancel penalty is the adult's whole base fare; a change costs GBP 75.
    expect(basicInfo.Penalties.Cancel.Amount * 100).toBeCloseTo(basic!.price.fares.adult.base, 0);
    expect(basicInfo.Penalties.Change).toEqual({ Amount: 93.75, CurrencyCode: 'USD' });
    expect(basicInfo.FareInfos.every((info) => info.Baggage.Pieces === 0 && info.BrandName === 'Basic')).toBe(
      true,
    );
    const standardInfo = pricingInfo(standard!, 'Standard', 'USD');
    expect(standardInfo).toMatchObject({
      Refundable: true,
      Penalties: { Cancel: { Amount: 125 }, Change: { Amount: 62.5 } },
    });
    expect(standardInfo.FareInfos.map((info) => info.Baggage)).toEqual(
      standard!.offer.slices.flatMap((slice) => slice.segments.map(() => ({ Pieces: 1, WeightKg: 0 }))),
    );
    expect(pricingInfo(flex!, 'Flex', 'USD').Penalties.Cancel.Amount).toBe(0);
    // The party's total: the fares by type add up to it.
    const breakdown = basicInfo.PTC_FareBreakdowns.PTC_FareBreakdown;
    expect(breakdown.map((b) => [b.PassengerTypeQuantity.Code, b.PassengerTypeQuantity.Quantity])).toEqual([
      ['ADT', 2],
      ['CNN', 1],
      ['INF', 1],
    ]);
    const sum = breakdown.reduce(
      (total, b) =>
        total + Math.round(b.PassengerFare.TotalFare.Amount * 100) * b.PassengerTypeQuantity.Quantity,
      0,
    );
    expect(sum).toBe(Math.round(basicInfo.ItinTotalFare.TotalFare.Amount * 100));
  });

  it('shows a journey as one flat itinerary: the cheapest brand, the others as families; instant when unholdable', () => {
    const zz = journeyOf('ZZ').map(priced);
    const itinerary = presentItinerary({
      main: { priced: zz[0]!, brand: 'Basic', offerId: 'd1.main' },
      families: [
        { priced: zz[1]!, brand: 'Standard', offerId: 'd1.std' },
        { priced: zz[2]!, brand: 'Flex', offerId: 'd1.flex' },
      ],
      tripType: 'Return',
      cabin: 'Economy',
      currency: 'USD',
      sequenceNumber: 1,
    });
    expect(itinerary.ticketing).toBeUndefined();
    expect(itinerary.FareFamilies.map((f) => [f.BrandName, f.offer_id, f.SoldOut])).toEqual([
      ['Standard', 'd1.std', false],
      ['Flex', 'd1.flex', false],
    ]);
    const [out, back] = itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption;
    expect(out!.FlightSegment[0]).toMatchObject({
      DepartureAirport: { LocationCode: 'LHR' },
      MarketingAirline: { Code: 'ZZ', Name: 'Duffel Airways' },
      CabinClass: 'Economy',
    });
    expect(out!.FlightSegment[0]!.DepartureUTCOffset).toMatch(/^\+0[01]:00$/);
    expect(back!.FlightSegment[0]!.DepartureUTCOffset).toMatch(/^-0[45]:00$/);
    expect(out!.ElapsedTime).toBeGreaterThan(400);

    const z1 = journeyOf('Z1').map(priced);
    const aurora = presentItinerary({
      main: { priced: z1[0]!, brand: 'Basic', offerId: 'd1.a' },
      families: [{ priced: z1[1]!, brand: 'Standard', offerId: 'd1.b' }],
      tripType: 'Return',
      cabin: 'Economy',
      currency: 'USD',
      sequenceNumber: 2,
    });
    expect(aurora.ticketing).toBe('instant');
    expect(aurora.FareFamilies[0]!.ticketing).toBe('instant');
    expect(aurora.AirItineraryPricingInfo.FareInfos[0]).toMatchObject({
      BrandName: 'Basic',
      BrandLabel: 'Light',
    });
  });

  it('splits a journey’s brands evenly over its legs in the grouped answer, so the legs add up to it', () => {
    const zz = journeyOf('ZZ').map(priced);
    const brands = [
      { priced: zz[0]!, brand: 'Basic' as const },
      { priced: zz[1]!, brand: 'Standard' as const },
      { priced: zz[2]!, brand: 'Flex' as const },
    ];
    const legs = [0, 1].map((leg) =>
      journeyLegOption({ id: `o${leg}`, leg, brands, cabinTotal: zz[0]!.price.totalMinor, currency: 'USD' }),
    );
    for (const [index, entry] of brands.entries()) {
      const sum =
        Math.round(legs[0]!.brands[index]!.total! * 100) + Math.round(legs[1]!.brands[index]!.total! * 100);
      expect(sum).toBe(entry.priced.price.totalMinor);
    }
    expect(legs[0]!.brands.map((b) => [b.brand, b.baggage.pieces, b.refundable])).toEqual([
      ['Basic', 0, false],
      ['Standard', 1, true],
      ['Flex', 2, true],
    ]);
    expect(legs[1]!.segments[0]!.departure.airport).toBe('JFK');
    expect(evenShares(1001, 2)).toEqual([501, 500]);
  });

  it('reads local times in their zone across a clock change', () => {
    expect(localInstant('2026-03-29T01:30:00', 'Europe/London').offset).toBe('+00:00');
    expect(localInstant('2026-03-29T03:30:00', 'Europe/London').offset).toBe('+01:00');
    expect(localInstant('2026-07-01T12:00:00', 'America/New_York')).toEqual({
      at: Date.parse('2026-07-01T16:00:00Z'),
      offset: '-04:00',
    });
    expect(localInstant('2026-07-01T12:00:00', 'Nowhere/Special').offset).toBe('+00:00');
  });
});
