import { randomUUID } from 'node:crypto';
import {
  type Booking,
  type ChangeOffer,
  Invoice,
  InvoicePage,
  PERMISSIONS,
  type PricedItinerary,
} from '@skydesk/contract';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../support/app.js';
import { get, outbox, post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  agentWithPermissions,
  bookingAgent,
  bookingBody,
  bookOk,
  FAMILY,
  type Mix,
  ONE_ADULT,
  searchOffer,
  signInAgain,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 33: the client's invoice at issue (a line per passenger at selling price, the fees, the tax
 * on the agency's earnings), the credit note of a void and of a refund, the supplementary invoice
 * of an exchange — each against the invoice, which is never edited — and the documents' list
 * (filters, totals, CSV), PDF and e-mail, for the agency only (404 to others, 403 without
 * payments.view).
 */

const minor = (amount: number) => Math.round(amount * 100);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const NUMBER = /^INV-\d{4}-\d{6}$/;
const CLIENT = {
  name: 'Acme Travel Buyers Ltd',
  email: 'ap@acme.test',
  address: '1 High Street, Leeds',
  tax_id: 'GB123456789',
};

async function pdfText(payload: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(payload));
  let text = '';
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    text += ` ${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}`;
  }
  return text.replace(/\s+/g, ' ');
}

