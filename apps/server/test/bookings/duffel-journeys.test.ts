import type { Booking, BookingDetails, PenaltyAnswer } from '@skydesk/contract';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../support/auth-flow.js';
import { type Agent, bookingAgent, passengersFor } from '../support/bookings.js';
import {
  type DuffelBookingApp,
  duffelBookingApp,
  duffelOffer,
  ledgerAgainstSupplier,
} from '../support/duffel-bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 29, booking life on Duffel: journeys over HTTP against the local Duffel test server, through
 * the real adapter (supplier/duffel/orders.ts) and the order saga (decision 020). Each checks what
 * the agent sees and what the airline recorded: exactly one order and one payment of the right
 * amount, Duffel's PNR and ticket numbers on the e-ticket, the airline's quote credited on a refund,
 * and the agency's ledger equal to what the airline was paid less what it refunded.
 */

async function pdfText(pdf: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(pdf);
  const runs: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item) runs.push(item.str);
  }
  return runs.join(' ');
}

const CONTACT = { email: 'desk@agency.test', phone: '+44 20 7946 0000' };

describe.each(storeKinds())('booking life on Duffel on %s', (kind) => {
  let t: DuffelBookingApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await duffelBookingApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
  }, 120_000);
  afterAll(async () => t?.close());

  const book = async (offerId: string, mix = { adults: 1, children: 0, infants: 0 }) => {
    const res = await post(
      t,
      '/api/booking',
      { offer_id: offerId, passengers: passengersFor(mix), contact: CONTACT, save_travellers: false },
      { token: agent.token },
    );
    return res;
  };
  const details = async (id: string): Promise<BookingDetails> => {
    const res = await get(t, `/api/booking/${id}`, { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('holds at the airline, issues with one payment of the order total, prints its PNR and tickets, and refunds its quote', async () => {
    const { offerId } = await duffelOffer(t, agent, { carrier: 'ZZ', brand: 'Flex' });
    const made = await book(offerId);
    expect(made.statusCode, made.body).toBe(201);
    const held: Booking = made.json().data;
    const orders = t.duffel.state.ordersWithMetadata('skydesk_booking_id', held.id);
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    expect(order.payment_status.awaiting_payment).toBe(true);
    expect(held.status).toBe('booked');
    expect(held.supplier).toEqual({
      code: 'duffel',
      reference: order.booking_reference,
      state: 'confirmed',
      airline_change_at: null,
    });
    expect(held.allowed_actions).toEqual(['issue', 'cancel']);
    // The airline's deadline bounds SkyDesk's: never later than Duffel's payment_required_by.
    expect(Date.parse(held.ticketing_deadline)).toBeLessThanOrEqual(
      Date.parse(order.payment_status.payment_required_by!),
    );
    const stored = await t.store.db
      .selectFrom('bookings')
      .select('supplier_offer')
      .where('id', '=', held.id)
      .executeTakeFirstOrThrow();
    expect(t.duffel.requestsTo('POST /air/orders').at(-1)?.data).toMatchObject({
      type: 'hold',
      selected_offers: [stored.supplier_offer!.offerId],
      metadata: { skydesk_booking_id: held.id },
    });
    expect(t.duffel.state.payments()).toHaveLength(0);

    const issued = await post(t, '/api/booking-issue', { pnr: held.pnr }, { token: agent.token });
    expect(issued.statusCode, issued.body).toBe(200);
    const ticketed: Booking = issued.json().data;
    expect(ticketed.status).toBe('ticketed');
    expect(ticketed.void_until).toBeNull();
    const payments = t.duffel.state.payments();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      order_id: order.id,
      type: 'balance',
      amount: order.total_amount,
      currency: order.total_currency,
      purpose: 'hold_payment',
    });
    const documents = t.duffel.state.order(order.id)!.documents!;
    expect(ticketed.tickets.map((ticket) => ticket.ticket_number).sort()).toEqual(
      documents.map((document) => document.unique_identifier).sort(),
    );
    expect(ticketed.total.Amount).toBe(Number(order.total_amount));

    const pdf = await get(t, `/api/booking/${held.id}/ticket.pdf`, { token: agent.token });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(new Uint8Array(pdf.rawPayload));
    expect(text).toContain(order.booking_reference);
    expect(text).toContain(held.pnr);
    for (const ticket of ticketed.tickets) expect(text).toContain(ticket.ticket_number);

    const quoted = await post(t, '/api/getPenalty', { booking_id: held.id }, { token: agent.token });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const penalty: PenaltyAnswer = quoted.json().data;
    const quote = t.duffel.state.cancellations().at(-1)!;
    expect(penalty.supplier_quote).toEqual({ expires_at: quote.expires_at });
    expect(penalty.refund_amount.Amount).toBe(Number(quote.refund_amount));
    expect(Number(quote.refund_amount)).toBeGreaterThan(0);
    // A second look within the quote's life shows the same quote: the airline is not asked again.
    await post(t, '/api/getPenalty', { booking_id: held.id }, { token: agent.token });
    expect(t.duffel.state.cancellations()).toHaveLength(1);

    const refunded = await post(
      t,
      '/api/request-ticket-refund',
      { booking_id: held.id, reason: 'Traveller cancelled the trip' },
      { token: agent.token },
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after: Booking = refunded.json().data;
    expect(after.status).toBe('refunded');
    expect(after.supplier.state).toBe('cancelled');
    expect(t.duffel.state.order(order.id)!.cancelled_at).not.toBeNull();
    expect(t.duffel.state.refunds()).toEqual([
      expect.objectContaining({ order_id: order.id, amount: quote.refund_amount }),
    ]);

    const statement = await get(t, '/api/company/statement', { token: agent.token });
    expect(statement.statusCode, statement.body).toBe(200);
    const lines = statement.json().data.entries as {
      kind: string;
      amount: number;
      booking_id: string | null;
    }[];
    const own = lines.filter((line) => line.booking_id === held.id);
    expect(own.map((line) => [line.kind, line.amount]).sort()).toEqual(
      [
        ['ticket', -Number(order.total_amount)],
        ['refund', Number(quote.refund_amount)],
      ].sort(),
    );
    const history = (await details(held.id)).history.map((event) => event.action);
    expect(history).toEqual(
      expect.arrayContaining([
        'booked',
        'airline_confirmed',
        'airline_payment',
        'ticketed',
        'refund_approved',
      ]),
    );
    const ledger = await ledgerAgainstSupplier(t, agent.companyId);
    expect(ledger.charged).toBe(ledger.supplierNet + ledger.markupOfPaid);
  });

  it('books a fare the airline will not hold here only, then orders and pays it at once on issue', async () => {
    const before = t.duffel.state.payments().length;
    const { offerId, itinerary } = await duffelOffer(t, agent, { carrier: 'Z1' });
    const made = await book(offerId);
    expect(made.statusCode, made.body).toBe(201);
    const held: Booking = made.json().data;
    expect(made.json().message).toMatch(/cannot be held at the airline/);
    expect(held.supplier).toMatchObject({ state: 'local', reference: null });
    expect(t.duffel.state.ordersWithMetadata('skydesk_booking_id', held.id)).toHaveLength(0);
    // Held only as long as the airline sells the offer.
    expect(Date.parse(held.ticketing_deadline)).toBeLessThanOrEqual(Date.parse(itinerary.offer_expires_at));

    const issued = await post(t, '/api/booking-issue', { pnr: held.pnr }, { token: agent.token });
    expect(issued.statusCode, issued.body).toBe(200);
    const ticketed: Booking = issued.json().data;
    const orders = t.duffel.state.ordersWithMetadata('skydesk_booking_id', held.id);
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    expect(t.duffel.requestsTo('POST /air/orders').at(-1)?.data).toMatchObject({
      type: 'instant',
      payments: [{ type: 'balance', amount: order.total_amount, currency: order.total_currency }],
    });
    const payments = t.duffel.state.payments().slice(before);
    expect(payments).toEqual([
      expect.objectContaining({
        order_id: orders[0]!.id,
        amount: order.total_amount,
        purpose: 'instant_order',
      }),
    ]);
    expect(ticketed).toMatchObject({
      status: 'ticketed',
      supplier: { state: 'confirmed', reference: orders[0]!.booking_reference },
    });
    const ledger = await ledgerAgainstSupplier(t, agent.companyId);
    expect(ledger.charged).toBe(ledger.supplierNet + ledger.markupOfPaid);
  });

  it('cancels a hold at the airline: the order is cancelled and nothing moves', async () => {
    const { offerId } = await duffelOffer(t, agent, { carrier: 'ZZ' });
    const held: Booking = (await book(offerId)).json().data;
    const balance = (await get(t, '/api/booking-credits', { token: agent.token })).json().data.balance;
    const res = await post(
      t,
      '/api/request-cancel-booking',
      { booking_id: held.id, reason: 'Plans changed' },
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', supplier: { state: 'cancelled' } });
    const [order] = t.duffel.state.ordersWithMetadata('skydesk_booking_id', held.id);
    expect(order!.cancelled_at).not.toBeNull();
    expect((await get(t, '/api/booking-credits', { token: agent.token })).json().data.balance).toBe(balance);
  });

  it('books a family: each passenger by the offer’s passenger id, the infant on an adult’s lap, one ticket each', async () => {
    const mix = { adults: 2, children: 1, infants: 1 };
    const { offerId } = await duffelOffer(t, agent, { carrier: 'ZZ', mix });
    const made = await book(offerId, mix);
    expect(made.statusCode, made.body).toBe(201);
    const held: Booking = made.json().data;
    const sent = t.duffel.requestsTo('POST /air/orders').at(-1)?.data as {
      passengers: { id: string; infant_passenger_id?: string }[];
    };
    expect(sent.passengers).toHaveLength(4);
    expect(sent.passengers.filter((p) => p.infant_passenger_id)).toHaveLength(1);
    const issued = await post(t, '/api/booking-issue', { pnr: held.pnr }, { token: agent.token });
    expect(issued.statusCode, issued.body).toBe(200);
    const ticketed: Booking = issued.json().data;
    expect(ticketed.tickets).toHaveLength(4);
    expect(new Set(ticketed.tickets.map((ticket) => ticket.passenger_id)).size).toBe(4);
  });

  it('refuses a phone number an airline cannot take before booking anything (422)', async () => {
    const { offerId } = await duffelOffer(t, agent, { carrier: 'ZZ' });
    const orders = t.duffel.state.orders().length;
    const res = await post(
      t,
      '/api/booking',
      {
        offer_id: offerId,
        passengers: passengersFor({ adults: 1, children: 0, infants: 0 }),
        contact: { email: 'desk@agency.test', phone: '020 7946 0000' },
        save_travellers: false,
      },
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().data.errors['contact.phone']).toBeDefined();
    expect(t.duffel.state.orders()).toHaveLength(orders);
  });
});
