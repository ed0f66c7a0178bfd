import type {
  Booking,
  BookingDetails,
  Invoice,
  Kpi,
  PricedItinerary,
  PublicQuote,
  Quote,
} from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOperator, ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import { get, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  bookOk,
  issueOk,
  type Mix,
  searchOffers,
  signInAgain,
} from '../support/bookings.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 33's journey over the API, every part of the earnings working together: the owner's
 * rules (6 % on long-haul economy, a 3 % discount on one airline's long-haul economy, a 15.00
 * booking fee) and VAT on earnings; results at net and selling price; a three-option quote, its
 * public page without a session and without a net price; one option booked from the quote at the
 * quoted price and issued, its invoice numbered after the last, billing the selling price, the fee
 * and the tax on the earnings; a refund's credit note against it; and the month's margin.
 */

const TWO_ADULTS: Mix = { adults: 2, children: 0, infants: 0 };
const HOUR_MS = 3_600_000;
const minor = (amount: number) => Math.round(amount * 100);

describe.each(storeKinds())('the earnings journey on %s', (kind) => {
  let t: TestApp;
  let owner: Agent;
  let operator: Operator;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await bookingAgent(t, { creditsMinor: 5_000_000 });
    operator = await signedInOperator(t);
  }, 120_000);
  afterAll(async () => t?.close());

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    owner = await signInAgain(t, owner);
    return method === 'GET'
      ? get(t, url, { token: owner.token })
      : t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${owner.token}` },
          payload: payload as Record<string, unknown>,
        });
  };

  it('sells at the rules, quotes, books from the quote, invoices, credits a refund and counts the margin', async () => {
    await ok(
      call('PUT', '/api/pricing/settings', { tax: { name: 'VAT', rate: 20 }, invoice_prefix: 'SKY-' }),
    );
    await ok(
      call('POST', '/api/pricing/rules', {
        name: 'Long-haul economy',
        match: { route: { scope: 'long_haul' }, cabin: 'Economy' },
        value: { percent: 6 },
      }),
      201,
    );
    await ok(
      call('POST', '/api/pricing/rules', {
        kind: 'fee',
        name: 'Booking fee',
        event: 'issue',
        value: { fixed: { Amount: 15, CurrencyCode: 'USD' }, fixed_per: 'booking' },
      }),
      201,
    );

    // London → New York is long haul: every result sells at 6 % over its net until the discount.
    let offers = await searchOffers(t, owner, { mix: TWO_ADULTS, maxStops: 1 });
    expect(offers.length).toBeGreaterThanOrEqual(3);
    for (const offer of offers.slice(0, 5)) {
      const net = minor(offer.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount);
      expect(minor(offer.net!.Amount)).toBe(net);
      expect(Math.abs(minor(offer.selling!.Amount) - Math.round(net * 1.06))).toBeLessThanOrEqual(2);
      expect(offer.markup_rule?.name).toBe('Long-haul economy');
    }
    const discounted = offers[0]!.ValidatingCarrier;
    await ok(
      call('POST', '/api/pricing/rules', {
        name: `${discounted} discount`,
        match: { validating_carrier: discounted, route: { scope: 'long_haul' }, cabin: 'Economy' },
        value: { percent: -3 },
      }),
      201,
    );
    offers = await searchOffers(t, owner, { mix: TWO_ADULTS, maxStops: 1 });
    const onTheAirline = offers.find((offer) => offer.ValidatingCarrier === discounted)!;
    const airlineNet = minor(onTheAirline.net!.Amount);
    expect(Math.abs(minor(onTheAirline.selling!.Amount) - Math.round(airlineNet * 0.97))).toBeLessThanOrEqual(
      2,
    );
    expect(onTheAirline.markup_rule?.name).toBe(`${discounted} discount`);

    // A first sale, so the quote's invoice has one to follow.
    const first = await bookOk(t, owner, bookingBody(offers[0]!, TWO_ADULTS));
    t.clock.advance(60_000);
    await issueOk(t, owner, first.pnr);
    const firstInvoices = (await ok<BookingDetails>(call('GET', `/api/booking/${first.id}`))).invoices!;
    expect(firstInvoices.map((invoice) => invoice.number)).toEqual(['SKY-2026-000001']);

    // A quote of three options for a named client.
    const picked = offers.slice(0, 3);
    const quote = await ok<Quote>(
      call('POST', '/api/quotes', {
        client: { name: 'Ada Client', email: 'ada@client.test' },
        offer_ids: picked.map((offer) => offer.offer_id),
        note: 'Three ways to New York',
      }),
      201,
    );
    expect(quote.status).toBe('created');
    expect(quote.options.map((option) => option.selling)).toEqual(picked.map((offer) => offer.selling));
    expect(quote.options.map((option) => option.net)).toEqual(picked.map((offer) => offer.net));

    // The client's page: no session, selling prices only.
    const token = quote.public_url.split('/q/')[1]!;
    const page = await t.app.inject({ method: 'GET', url: `/api/public/quotes/${token}` });
    expect(page.statusCode, page.body).toBe(200);
    const shown = page.json().data as PublicQuote;
    expect(shown.options.map((option) => option.selling)).toEqual(picked.map((offer) => offer.selling));
    expect(page.body).not.toMatch(/"net"|"margin"/);
    for (const offer of picked) {
      if (offer.net!.Amount !== offer.selling!.Amount)
        expect(page.body).not.toContain(`${offer.net!.Amount}`);
    }
    expect((await ok<Quote>(call('GET', `/api/quotes/${quote.id}`))).status).toBe('viewed');

    // The client picks the second option: re-priced and booked from the quote at the quoted price.
    const option = quote.options[1]!;
    const fresh = await ok<PricedItinerary>(
      call('POST', `/api/quotes/${quote.id}/options/${option.id}/offer`),
    );
    expect(fresh.selling).toEqual(option.selling);
    const held = await bookOk(t, owner, bookingBody(fresh, TWO_ADULTS, { quote_option_id: option.id }));
    expect(held.selling).toEqual(option.selling);
    expect((await ok<Quote>(call('GET', `/api/quotes/${quote.id}`))).status).toBe('booked');

    t.clock.advance(60_000);
    const issued = await ok<Booking>(
      call('POST', '/api/booking-issue', {
        pnr: held.pnr,
        client: { name: 'Ada Client', email: 'ada@client.test' },
      }),
    );
    const details = await ok<BookingDetails>(call('GET', `/api/booking/${issued.id}`));
    expect(details.invoices!.map((invoice) => invoice.number)).toEqual(['SKY-2026-000002']);
    const invoice = await ok<Invoice>(call('GET', `/api/invoices/${details.invoices![0]!.id}`));
    const sellingMinor = minor(option.selling.Amount);
    const netMinor = minor(issued.net!.Amount);
    const earnings = sellingMinor - netMinor + 1_500;
    expect(invoice.client.name).toBe('Ada Client');
    expect(invoice.lines.filter((line) => line.kind === 'fare')).toHaveLength(2);
    expect(
      invoice.lines
        .filter((line) => line.kind === 'fare')
        .reduce((sum, line) => sum + minor(line.amount.Amount), 0),
    ).toBe(sellingMinor);
    expect(invoice.lines.find((line) => line.kind === 'fee')).toMatchObject({
      description: 'Booking fee',
      amount: { Amount: 15, CurrencyCode: 'USD' },
    });
    expect(invoice.tax).toMatchObject({ name: 'VAT', rate: 20 });
    expect(minor(invoice.tax!.amount.Amount)).toBe(Math.round(earnings * 0.2));
    expect(minor(invoice.total.Amount)).toBe(sellingMinor + 1_500 + Math.round(earnings * 0.2));
    const pdf = await call('GET', `/api/invoices/${invoice.id}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    // A refund, after the void window, decided by the operator: a credit note against the invoice.
    t.clock.advance(25 * HOUR_MS);
    await ok(
      call('POST', '/api/request-ticket-refund', { booking_id: issued.id, reason: 'The client fell ill' }),
    );
    const order = await t.store.db
      .selectFrom('orders')
      .select('id')
      .where('booking_id', '=', issued.id)
      .where('kind', '=', 'refund')
      .executeTakeFirstOrThrow();
    operator = await signInAgainAsOperator(t, operator);
    await ok(asOperator(t, operator, 'POST', `/api/admin/refunds/${order.id}/approve`, {}));
    const after = await ok<BookingDetails>(call('GET', `/api/booking/${issued.id}`));
    expect(after.invoices!.map((document) => [document.number, document.kind])).toEqual([
      ['SKY-2026-000002', 'invoice'],
      ['SKY-2026-000003', 'credit_note'],
    ]);
    const credit = await ok<Invoice>(call('GET', `/api/invoices/${after.invoices![1]!.id}`));
    expect(credit.against).toEqual({ id: invoice.id, number: 'SKY-2026-000002' });
    expect(credit.total.Amount).toBeLessThan(0);

    // The month's margin: what the paperwork says, credit notes taking back.
    const documents = [...firstInvoices, ...after.invoices!];
    let expected = 0;
    for (const document of documents) {
      const full = await ok<Invoice>(call('GET', `/api/invoices/${document.id}`));
      expected += minor(full.subtotal.Amount) - minor(full.net.Amount);
    }
    const kpis = await ok<Kpi[]>(call('GET', '/api/company/company-kpi'));
    const margin = kpis.find((kpi) => kpi.key === 'margin')!;
    expect(minor(margin.value)).toBe(expected);
    expect(expected).toBeGreaterThan(0);
  }, 120_000);
});
