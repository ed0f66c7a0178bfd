import { randomUUID } from 'node:crypto';
import {
  type Booking,
  type BookingDetails,
  GroupedSearchResult,
  type PricedItinerary,
  PricedItinerary as PricedItinerarySchema,
} from '@skydesk/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../../src/modules/payments/ledger-repo.js';
import { createTestApp, testConfig } from '../support/app.js';
import { get, post, randomIp, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  agentWithPermissions,
  bookingAgent,
  bookingBody,
  bookOk,
  errorFields,
  FAMILY,
  searchBody,
  searchOffers,
  signInAgain,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 33: the agency's net and its client's selling price on search answers (flat, fare families,
 * grouped, the price endpoint) and on bookings; the override at issue within the owner's limits;
 * service fees written at issue and never debited from the agency's credits.
 */

const minor = (amount: number) => Math.round(amount * 100);
const TEN_PERCENT = { name: 'Ten percent', value: { percent: 10 } };
const BOOKING_FEE = {
  kind: 'fee',
  name: 'Booking fee',
  event: 'issue',
  value: { fixed: { Amount: 15, CurrencyCode: 'USD' }, fixed_per: 'booking' },
};
const RETURN = {
  ...searchBody({ returnDate: '2027-01-03', mix: FAMILY, maxStops: 1 }),
  view: 'itineraries' as const,
};

const passengersOf = (itinerary: PricedItinerary) =>
  itinerary.AirItineraryPricingInfo.PTC_FareBreakdowns.PTC_FareBreakdown.reduce(
    (sum, entry) => sum + entry.PassengerTypeQuantity.Quantity,
    0,
  );

describe.each(storeKinds())('two prices and fees on %s (issue 33)', (kind) => {
  let t: TestApp;
  let owner: Agent;
  let plain: Agent;

  const call = (who: Pick<Agent, 'token'>, method: 'POST' | 'PUT', url: string, payload: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${who.token}` },
      remoteAddress: randomIp(),
      payload: payload as Record<string, unknown>,
    });
  const issueWith = (who: Agent, body: Record<string, unknown>, headers?: Record<string, string>) =>
    post(t, '/api/booking-issue', body, { token: who.token, ...(headers ? { headers } : {}) });
  const details = async (who: Agent, id: string): Promise<BookingDetails> => {
    const res = await get(t, `/api/booking/${id}`, { token: who.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await bookingAgent(t, { creditsMinor: 5_000_000 });
    plain = await bookingAgent(t, { creditsMinor: 5_000_000 });
    for (const rule of [TEN_PERCENT, BOOKING_FEE]) {
      const res = await call(owner, 'POST', '/api/pricing/rules', rule);
      expect(res.statusCode, res.body).toBe(201);
    }
    const settings = await call(owner, 'PUT', '/api/pricing/settings', { max_override_percent: 10 });
    expect(settings.statusCode, settings.body).toBe(200);
  });
  afterAll(async () => t?.close());

  it('flat results and their fare families carry net and selling under the rule; another agency sees net (one cache)', async () => {
    const ours = await searchOffers(t, owner, { mix: FAMILY });
    const theirs = await searchOffers(t, plain, { mix: FAMILY });
    expect(ours.length).toBeGreaterThan(0);
    for (const itinerary of ours) {
      PricedItinerarySchema.parse(itinerary);
      const net = itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare;
      expect(itinerary.net).toEqual(net);
      expect(itinerary.markup_rule).toMatchObject({ name: 'Ten percent' });
      // 10 % on each passenger's fare, rounded per passenger to the cent.
      expect(Math.abs(minor(itinerary.selling!.Amount) - minor(net.Amount) * 1.1)).toBeLessThanOrEqual(
        passengersOf(itinerary),
      );
      for (const family of itinerary.FareFamilies) {
        if (family.SoldOut) {
          expect([family.net, family.selling]).toEqual([null, null]);
          continue;
        }
        const familyNet = family.AirItineraryPricingInfo!.ItinTotalFare.TotalFare;
        expect(family.net).toEqual(familyNet);
        expect(minor(family.selling!.Amount)).toBeGreaterThan(minor(familyNet.Amount));
      }
    }
    for (const itinerary of theirs) {
      expect(itinerary.selling).toEqual(itinerary.net);
      expect(itinerary.markup_rule).toBeNull();
    }
  });

  it('the grouped answer sells each leg; the price endpoint sells a combination at the sum of its legs (property)', async () => {
    const res = await post(t, '/api/search', RETURN, { token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    const grouped = GroupedSearchResult.parse(res.json().data);
    const brandOf = (leg: number, id: string, brand: string) =>
      grouped.legs[leg]!.options.find((o) => o.id === id)!.brands.find((b) => b.brand === brand)!;
    for (const leg of grouped.legs) {
      for (const option of leg.options) {
        expect(option.cheapest_selling_total).toBeGreaterThan(option.cheapest_total);
        for (const brand of option.brands) {
          if (brand.total === null) expect(brand.selling_total).toBeNull();
          else expect(brand.selling_total!).toBeGreaterThan(brand.total);
        }
      }
    }
    const pairs = grouped.legs[0]!.options.flatMap((outbound) =>
      grouped.combinations[0]![outbound.id]!.map(([inbound]) => [outbound.id, inbound] as const),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pairs),
        fc.constantFrom('Basic', 'Standard', 'Flex'),
        async (pair, brand) => {
          const priced = await post(
            t,
            '/api/search/price',
            { search: RETURN, option_ids: [...pair], brand },
            { token: owner.token },
          );
          expect(priced.statusCode, priced.body).toBe(200);
          const itinerary = PricedItinerarySchema.parse(priced.json().data);
          const legs = [brandOf(0, pair[0], brand), brandOf(1, pair[1], brand)];
          expect(minor(itinerary.selling!.Amount)).toBe(
            legs.reduce((sum, entry) => sum + minor(entry.selling_total!), 0),
          );
          expect(minor(itinerary.net!.Amount)).toBe(
            legs.reduce((sum, entry) => sum + minor(entry.total!), 0),
          );
          expect(itinerary.markup_rule).toMatchObject({ name: 'Ten percent' });
        },
      ),
      { numRuns: 12, seed: 33 },
    );
    // The cheapest trip through an outbound option, at the client's price.
    const first = grouped.legs[0]!.options[0]!;
    const [inbound] = grouped.combinations[0]![first.id]![0]!;
    const cheapestBrand = first.brands.find((b) => b.total !== null)!.brand;
    expect(minor(first.cheapest_selling_total!)).toBe(
      minor(brandOf(0, first.id, cheapestBrand).selling_total!) +
        minor(brandOf(1, inbound, cheapestBrand).selling_total!),
    );
  });

  it('a booking sells at the rule’s price; issue adds the fee, debits only the net, and records an override within the limits', async () => {
    const [offer] = await searchOffers(t, owner, { mix: FAMILY, date: '2026-12-21' });
    const booking = await bookOk(t, owner, bookingBody(offer!, FAMILY));
    const netMinor = minor(booking.total.Amount);
    expect(booking.net).toEqual(booking.total);
    expect(booking.selling).toEqual(offer!.selling);
    const held = await details(owner, booking.id);
    expect(held.earnings).toMatchObject({ rule: { name: 'Ten percent' }, override: null, fees: [] });
    const rulesMinor = minor(booking.selling!.Amount);

    // Below the net (not allowed by default), above the ceiling of 10 % over the rules' price.
    const below = await issueWith(owner, { pnr: booking.pnr, selling_total: (netMinor - 1) / 100 });
    expect(below.statusCode, below.body).toBe(422);
    expect(errorFields(below)).toEqual(['selling_total']);
    const ceiling = Math.floor((rulesMinor * 110) / 100);
    const above = await issueWith(owner, { pnr: booking.pnr, selling_total: (ceiling + 1) / 100 });
    expect(above.statusCode, above.body).toBe(422);
    expect(errorFields(above)).toEqual(['selling_total']);

    const balanceBefore = await ledgerSum(t.store.db, owner.companyId);
    const overrideMinor = ceiling;
    const key = { 'idempotency-key': randomUUID() };
    const body = {
      pnr: booking.pnr,
      selling_total: overrideMinor / 100,
      fees: [{ name: 'Courier', amount: 7.5 }],
    };
    const issued = await issueWith(owner, body, key);
    expect(issued.statusCode, issued.body).toBe(200);
    const ticketed: Booking = issued.json().data;
    expect(ticketed).toMatchObject({ status: 'ticketed', total: booking.total, net: booking.total });
    expect(minor(ticketed.selling!.Amount)).toBe(overrideMinor);
    // The same key replays the answer: nothing more debited, no fee twice.
    const again = await issueWith(owner, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(ticketed);

    // Fees are the agency's income: the credits pay the net alone.
    expect(await ledgerSum(t.store.db, owner.companyId)).toBe(balanceBefore - netMinor);
    const shown = await details(owner, booking.id);
    expect(shown.earnings).toEqual({
      net: booking.total,
      selling: { Amount: overrideMinor / 100, CurrencyCode: 'USD' },
      rule: null,
      override: {
        by: { id: owner.user.id, name: expect.any(String) },
        at: expect.any(String),
        rules_selling: { Amount: rulesMinor / 100, CurrencyCode: 'USD' },
      },
      fees: [
        {
          name: 'Booking fee',
          amount: { Amount: 15, CurrencyCode: 'USD' },
          rule: { id: expect.any(String), name: 'Booking fee' },
        },
        { name: 'Courier', amount: { Amount: 7.5, CurrencyCode: 'USD' }, rule: null },
      ],
      margin: { Amount: (overrideMinor - netMinor + 1500 + 750) / 100, CurrencyCode: 'USD' },
    });
    const feeRows = await t.store.db
      .selectFrom('booking_fees')
      .selectAll()
      .where('booking_id', '=', booking.id)
      .execute();
    expect(feeRows.map((row) => [row.event, Number(row.amount_minor)])).toEqual([
      ['issue', 1500],
      ['issue', 750],
    ]);
  });

  it('issues at the rules’ price without an override; selling below net when the owner allows it', async () => {
    const [offer] = await searchOffers(t, owner, { date: '2026-12-22' });
    const first = await bookOk(t, owner, bookingBody(offer!));
    const res = await issueWith(owner, { pnr: first.pnr });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.selling).toEqual(first.selling);
    expect((await details(owner, first.id)).earnings?.rule).toMatchObject({ name: 'Ten percent' });

    const allowed = await call(owner, 'PUT', '/api/pricing/settings', { allow_below_net: true });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const second = await bookOk(t, owner, bookingBody(offer!));
    const low = minor(second.total.Amount) - 100;
    const sold = await issueWith(owner, { pnr: second.pnr, selling_total: low / 100 });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(minor(sold.json().data.selling.Amount)).toBe(low);
    await call(owner, 'PUT', '/api/pricing/settings', { allow_below_net: false });
  });

  it('another agency’s booking is not found; issuing needs bookings.issue; another agency’s quote option is 404', async () => {
    const [offer] = await searchOffers(t, owner, { date: '2026-12-23' });
    const booking = await bookOk(t, owner, bookingBody(offer!));
    const stranger = await issueWith(plain, { pnr: booking.pnr, selling_total: 1 });
    expect(stranger.statusCode, stranger.body).toBe(404);
    const viewer = await agentWithPermissions(t, ['bookings.view']);
    const refused = await issueWith(viewer, { pnr: booking.pnr });
    expect(refused.statusCode, refused.body).toBe(403);
    const res = await post(
      t,
      '/api/booking',
      bookingBody(offer!, undefined, { quote_option_id: randomUUID() }),
      {
        token: owner.token,
      },
    );
    expect(res.statusCode, res.body).toBe(404);
    // Nothing of the refused issue was written.
    const fees = await t.store.db
      .selectFrom('booking_fees')
      .select('id')
      .where('booking_id', '=', booking.id)
      .execute();
    expect(fees).toEqual([]);
  });
});

describe.each(storeKinds())('fees at change and refund on %s (issue 33)', (kind) => {
  let t: TestApp;
  let owner: Agent;
  const HOUR_MS = 3_600_000;

  beforeAll(async () => {
    // The test-setting timer approves each refund request at once (as after-sales.test.ts).
    t = await createTestApp(kind, { config: testConfig({ refundApprovalDelaySeconds: 0 }) });
    owner = await bookingAgent(t, { creditsMinor: 5_000_000 });
    for (const [event, amount] of [
      ['change', 12],
      ['refund', 20],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/pricing/rules',
        headers: { authorization: `Bearer ${owner.token}` },
        remoteAddress: randomIp(),
        payload: {
          kind: 'fee',
          name: 'After-sales fee',
          event,
          value: { fixed: { Amount: amount, CurrencyCode: 'USD' }, fixed_per: 'booking' },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(async () => t?.close());

  const feesOf = async (bookingId: string) =>
    (
      await t.store.db
        .selectFrom('booking_fees')
        .select(['event', 'amount_minor', 'rule_name'])
        .where('booking_id', '=', bookingId)
        .orderBy('created_at')
        .execute()
    ).map((row) => [row.event, Number(row.amount_minor), row.rule_name]);

  it('a voluntary change writes the change fee, not debited: the credits pay the change alone', async () => {
    const [itinerary] = await searchOffers(t, owner, { date: '2026-12-10' });
    const standard = itinerary!.FareFamilies.find(
      (family) => family.BrandName === 'Standard' && !family.SoldOut,
    )!;
    const held = await bookOk(t, owner, bookingBody(itinerary!, undefined, { offer_id: standard.offer_id }));
    const issued = await post(t, '/api/booking-issue', { pnr: held.pnr }, { token: owner.token });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(await feesOf(held.id)).toEqual([]);
    const offers = await post(
      t,
      `/api/booking/${held.id}/change-offers`,
      { legs: [{ leg_index: 0, departure_date: '2026-12-13' }] },
      { token: owner.token },
    );
    expect(offers.statusCode, offers.body).toBe(200);
    const offer = offers.json().data[0];
    const before = await ledgerSum(t.store.db, owner.companyId);
    const changed = await post(
      t,
      `/api/booking/${held.id}/change`,
      { change_offer_id: offer.id },
      { token: owner.token },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await feesOf(held.id)).toEqual([['change', 1200, 'After-sales fee']]);
    const changeTotal = minor(offer.change_total.Amount);
    // A positive change total is debited; a negative one comes back to the credits or is forfeited.
    const credited = changeTotal < 0 && offer.refund_to !== 'credits' ? 0 : changeTotal;
    expect(await ledgerSum(t.store.db, owner.companyId)).toBe(before - credited);
  });

  it('a refund writes the refund fee, not debited: the credits get back what the fare rules return', async () => {
    const [itinerary] = await searchOffers(t, owner, { date: '2026-12-11' });
    const held = await bookOk(t, owner, bookingBody(itinerary!));
    const issued = await post(t, '/api/booking-issue', { pnr: held.pnr }, { token: owner.token });
    expect(issued.statusCode, issued.body).toBe(200);
    t.clock.advance(25 * HOUR_MS);
    owner = await signInAgain(t, owner);
    const before = await ledgerSum(t.store.db, owner.companyId);
    const res = await post(
      t,
      '/api/request-ticket-refund',
      { booking_id: held.id, reason: 'Passenger changed plans' },
      { token: owner.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const refunded: Booking = res.json().data;
    expect(refunded.status).toBe('refunded');
    const back = refunded.tickets.reduce((sum, ticket) => sum + minor(ticket.refunded?.Amount ?? 0), 0);
    expect(await ledgerSum(t.store.db, owner.companyId)).toBe(before + back);
    expect(await feesOf(held.id)).toEqual([['refund', 2000, 'After-sales fee']]);
  });
});