describe.each(storeKinds())('client invoices on %s (issue 33)', (kind) => {
  let t: TestApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp(kind, { config: testConfig({ refundApprovalDelaySeconds: 0 }) });
    agent = await bookingAgent(t, { creditsMinor: 20_000_000 });
    // The agency taxes its earnings: VAT 20 %.
    await t.store.db
      .insertInto('pricing_settings')
      .values({ company_id: agent.companyId, tax_name: 'VAT', tax_rate: 20 })
      .execute();
  });
  afterAll(async () => t?.close());

  /** A hold of `mix`, issued at net + `markupMinor` with a 15.00 booking fee, and its invoice. */
  async function issuedWithInvoice(
    options: {
      mix?: Mix;
      markupMinor?: number;
      itinerary?: PricedItinerary;
      offerId?: string;
      who?: Agent;
    } = {},
  ) {
    const who = options.who ?? agent;
    const mix = options.mix ?? ONE_ADULT;
    const itinerary = options.itinerary ?? (await searchOffer(t, who, { mix, date: '2026-12-20' }));
    const held = await bookOk(
      t,
      who,
      bookingBody(itinerary, mix, options.offerId ? { offer_id: options.offerId } : {}),
    );
    const net = minor(held.total.Amount);
    const markup = options.markupMinor ?? 12_345;
    const res = await post(
      t,
      '/api/booking-issue',
      {
        pnr: held.pnr,
        selling_total: (net + markup) / 100,
        fees: [{ name: 'Booking fee', amount: 15 }],
        client: CLIENT,
      },
      { token: who.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const booking: Booking = res.json().data;
    const invoice = await documentOf(booking, 'invoice', who);
    return { booking, invoice, net, markup };
  }

  async function listOk(query: string, who: Agent = agent) {
    const res = await get(t, `/api/invoices${query}`, { token: who.token });
    expect(res.statusCode, res.body).toBe(200);
    return InvoicePage.parse(res.json().data);
  }

  async function oneOk(id: string, who: Agent = agent) {
    const res = await get(t, `/api/invoices/${id}`, { token: who.token });
    expect(res.statusCode, res.body).toBe(200);
    return Invoice.parse(res.json().data);
  }

  async function documentOf(booking: Booking, kind: Invoice['kind'], who: Agent = agent) {
    const page = await listOk(`?q=${booking.pnr}&kind=${kind}`, who);
    expect(page.items, `${kind} of ${booking.pnr}`).toHaveLength(1);
    return oneOk(page.items[0]!.id, who);
  }

  /** A service fee of an after-sales event, as the selling side writes it in that event's transaction. */
  const addFee = (booking: Booking, event: 'change' | 'refund', name: string, amountMinor: number) =>
    t.store.db
      .insertInto('booking_fees')
      .values({
        booking_id: booking.id,
        company_id: agent.companyId,
        name,
        amount_minor: amountMinor,
        currency: 'USD',
        rule_id: null,
        rule_name: null,
        event,
        created_by: agent.user.id,
      })
      .execute();

  const amounts = (invoice: Invoice) => invoice.lines.map((line) => minor(line.amount.Amount));

  it('invoices the client at issue: a line per passenger at selling price (summing exactly), the fee, the tax on earnings', async () => {
    const { booking, invoice, net, markup } = await issuedWithInvoice({ mix: FAMILY });
    expect(invoice).toMatchObject({
      kind: 'invoice',
      against: null,
      reason: null,
      booking: { id: booking.id, pnr: booking.pnr },
      client: CLIENT,
      agency: expect.objectContaining({ name: expect.any(String), phone: expect.any(String) }),
    });
    expect(invoice.number).toMatch(NUMBER);
    expect(invoice.number.slice(4, 8)).toBe(String(t.clock.now().getUTCFullYear()));

    const fares = invoice.lines.filter((line) => line.kind === 'fare');
    expect(fares).toHaveLength(4);
    expect(fares.map((line) => line.description).join(' | ')).toMatch(
      /^Fare — .+ \(adult\) \| .+\(adult\) \| .+\(child\) \| .+\(infant\)$/,
    );
    // The selling price, split over the passengers in proportion to their net fares, to the cent.
    expect(sum(fares.map((line) => minor(line.amount.Amount)))).toBe(net + markup);
    for (const [index, passenger] of booking.passengers.entries()) {
      const ticket = booking.tickets.find((entry) => entry.passenger_id === passenger.id)!;
      const paid = minor(ticket.paid.Amount);
      const share = ((net + markup) * paid) / net;
      expect(Math.abs(minor(fares[index]!.amount.Amount) - share)).toBeLessThan(1);
    }
    expect(invoice.lines.filter((line) => line.kind === 'fee')).toEqual([
      expect.objectContaining({ description: 'Booking fee', amount: { Amount: 15, CurrencyCode: 'USD' } }),
    ]);

    // VAT 20 % of the earnings: selling − net + fees.
    const earnings = markup + 1_500;
    const tax = Math.round(earnings * 0.2);
    expect(invoice.tax).toEqual({
      name: 'VAT',
      rate: 20,
      base: { Amount: earnings / 100, CurrencyCode: 'USD' },
      amount: { Amount: tax / 100, CurrencyCode: 'USD' },
    });
    expect(invoice.lines.at(-1)).toMatchObject({ kind: 'tax', description: 'VAT 20 % on earnings' });
    expect(minor(invoice.subtotal.Amount)).toBe(net + markup + 1_500);
    expect(minor(invoice.total.Amount)).toBe(sum(amounts(invoice)));
    expect(minor(invoice.total.Amount)).toBe(net + markup + 1_500 + tax);
    expect(minor(invoice.net.Amount)).toBe(net);
    expect(minor(invoice.margin.Amount)).toBe(earnings);
  });

  it('numbers the next document after the last, in one sequence', async () => {
    const first = await issuedWithInvoice();
    const second = await issuedWithInvoice();
    const sequence = (invoice: Invoice) => Number(invoice.number.slice(-6));
    expect(sequence(second.invoice)).toBe(sequence(first.invoice) + 1);
  });

  it('gives everything back on a void: a credit note against the invoice, its lines negated', async () => {
    const { booking, invoice } = await issuedWithInvoice({ mix: { adults: 2, children: 0, infants: 0 } });
    const res = await post(
      t,
      '/api/request-cancel-booking',
      { booking_id: booking.id, reason: 'Client changed plans' },
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('voided');
    const note = await documentOf(booking, 'credit_note');
    expect(note).toMatchObject({
      kind: 'credit_note',
      reason: 'void',
      against: { id: invoice.id, number: invoice.number },
      client: invoice.client,
    });
    expect(note.number).toMatch(NUMBER);
    expect(Number(note.number.slice(-6))).toBeGreaterThan(Number(invoice.number.slice(-6)));
    expect(amounts(note)).toEqual(amounts(invoice).map((amount) => -amount));
    expect(note.lines.map((line) => line.kind)).toEqual(invoice.lines.map((line) => line.kind));
    for (const key of ['subtotal', 'total', 'net', 'margin'] as const) {
      expect(minor(note[key].Amount)).toBe(-minor(invoice[key].Amount));
    }
    expect(minor(note.tax!.amount.Amount)).toBe(-minor(invoice.tax!.amount.Amount));
    // The invoice is as it was.
    expect(await oneOk(invoice.id)).toEqual(invoice);
  });

  it('credits the refunded passenger’s share on a refund, and leaves the other flying passenger billed', async () => {
    const { booking, invoice } = await issuedWithInvoice({ mix: { adults: 2, children: 0, infants: 0 } });
    // Past the void window: the fare rules' penalty applies.
    const voidUntil = Date.parse(booking.void_until!);
    t.clock.set(new Date(voidUntil + 60_000));
    try {
      // The session's token has expired by then.
      const later = await signInAgain(t, agent);
      const ticket = booking.tickets[1]!;
      await addFee(booking, 'refund', 'After-sales fee', 2_000);
      const res = await post(
        t,
        '/api/request-ticket-refund',
        { booking_id: booking.id, reason: 'One traveller cannot go', ticket_numbers: [ticket.ticket_number] },
        { token: later.token },
      );
      expect(res.statusCode, res.body).toBe(200);
      const after: Booking = res.json().data;
      const refunded = after.tickets.find((entry) => entry.ticket_number === ticket.ticket_number)!;
      expect(refunded.status).toBe('refunded');
      const back = minor(refunded.refunded?.Amount ?? 0);
      const paid = minor(refunded.paid.Amount);

      const note = await documentOf(booking, 'credit_note', later);
      expect(note).toMatchObject({ reason: 'refund', against: { id: invoice.id, number: invoice.number } });
      const billed = minor(invoice.lines.filter((line) => line.kind === 'fare')[1]!.amount.Amount);
      const share = Math.round((billed * back) / paid);
      const fares = note.lines.filter((line) => line.kind === 'fare');
      expect(fares).toHaveLength(1);
      expect(fares[0]!.description).toMatch(/^Refund — /);
      expect(minor(fares[0]!.amount.Amount)).toBe(-share);
      expect(minor(note.net.Amount)).toBe(-back);
      // The refund's fee is billed on it, positive.
      expect(note.lines.filter((line) => line.kind === 'fee')).toEqual([
        expect.objectContaining({
          description: 'After-sales fee',
          amount: { Amount: 20, CurrencyCode: 'USD' },
        }),
      ]);
      // The tax of the earnings given back (the client's share less what came back to the agency),
      // less the fee's.
      const base = -share + back + 2_000;
      expect(minor(note.tax?.amount.Amount ?? 0)).toBe(Math.sign(base) * Math.round(Math.abs(base) * 0.2));
      expect(minor(note.total.Amount)).toBe(sum(amounts(note)));
      expect(minor(note.margin.Amount)).toBe(
        minor(note.total.Amount) - minor(note.tax?.amount.Amount ?? 0) - minor(note.net.Amount),
      );
    } finally {
      t.clock.set(new Date('2026-11-22T12:00:00Z'));
    }
  });

  it('bills an exchange in a supplementary invoice (or credits it) against the invoice', async () => {
    const itinerary = await searchOffer(t, agent, { date: '2026-12-20' });
    const standard =
      itinerary.AirItineraryPricingInfo.FareInfos[0]!.BrandName === 'Standard'
        ? itinerary.offer_id
        : itinerary.FareFamilies.find((family) => family.BrandName === 'Standard' && !family.SoldOut)
            ?.offer_id;
    const { booking, invoice } = await issuedWithInvoice({
      itinerary,
      ...(standard ? { offerId: standard } : {}),
    });
    const offers = await post(
      t,
      `/api/booking/${booking.id}/change-offers`,
      { legs: [{ leg_index: 0, departure_date: '2026-12-23' }] },
      { token: agent.token },
    );
    expect(offers.statusCode, offers.body).toBe(200);
    const offer: ChangeOffer = offers.json().data[0];
    await addFee(booking, 'change', 'Change fee', 2_500);
    const res = await post(
      t,
      `/api/booking/${booking.id}/change`,
      { change_offer_id: offer.id },
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(200);

    const penalty = minor(offer.penalty.Amount);
    const difference = minor(offer.fare_difference.Amount);
    const moves = minor(offer.change_total.Amount) > 0 || offer.refund_to === 'credits';
    const expected = moves ? penalty + difference : 0;
    const page = await listOk(`?q=${booking.pnr}`);
    const adjustment = page.items.find((item) => item.reason === 'change');
    const document = await oneOk(adjustment!.id);
    expect(document).toMatchObject({
      kind: expected + 2_500 + minor(document.tax?.amount.Amount ?? 0) > 0 ? 'supplementary' : 'credit_note',
      against: { id: invoice.id, number: invoice.number },
    });
    // The change at what the agency paid for it, and the change's fee on top (its earnings, taxed).
    expect(minor(document.subtotal.Amount)).toBe(expected + 2_500);
    expect(minor(document.net.Amount)).toBe(expected);
    expect(minor(document.tax!.amount.Amount)).toBe(500);
    expect(document.lines.filter((line) => line.kind === 'fee').map((line) => line.description)).toEqual([
      'Change fee',
    ]);
    expect(document.lines.filter((line) => line.kind === 'fare').map((line) => line.description)).toEqual(
      [penalty !== 0 ? 'Change penalty' : null, difference !== 0 ? 'Fare difference' : null].filter(Boolean),
    );
    expect(minor(document.total.Amount)).toBe(sum(amounts(document)));
  });

  it('lists with filters and totals, and exports the matches as CSV', async () => {
    const { booking, invoice } = await issuedWithInvoice();
    const all = await listOk('?limit=100');
    expect(all.total).toBeGreaterThanOrEqual(2);
    // Newest first (a refund's credit note was issued later on the clock, under a smaller number).
    const issued = all.items.map((item) => item.issued_at);
    expect(issued).toEqual([...issued].sort().reverse());
    expect(minor(all.totals.billed.Amount)).toBe(sum(all.items.map((item) => minor(item.total.Amount))));
    expect(minor(all.totals.net.Amount)).toBe(sum(all.items.map((item) => minor(item.net.Amount))));
    expect(minor(all.totals.margin.Amount)).toBe(sum(all.items.map((item) => minor(item.margin.Amount))));

    for (const q of [invoice.number, booking.pnr.toLowerCase(), invoice.number.slice(-6)]) {
      const found = await listOk(`?q=${encodeURIComponent(q)}`);
      expect(found.items.map((item) => item.id)).toContain(invoice.id);
    }
    expect((await listOk(`?q=${encodeURIComponent('Acme Travel')}`)).total).toBe(all.total);
    expect((await listOk('?q=nobody-like-this')).total).toBe(0);
    expect((await listOk('?kind=credit_note')).items.every((item) => item.kind === 'credit_note')).toBe(true);
    const today = t.clock.now().toISOString().slice(0, 10);
    // The clock stands at noon UTC: the agency's day is the UTC day.
    expect((await listOk(`?from=${today}&to=${today}&limit=100`)).total).toBe(
      all.items.filter((item) => item.issued_at.startsWith(today)).length,
    );
    expect((await listOk('?from=2030-01-01')).total).toBe(0);
    expect((await listOk('?to=2020-01-01')).total).toBe(0);
    const paged = await listOk('?limit=1&page=1');
    expect(paged.items).toHaveLength(1);
    expect(paged.items[0]!.id).toBe(all.items[1]!.id);
    expect(paged.totalPages).toBe(all.total);
    const refused = await get(t, '/api/invoices?from=2026-12-02&to=2026-12-01', { token: agent.token });
    expect(refused.statusCode).toBe(422);

    const csv = await get(t, `/api/invoices?format=csv&q=${booking.pnr}`, { token: agent.token });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="invoices-.+\.csv"$/);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe(
      'number,kind,against,reason,issued_at,pnr,client,client_email,subtotal,tax_name,tax,total,net,margin,currency,issued_by',
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(`${invoice.number},invoice,,,`);
    expect(rows[1]).toContain(`,${booking.pnr},Acme Travel Buyers Ltd,ap@acme.test,`);
    expect(rows[1]).toContain(`,${invoice.total.Amount.toFixed(2)},${invoice.net.Amount.toFixed(2)},`);
  });

  it('prints the invoice and the credit note as PDFs the client reads (no net, no margin)', async () => {
    const { booking, invoice } = await issuedWithInvoice();
    // The agency's logo (a 1 × 1 PNG) is printed at the head.
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    await t.store.db
      .updateTable('pricing_settings')
      .set({ logo: `data:image/png;base64,${png}` })
      .where('company_id', '=', agent.companyId)
      .execute();
    const res = await get(t, `/api/invoices/${invoice.id}.pdf`, { token: agent.token });
    expect(res.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    for (const part of [
      'Invoice',
      invoice.number,
      invoice.agency.name,
      CLIENT.name,
      CLIENT.tax_id,
      'Booking fee',
      'VAT 20 % on earnings',
      `Booking ${booking.pnr}`,
      // The agency's day of issue (the clock stands at noon UTC).
      'Issued 22 Nov 2026',
      'Total',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toMatch(/margin|net cost/i);

    await post(
      t,
      '/api/request-cancel-booking',
      { booking_id: booking.id, reason: 'Client cancelled' },
      { token: agent.token },
    );
    const note = await documentOf(booking, 'credit_note');
    const notePdf = await get(t, `/api/invoices/${note.id}.pdf`, { token: agent.token });
    expect(notePdf.statusCode).toBe(200);
    const noteText = await pdfText(notePdf.rawPayload);
    expect(noteText).toContain(`Credit note against ${invoice.number}`);
    expect(noteText).toContain('Total credited');
  });

  it('e-mails the document to the client with its PDF, or to the address given', async () => {
    const { invoice } = await issuedWithInvoice();
    const sent = await post(t, `/api/invoices/${invoice.id}/send`, {}, { token: agent.token });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(`${invoice.number} e-mailed to ${CLIENT.email}`);
    const mails = await outbox(t, CLIENT.email);
    expect(
      mails.find((mail) => mail.subject === `Invoice ${invoice.number} from ${invoice.agency.name}`),
    ).toBeTruthy();

    const other = await post(
      t,
      `/api/invoices/${invoice.id}/send`,
      { to: 'books@acme.test' },
      { token: agent.token },
    );
    expect(other.statusCode, other.body).toBe(200);
    expect((await outbox(t, 'books@acme.test')).length).toBe(1);
    const bad = await post(
      t,
      `/api/invoices/${invoice.id}/send`,
      { to: 'not-an-address' },
      { token: agent.token },
    );
    expect(bad.statusCode).toBe(422);
    // Ten sends of one document an hour; the eleventh waits.
    for (let sent = 2; sent < 10; sent++) {
      const again = await post(t, `/api/invoices/${invoice.id}/send`, {}, { token: agent.token });
      expect(again.statusCode, again.body).toBe(200);
    }
    const limited = await post(t, `/api/invoices/${invoice.id}/send`, {}, { token: agent.token });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('answers 404 for another agency’s document, exactly as for a missing one, and lists none of it', async () => {
    const stranger = await bookingAgent(t, { creditsMinor: 5_000_000 });
    const theirs = await issuedWithInvoice({ who: stranger });
    for (const id of [theirs.invoice.id, randomUUID()]) {
      for (const call of [
        get(t, `/api/invoices/${id}`, { token: agent.token }),
        get(t, `/api/invoices/${id}.pdf`, { token: agent.token }),
        post(t, `/api/invoices/${id}/send`, {}, { token: agent.token }),
      ]) {
        const res = await call;
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual({ status: false, message: 'Invoice not found' });
      }
    }
    expect((await listOk(`?q=${theirs.booking.pnr}`)).total).toBe(0);
    expect((await listOk(`?q=${theirs.invoice.number}`)).items.map((item) => item.id)).not.toContain(
      theirs.invoice.id,
    );
  });

  it('needs payments.view for every call', async () => {
    const limited = await agentWithPermissions(
      t,
      PERMISSIONS.filter((permission) => permission !== 'payments.view'),
      { creditsMinor: 5_000_000 },
    );
    // The permission is checked before anything is looked up: any id answers 403.
    const invoice = { id: randomUUID() };
    for (const res of [
      await get(t, '/api/invoices', { token: limited.token }),
      await get(t, '/api/invoices?format=csv', { token: limited.token }),
      await get(t, `/api/invoices/${invoice.id}`, { token: limited.token }),
      await get(t, `/api/invoices/${invoice.id}.pdf`, { token: limited.token }),
      await post(t, `/api/invoices/${invoice.id}/send`, {}, { token: limited.token }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
    }
  });
});
