import { type FareFamily, GroupedSearchResult, type PricedItinerary, SoldOutBrand } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../support/app.js';
import { post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  bookOk,
  FAMILY,
  flightOf,
  issueOk,
  type Mix,
  ONE_ADULT,
  searchBody,
  searchOffers,
  seatsSold,
  segmentsOf,
  signInAgain,
  totalOf,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 16 through the API: each itinerary's other brands (FareFamilies) are booked in their
 * brand — its price, bags and penalties on the booking, so a later refund takes the brand's
 * penalty — and a brand whose classes real holds have sold out is shown sold out, refused with
 * 409 and the brands there are now. The test clock starts at 2026-11-22T12:00Z.
 */

const HOUR_MS = 3_600_000;
const minor = (amount: number) => Math.round(amount * 100);
const flightNumberOf = (itinerary: PricedItinerary) =>
  segmentsOf(itinerary)
    .map((segment) => `${segment.MarketingAirline.Code}${segment.FlightNumber}`)
    .join('_');
const familyOf = (itinerary: PricedItinerary, brand: string) =>
  itinerary.FareFamilies.find((family) => family.BrandName === brand)!;

describe.each(storeKinds())('fare families on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  beforeAll(async () => {
    // Refunds settle at once; the holds that sell a flight's Basic seats are not limited.
    t = await createTestApp(kind, {
      config: testConfig({ refundApprovalDelaySeconds: 0, holdValueRatio: 0, maxHeldSeatsPerFlight: 0 }),
    });
    agent = await bookingAgent(t, { creditsMinor: 50_000_000 });
  });
  afterAll(async () => t?.close());

  it('prices every brand of the same flights, cheapest first, each with its own terms and offer', async () => {
    const [itinerary] = await searchOffers(t, agent, { mix: FAMILY, date: '2026-12-18' });
    const pricing = itinerary!.AirItineraryPricingInfo;
    expect(pricing.FareInfos.every((info) => info.BrandName === 'Basic')).toBe(true);
    expect(pricing.Refundable).toBe(false);
    expect(itinerary!.FareFamilies.map((family) => [family.BrandName, family.SoldOut])).toEqual([
      ['Standard', false],
      ['Flex', false],
    ]);
    const [standard, flex] = itinerary!.FareFamilies as [FareFamily, FareFamily];
    const totals = [pricing, standard.AirItineraryPricingInfo!, flex.AirItineraryPricingInfo!].map(
      (info) => info.ItinTotalFare.TotalFare.Amount,
    );
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(new Set(totals).size).toBe(3);
    expect(standard.AirItineraryPricingInfo).toMatchObject({
      Refundable: true,
      FareInfos: [expect.objectContaining({ BrandName: 'Standard', Baggage: { Pieces: 1, WeightKg: 23 } })],
    });
    expect(flex.AirItineraryPricingInfo).toMatchObject({
      Refundable: true,
      Penalties: { Cancel: { Amount: 0 }, Change: { Amount: 0 } },
      FareInfos: [expect.objectContaining({ BrandName: 'Flex', Baggage: { Pieces: 2, WeightKg: 23 } })],
    });
    const offers = [itinerary!.offer_id, standard.offer_id, flex.offer_id];
    expect(new Set(offers).size).toBe(3);
    // Seats left in each brand's cheapest class, nothing sold: Standard's Q sells 45 % of the
    // cabin, Flex's B 90 %.
    const cabin = segmentsOf(itinerary!)[0]!.SeatsRemaining;
    expect(standard.SeatsRemaining).toBe(Math.floor(cabin * 0.45));
    expect(flex.SeatsRemaining).toBe(Math.floor(cabin * 0.9));
  });

  it('books a brand of FareFamilies at its price and terms, and refunds it by its own penalty', async () => {
    const mix: Mix = FAMILY;
    const [itinerary] = await searchOffers(t, agent, { mix, date: '2026-12-16' });
    const refundOf = async (brand: 'Standard' | 'Flex') => {
      const family = familyOf(itinerary!, brand);
      const booking = await bookOk(t, agent, { ...bookingBody(itinerary!, mix), offer_id: family.offer_id });
      expect(booking.total.Amount).toBe(family.AirItineraryPricingInfo!.ItinTotalFare.TotalFare.Amount);
      expect(booking.pricing).toEqual(family.AirItineraryPricingInfo);
      expect(booking.segments.map((segment) => segment.FlightNumber)).toEqual(
        segmentsOf(itinerary!).map((segment) => segment.FlightNumber),
      );
      t.clock.advance(60_000);
      return issueOk(t, agent, booking.pnr);
    };
    const standard = await refundOf('Standard');
    const flex = await refundOf('Flex');
    // Past the void window: a refund, by each booking's own brand.
    t.clock.advance(25 * HOUR_MS);
    agent = await signInAgain(t, agent);
    const quote = async (bookingId: string) => {
      const res = await post(t, '/api/getPenalty', { booking_id: bookingId }, { token: agent.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { refundable: boolean; tickets: { penalty: { Amount: number } }[] };
    };
    const fee = familyOf(itinerary!, 'Standard').AirItineraryPricingInfo!.Penalties.Cancel.Amount;
    expect(fee).toBeGreaterThan(0);
    const standardQuote = await quote(standard.id);
    expect(standardQuote.refundable).toBe(true);
    // Two adults and a child pay the cancel fee (never more than their base fare), the infant none.
    expect(standardQuote.tickets.map((ticket) => ticket.penalty.Amount)[0]).toBe(fee);
    expect(standardQuote.tickets.at(-1)!.penalty.Amount).toBe(0);
    const flexQuote = await quote(flex.id);
    expect(flexQuote.refundable).toBe(true);
    expect(flexQuote.tickets.map((ticket) => ticket.penalty.Amount)).toEqual([0, 0, 0, 0]);
    const refund = await post(
      t,
      '/api/request-ticket-refund',
      { booking_id: flex.id, reason: 'Plans changed' },
      { token: agent.token },
    );
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().data.status).toBe('refunded');
  });

  it('shows a brand sold out by real holds as sold out, and refuses it with 409 and the brands now', async () => {
    const date = '2026-12-22';
    const [first] = await searchOffers(t, agent, { date });
    const target = flightNumberOf(first!);
    const key = flightOf(first!);
    const basicOffer = first!.offer_id;
    // The grouped answer of the same day, before the seats go: its ids are priced after.
    const groupedBody = { ...searchBody({ date }), view: 'itineraries' };
    const before = await post(t, '/api/search', groupedBody, { token: agent.token });
    expect(before.statusCode, before.body).toBe(200);
    const grouped = GroupedSearchResult.parse(before.json().data);
    const flightsOf = (candidate: (typeof grouped.legs)[number]['options'][number]) =>
      candidate.segments.map((s) => `${s.marketing}${s.flight_number}`).join('_');
    const option = grouped.legs[0]!.options.find((candidate) => flightsOf(candidate) === target)!;
    expect(option.brands.map((brand) => brand.sold_out)).toEqual([false, false, false]);

    // Another agency holds nine seats at a time until Basic (30 % of the cabin) is gone for one more.
    const other = await bookingAgent(t, { creditsMinor: 500_000_000 });
    const nine: Mix = { adults: 9, children: 0, infants: 0 };
    const basicSeats = Math.floor(key.seatsRemaining * 0.3);
    while ((await seatsSold(t.store.db, key)) < basicSeats) {
      const offers = await searchOffers(t, other, { date, mix: nine });
      const same = offers.find((candidate) => flightNumberOf(candidate) === target)!;
      await bookOk(t, other, bookingBody(same, nine));
    }

    const now = (await searchOffers(t, agent, { date })).find(
      (candidate) => flightNumberOf(candidate) === target,
    )!;
    expect(now.AirItineraryPricingInfo.FareInfos[0]!.BrandName).toBe('Standard');
    expect(
      now.FareFamilies.map((family) => [family.BrandName, family.SoldOut, family.offer_id === null]),
    ).toEqual([
      ['Basic', true, true],
      ['Flex', false, false],
    ]);
    expect(now.FareFamilies[0]).toMatchObject({ SeatsRemaining: 0, AirItineraryPricingInfo: null });
    expect(totalOf(now)).toBeGreaterThan(totalOf(first!));

    // The Basic offer of before: 409, with the flights' brands as they are now.
    const booking = await post(t, '/api/booking', bookingBody(first!, ONE_ADULT), { token: agent.token });
    expect(booking.statusCode, booking.body).toBe(409);
    const soldOut = SoldOutBrand.parse(booking.json().data);
    expect(soldOut.alternatives.map((family) => [family.BrandName, family.SoldOut])).toEqual([
      ['Basic', true],
      ['Standard', false],
      ['Flex', false],
    ]);
    expect(soldOut.alternatives[1]!.AirItineraryPricingInfo!.ItinTotalFare.TotalFare.Amount).toBe(
      totalOf(now),
    );
    expect(basicOffer).toBe(first!.offer_id);
    // An alternative books.
    const alternative = await bookOk(t, agent, {
      ...bookingBody(first!, ONE_ADULT),
      offer_id: soldOut.alternatives[1]!.offer_id,
    });
    expect(minor(alternative.total.Amount)).toBe(minor(totalOf(now)));

    // The grouped answer of before, priced now: Basic is 409 with the brands now, Standard sells.
    const price = (brand: string) =>
      post(
        t,
        '/api/search/price',
        { search: groupedBody, option_ids: [option.id], brand },
        { token: agent.token },
      );
    const basic = await price('Basic');
    expect(basic.statusCode, basic.body).toBe(409);
    expect(
      SoldOutBrand.parse(basic.json().data).alternatives.map((family) => [family.BrandName, family.SoldOut]),
    ).toEqual([
      ['Basic', true],
      ['Standard', false],
      ['Flex', false],
    ]);
    const standard = await price('Standard');
    expect(standard.statusCode, standard.body).toBe(200);

    // A fresh grouped answer lists Basic sold out on that option, without a price.
    const after = GroupedSearchResult.parse(
      (await post(t, '/api/search', groupedBody, { token: agent.token })).json().data,
    );
    const same = after.legs[0]!.options.find((candidate) => flightsOf(candidate) === target)!;
    expect(same.brands[0]).toMatchObject({
      brand: 'Basic',
      sold_out: true,
      total: null,
      booking_class: null,
    });
    expect(same.cheapest_total).toBe(same.brands[1]!.total);
  });
});
