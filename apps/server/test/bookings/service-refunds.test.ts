import {
  type AdminRefund,
  type BookingDetails,
  isSeat,
  type PenaltyAnswer,
  type PricedItinerary,
  type Seat,
  SeatMap,
} from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_REASONS } from '../../src/modules/bookings/after-sales/penalty.js';
import { ledgerSum, readBalance } from '../../src/modules/payments/ledger-repo.js';
import { asOperator, ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import { get, post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  bookOk,
  issueOk,
  type Mix,
  ONE_ADULT,
  searchOffer,
  signInAgain,
} from '../support/bookings.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 31: the refund rules of seats and bags (docs/booking-and-money.md, "Seats and bags"). A void
 * returns everything debited; after the void window an extra bag comes back in full before its
 * flight leaves, a seat only when the airline changed the flight. The quote the agent reads, the
 * request, the operator's view and the credit say the same figures, and the credit is one ledger
 * line with the fare's refund.
 */

const HOUR_MS = 3_600_000;
const REASON = 'Passenger changed plans';
const minor = (amount: number) => Math.round(amount * 100);
const TWO_ADULTS: Mix = { adults: 2, children: 0, infants: 0 };

const seatsOf = (map: SeatMap): Seat[] =>
  map.cabins
    .filter((cabin) => cabin.bookable)
    .flatMap((cabin) => cabin.rows.flatMap((row) => row.seats.filter(isSeat)));

describe.each(storeKinds())('refunds of seats and bags on %s (issue 31)', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let operator: Operator;

  beforeAll(async () => {
    // Refund requests wait for an operator (the default): the operator's view is part of the rule.
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
    operator = await signedInOperator(t);
  });
  afterAll(async () => t?.close());

  const admin = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    operator = await signInAgainAsOperator(t, operator);
    return asOperator(t, operator, method, url, payload);
  };
  const balance = async () => (await readBalance(t.store.db, agent.companyId)).balanceMinor;
  const details = async (id: string): Promise<BookingDetails> => {
    const res = await get(t, `/api/booking/${id}`, { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const penalty = async (bookingId: string, ticketNumbers?: string[]): Promise<PenaltyAnswer> => {
    const res = await post(
      t,
      '/api/getPenalty',
      { booking_id: bookingId, ...(ticketNumbers ? { ticket_numbers: ticketNumbers } : {}) },
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const requestRefund = async (bookingId: string, ticketNumbers?: string[]) => {
    const res = await post(
      t,
      '/api/request-ticket-refund',
      { booking_id: bookingId, reason: REASON, ...(ticketNumbers ? { ticket_numbers: ticketNumbers } : {}) },
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    return t.store.db
      .selectFrom('orders')
      .select(['id', 'amount_minor'])
      .where('booking_id', '=', bookingId)
      .where('kind', '=', 'refund')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
  };
  const ledgerOf = (bookingId: string) =>
    t.store.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_minor', 'note'])
      .where('booking_id', '=', bookingId)
      .orderBy('seq')
      .execute();
  const passVoidWindow = async () => {
    t.clock.advance(25 * HOUR_MS);
    agent = await signInAgain(t, agent);
  };

  let day = 0;
  /**
   * A ticketed booking on a flight of its own, each passenger with a paid seat and one extra bag
   * chosen at booking. Returns it with the seat and bag prices per passenger.
   */
  async function ticketedWithServices(mix: Mix = ONE_ADULT) {
    const date = `2027-03-${String(++day + 1).padStart(2, '0')}`;
    const offer: PricedItinerary = await searchOffer(t, agent, { date, mix });
    const mapRes = await get(t, `/api/seat-maps?offer_id=${encodeURIComponent(offer.offer_id)}`, {
      token: agent.token,
    });
    expect(mapRes.statusCode, mapRes.body).toBe(200);
    const map = SeatMap.parse(mapRes.json().data[0]);
    const seats = seatsOf(map)
      .filter((seat) => seat.available && !seat.restriction && seat.price && seat.price.Amount > 0)
      .slice(0, mix.adults + 1);
    const bagsRes = await get(t, `/api/services?offer_id=${encodeURIComponent(offer.offer_id)}`, {
      token: agent.token,
    });
    expect(bagsRes.statusCode, bagsRes.body).toBe(200);
    const bagOffer = (
      bagsRes.json().data.bags as { segment_index: number; price: { Amount: number } }[]
    ).find((entry) => entry.segment_index === 0)!;
    const services = Array.from({ length: mix.adults }, (_, passenger) => [
      {
        type: 'seat',
        passenger_index: passenger,
        segment_index: 0,
        designator: seats[passenger]!.designator,
      },
      { type: 'bag', passenger_index: passenger, segment_index: 0, quantity: 1 },
    ]).flat();
    const held = await bookOk(t, agent, bookingBody(offer, mix, { services }));
    t.clock.advance(60_000);
    const booking = await issueOk(t, agent, held.pnr);
    return {
      booking,
      flight: map.flight,
      seats,
      seatMinor: (passenger: number) => minor(seats[passenger]!.price!.Amount),
      bagMinor: minor(bagOffer.price.Amount),
    };
  }

  const ticketsMinor = (answer: PenaltyAnswer) =>
    answer.tickets.reduce((sum, ticket) => sum + minor(ticket.refund_amount.Amount), 0);

  it('after the void window: the bag comes back in full, the seat does not, in one credit with the fare', async () => {
    const { booking, flight, seats, seatMinor, bagMinor } = await ticketedWithServices();
    await passVoidWindow();

    // The quote the agent sees: each service with what it returns and why.
    const quote = await penalty(booking.id);
    const ticket = booking.tickets[0]!.ticket_number;
    expect(quote.services).toEqual([
      {
        service_id: expect.any(String),
        ticket_number: ticket,
        passenger_name: booking.tickets[0]!.passenger_name,
        type: 'seat',
        description: `Seat ${seats[0]!.designator} ${flight}`,
        paid: { Amount: seatMinor(0) / 100, CurrencyCode: 'USD' },
        refund_amount: { Amount: 0, CurrencyCode: 'USD' },
        reason: SERVICE_REASONS.seatKept,
      },
      {
        service_id: expect.any(String),
        ticket_number: ticket,
        passenger_name: booking.tickets[0]!.passenger_name,
        type: 'bag',
        description: expect.stringContaining(`Extra bag`),
        paid: { Amount: bagMinor / 100, CurrencyCode: 'USD' },
        refund_amount: { Amount: bagMinor / 100, CurrencyCode: 'USD' },
        reason: SERVICE_REASONS.bagBeforeDeparture,
      },
    ]);
    const fareBack = ticketsMinor(quote);
    expect(minor(quote.refund_amount.Amount)).toBe(fareBack + bagMinor);
    expect(quote.rules.some((rule) => rule.startsWith('Seats and bags:'))).toBe(true);

    // The request asks for that; the operator sees the same figures, line by line.
    const order = await requestRefund(booking.id);
    expect(Number(order.amount_minor)).toBe(fareBack + bagMinor);
    const seen = await ok<AdminRefund>(admin('GET', `/api/admin/refunds/${order.id}`));
    expect(minor(seen.allowed.Amount)).toBe(fareBack + bagMinor);
    expect(
      seen.services?.map((line) => [
        line.type,
        minor(line.paid.Amount),
        minor(line.allowed.Amount),
        line.reason,
      ]),
    ).toEqual(
      quote.services!.map((line) => [
        line.type,
        minor(line.paid.Amount),
        minor(line.refund_amount.Amount),
        line.reason,
      ]),
    );
    expect(seen.services!.every((line) => line.refunded === null)).toBe(true);

    // Approval credits it in one ledger line beside the fare's refund.
    const credits = await balance();
    const lines = (await ledgerOf(booking.id)).length;
    await ok(admin('POST', `/api/admin/refunds/${order.id}/approve`, {}));
    expect(await balance()).toBe(credits + fareBack + bagMinor);
    const ledger = await ledgerOf(booking.id);
    expect(ledger).toHaveLength(lines + 1);
    expect(ledger.at(-1)).toMatchObject({ kind: 'refund', amount_minor: fareBack + bagMinor });
    expect(ledger.at(-1)!.note).toContain(`Seat ${seats[0]!.designator} ${flight} kept`);
    expect(await ledgerSum(t.store.db, agent.companyId)).toBe(await balance());

    // The bag is refunded (its money recorded), the seat released with its money kept; both free.
    const shown = await details(booking.id);
    expect(shown.services.map((service) => [service.type, service.status])).toEqual([
      ['seat', 'released'],
      ['bag', 'refunded'],
    ]);
    const rows = await t.store.db
      .selectFrom('booking_services')
      .select(['type', 'refunded_minor', 'refund_order_id'])
      .where('booking_id', '=', booking.id)
      .orderBy('type', 'desc')
      .execute();
    expect(rows.map((row) => [row.type, Number(row.refunded_minor), row.refund_order_id])).toEqual([
      ['seat', 0, order.id],
      ['bag', bagMinor, order.id],
    ]);
    const decided = await ok<AdminRefund>(admin('GET', `/api/admin/refunds/${order.id}`));
    expect(decided.services!.map((line) => line.refunded && minor(line.refunded.Amount))).toEqual([
      0,
      bagMinor,
    ]);
  });

  it('refunds the seat too when the airline changed the flight, as recorded before the request', async () => {
    const { booking, seatMinor, bagMinor } = await ticketedWithServices();
    await passVoidWindow();
    // What the airline-change handling records on a booking (remote/settle.ts flagChange).
    await t.store.db
      .updateTable('bookings')
      .set({ supplier_change: JSON.stringify({ id: null, detectedAt: t.clock.now().toISOString() }) })
      .where('id', '=', booking.id)
      .execute();
    t.clock.advance(1_000);

    const quote = await penalty(booking.id);
    expect(quote.services!.map((line) => [line.type, minor(line.refund_amount.Amount), line.reason])).toEqual(
      [
        ['seat', seatMinor(0), SERVICE_REASONS.seatFlightChanged],
        ['bag', bagMinor, SERVICE_REASONS.bagBeforeDeparture],
      ],
    );
    const order = await requestRefund(booking.id);
    expect(Number(order.amount_minor)).toBe(ticketsMinor(quote) + seatMinor(0) + bagMinor);
    const credits = await balance();
    await ok(admin('POST', `/api/admin/refunds/${order.id}/approve`, {}));
    expect(await balance()).toBe(credits + Number(order.amount_minor));
    expect((await details(booking.id)).services.map((service) => service.status)).toEqual([
      'refunded',
      'refunded',
    ]);
  });

  it('keeps the seat when the change is recorded after the request: the request is priced as it was made', async () => {
    const { booking, bagMinor } = await ticketedWithServices();
    await passVoidWindow();
    const quote = await penalty(booking.id);
    const order = await requestRefund(booking.id);
    t.clock.advance(60_000);
    await t.store.db
      .updateTable('bookings')
      .set({ supplier_change: JSON.stringify({ id: 'chg_late', detectedAt: t.clock.now().toISOString() }) })
      .where('id', '=', booking.id)
      .execute();
    const credits = await balance();
    await ok(admin('POST', `/api/admin/refunds/${order.id}/approve`, {}));
    expect(await balance()).toBe(credits + ticketsMinor(quote) + bagMinor);
  });

  it("a partial refund gives back only the leaving passenger's services; an operator's lower amount is spread over them too", async () => {
    const { booking, bagMinor } = await ticketedWithServices(TWO_ADULTS);
    await passVoidWindow();
    const leaving = booking.tickets[1]!.ticket_number;
    const quote = await penalty(booking.id, [leaving]);
    expect(quote.services!.map((line) => line.ticket_number)).toEqual([leaving, leaving]);
    const order = await requestRefund(booking.id, [leaving]);
    const allowed = Number(order.amount_minor);
    expect(allowed).toBe(ticketsMinor(quote) + bagMinor);

    // Less than allowed, with a reason: the credit is spread over the ticket and the bag, to the cent.
    const lowered = allowed - 101;
    const credits = await balance();
    await ok(
      admin('POST', `/api/admin/refunds/${order.id}/approve`, {
        amount: lowered / 100,
        reason: 'The agency agreed to a lower refund',
      }),
    );
    expect(await balance()).toBe(credits + lowered);
    const ticket = await t.store.db
      .selectFrom('tickets')
      .select('refunded_minor')
      .where('ticket_number', '=', leaving)
      .executeTakeFirstOrThrow();
    const services = await t.store.db
      .selectFrom('booking_services')
      .select(['passenger_index', 'type', 'status', 'refunded_minor'])
      .where('booking_id', '=', booking.id)
      .orderBy('passenger_index')
      .orderBy('type', 'desc')
      .execute();
    const bagBack = Number(services.find((s) => s.passenger_index === 1 && s.type === 'bag')!.refunded_minor);
    expect(bagBack).toBeGreaterThan(0);
    expect(bagBack).toBeLessThan(bagMinor);
    expect(Number(ticket.refunded_minor) + bagBack).toBe(lowered);
    // The passenger who stays keeps their seat and bag.
    expect(services.map((s) => [s.passenger_index, s.type, s.status])).toEqual([
      [0, 'seat', 'issued'],
      [0, 'bag', 'issued'],
      [1, 'seat', 'released'],
      [1, 'bag', 'refunded'],
    ]);
  });

  it('a void returns exactly what was debited: the fare, the seat and bag, and a seat changed after issue', async () => {
    const { booking, seats } = await ticketedWithServices();
    // A seat changed after issue: the new one paid at once, the old one given up.
    const change = await post(
      t,
      `/api/booking/${booking.id}/services`,
      {
        services: [{ type: 'seat', passenger_index: 0, segment_index: 0, designator: seats[1]!.designator }],
      },
      { token: agent.token },
    );
    expect(change.statusCode, change.body).toBe(200);
    const debited = (await ledgerOf(booking.id))
      .filter((line) => line.kind === 'ticket')
      .reduce((sum, line) => sum - Number(line.amount_minor), 0);
    expect(debited).toBeGreaterThan(0);

    // The quote within the void window returns all of it, line by line.
    const quote = await penalty(booking.id);
    expect(minor(quote.refund_amount.Amount)).toBe(debited);
    expect(quote.services!.every((line) => line.refund_amount.Amount === line.paid.Amount)).toBe(true);
    expect(quote.services!.map((line) => line.reason)).toEqual(
      quote.services!.map(() => SERVICE_REASONS.voided),
    );

    const credits = await balance();
    const res = await post(
      t,
      '/api/request-cancel-booking',
      { booking_id: booking.id, reason: REASON },
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('voided');
    expect(await balance()).toBe(credits + debited);
    expect((await ledgerOf(booking.id)).at(-1)).toMatchObject({ kind: 'void', amount_minor: debited });
    const rows = await t.store.db
      .selectFrom('booking_services')
      .select(['status', 'amount_minor', 'refunded_minor'])
      .where('booking_id', '=', booking.id)
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.status).toBe('refunded');
      expect(Number(row.refunded_minor)).toBe(Number(row.amount_minor));
    }
  });
});
