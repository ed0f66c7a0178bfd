import type { Booking, Cabin, PricedItinerary } from '@skydesk/contract';
import { BOOKING_MESSAGES, instantTextWithZone, SUCCESS } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepDueRefunds } from '../../src/modules/bookings/after-sales/settlement.js';
import { agencyTimeZone } from '../../src/modules/bookings/booking/agency-zone-repo.js';
import { ledgerSum, readBalance } from '../../src/modules/payments/ledger-repo.js';
import { sandboxBookings } from '../../src/supplier/sandbox/index.js';
import { createTestApp, testConfig } from '../support/app.js';
import { get, post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  agentWithPermissions,
  bookingAgent,
  bookingBody,
  bookOk,
  errorFields,
  FAMILY,
  flightOf,
  issueOk,
  type Mix,
  ONE_ADULT,
  searchOffer,
  seatsSold,
  signInAgain,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

const HOUR_MS = 3_600_000;
const minor = (amount: number) => Math.round(amount * 100);
const usd = (minorUnits: number) => ({ Amount: minorUnits / 100, CurrencyCode: 'USD' });
const REASON = 'Passenger changed plans';

/** Base fare and taxes of one passenger type of an offer, in minor units. */
function fareOf(offer: PricedItinerary, code: 'ADT' | 'CNN' | 'INF') {
  const breakdown = offer.AirItineraryPricingInfo.PTC_FareBreakdowns.PTC_FareBreakdown.find(
    (b) => b.PassengerTypeQuantity.Code === code,
  );
  if (!breakdown) throw new Error(`no ${code} fare`);
  const base = minor(breakdown.PassengerFare.BaseFare.Amount);
  const taxes = minor(breakdown.PassengerFare.Taxes.Amount);
  return { base, taxes, paid: base + taxes };
}

const numbersOf = (booking: Booking) => booking.tickets.map((ticket) => ticket.ticket_number);

describe.each(storeKinds())('after-sales on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  beforeAll(async () => {
    // The test-setting timer approves each refund request at once, so these tests see settlement;
    // the operators' decisions have their own tests (test/admin/refunds.test.ts).
    t = await createTestApp(kind, { config: testConfig({ refundApprovalDelaySeconds: 0 }) });
    agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
  });
  afterAll(async () => t?.close());

  const penalty = (body: Record<string, unknown>, who: Agent = agent) =>
    post(t, '/api/getPenalty', body, { token: who.token });
  const cancel = (bookingId: string, who: Agent = agent, headers?: Record<string, string>) =>
    post(
      t,
      '/api/request-cancel-booking',
      { booking_id: bookingId, reason: REASON },
      { token: who.token, ...(headers ? { headers } : {}) },
    );
  const refund = (
    bookingId: string,
    ticketNumbers?: string[],
    who: Agent = agent,
    headers?: Record<string, string>,
  ) =>
    post(
      t,
      '/api/request-ticket-refund',
      { booking_id: bookingId, reason: REASON, ...(ticketNumbers ? { ticket_numbers: ticketNumbers } : {}) },
      { token: who.token, ...(headers ? { headers } : {}) },
    );
  const balance = async () => (await readBalance(t.store.db, agent.companyId)).balanceMinor;
  const details = async (bookingId: string) => {
    const res = await get(t, `/api/booking/${bookingId}`, { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const ledgerOf = (bookingId: string) =>
    t.store.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_minor', 'created_by'])
      .where('booking_id', '=', bookingId)
      .orderBy('created_at')
      .execute();
  const ordersOf = (bookingId: string) =>
    t.store.db
      .selectFrom('orders')
      .select(['kind', 'amount_minor', 'status', 'ticket_numbers', 'ledger_entry_id'])
      .where('booking_id', '=', bookingId)
      .orderBy('order_no')
      .execute();
  const segmentSeats = async (bookingId: string) =>
    (
      await t.store.db
        .selectFrom('booking_segments')
        .select('seats')
        .where('booking_id', '=', bookingId)
        .execute()
    ).map((row) => row.seats);
  const expectLedgerBalanced = async () =>
    expect(await ledgerSum(t.store.db, agent.companyId)).toBe(await balance());

  /** Moves past the void window of bookings issued now, with a fresh session. */
  const passVoidWindow = async () => {
    t.clock.advance(25 * HOUR_MS);
    agent = await signInAgain(t, agent);
  };

  async function ticketed(options: { mix?: Mix; cabin?: Cabin; date: string }) {
    const mix = options.mix ?? ONE_ADULT;
    const offer = await searchOffer(t, agent, {
      mix,
      date: options.date,
      ...(options.cabin ? { cabin: options.cabin } : {}),
    });
    const booking = await bookOk(t, agent, bookingBody(offer, mix));
    // A clock that stands still would tie the history's times; real ones move between calls.
    t.clock.advance(60_000);
    return { offer, booking: await issueOk(t, agent, booking.pnr), key: flightOf(offer) };
  }

  it('cancels a hold: cancelled, seats back, nothing debited, the reason in its history', async () => {
    const offer = await searchOffer(t, agent, { mix: FAMILY, date: '2026-12-10' });
    const key = flightOf(offer);
    const before = await seatsSold(t.store.db, key);
    const held = await bookOk(t, agent, bookingBody(offer, FAMILY));
    expect(await seatsSold(t.store.db, key)).toBe(before + 3);
    const credits = await balance();

    t.clock.advance(60_000);
    const res = await cancel(held.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SUCCESS.bookingCancelled);
    expect(res.json().data).toMatchObject({ id: held.id, status: 'cancelled', allowed_actions: [] });
    expect(await seatsSold(t.store.db, key)).toBe(before);
    expect(await balance()).toBe(credits);
    expect(await ledgerOf(held.id)).toEqual([]);
    expect(await ordersOf(held.id)).toEqual([]);
    const { history } = await details(held.id);
    expect(history.at(-1)).toEqual({
      id: expect.any(String),
      action: 'cancelled',
      from_status: 'booked',
      to_status: 'cancelled',
      note: `Hold cancelled; the seats were released. Reason: ${REASON}`,
      actor: { id: agent.user.id, name: 'Amira Haddad' },
      created_at: t.clock.now().toISOString(),
    });

    // Twice: 409 naming the status, and no seat moves again.
    const again = await cancel(held.id);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(
      `Booking ${held.pnr} is cancelled: only a held booking can be cancelled, or a ticketed one voided`,
    );
    expect(await seatsSold(t.store.db, key)).toBe(before);

    // A hold has no tickets: no penalty to quote, nothing to refund.
    const quote = await penalty({ booking_id: held.id });
    expect(quote.statusCode, quote.body).toBe(409);
    expect((await refund(held.id)).statusCode).toBe(409);
  });

  it('quotes a void within the window: everything back, penalty 0', async () => {
    const { offer, booking } = await ticketed({ mix: FAMILY, date: '2026-12-11' });
    const res = await penalty({ booking_id: booking.id });
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json().data;
    const [adult, child, infant] = [fareOf(offer, 'ADT'), fareOf(offer, 'CNN'), fareOf(offer, 'INF')];
    expect(quote).toEqual({
      refundable: false,
      void_until: booking.void_until,
      rules: [
        `Void until ${instantTextWithZone(booking.void_until!, await agencyTimeZone(t.store.db, agent.companyId))}: voiding returns everything paid, as no penalty is taken inside the void window; void the tickets by cancelling the booking`,
        'After the void window, a refund returns taxes only (non-refundable fare)',
        expect.stringMatching(
          /^No refund after departure \((Thu|Fri) 1[01] Dec 2026, \d\d:\d\d [A-Za-z_ ]+ time\)$/,
        ),
      ],
      tickets: [adult, adult, child, infant].map((fare, index) => ({
        ticket_number: booking.tickets[index]!.ticket_number,
        passenger_name: booking.tickets[index]!.passenger_name,
        paid: usd(fare.paid),
        penalty: usd(0),
        refund_amount: usd(fare.paid),
      })),
      refund_amount: usd(minor(booking.total.Amount)),
      // No seat or bag was bought (issue 31).
      services: [],
      // A sandbox booking: no airline quote behind the figures.
      supplier_quote: null,
    });

    // Selected tickets only; unknown or foreign numbers are field errors.
    const one = await penalty({
      booking_id: booking.id,
      ticket_numbers: [booking.tickets[2]!.ticket_number],
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.tickets).toHaveLength(1);
    expect(one.json().data.refund_amount).toEqual(usd(child.paid));
    const unknown = await penalty({ booking_id: booking.id, ticket_numbers: ['1234567890123'] });
    expect(unknown.statusCode, unknown.body).toBe(422);
    expect(errorFields(unknown)).toEqual(['ticket_numbers']);
    expect(unknown.json().data.errors.ticket_numbers).toEqual([
      `Ticket 1234567890123 is not a ticket of booking ${booking.pnr}`,
    ]);
    const malformed = await penalty({ booking_id: booking.id, ticket_numbers: ['12'] });
    expect(malformed.statusCode).toBe(422);
  });

  it('voids within the window: full refund to credits, a void order, seats back, all in the history', async () => {
    const offer = await searchOffer(t, agent, { mix: FAMILY, date: '2026-12-12' });
    const key = flightOf(offer);
    const seatsBefore = await seatsSold(t.store.db, key);
    const creditsBefore = await balance();
    const held = await bookOk(t, agent, bookingBody(offer, FAMILY));
    t.clock.advance(60_000);
    const booking = await issueOk(t, agent, held.pnr);
    const total = minor(booking.total.Amount);
    expect(await balance()).toBe(creditsBefore - total);
    expect(booking.allowed_actions).toEqual(['void', 'change']);

    t.clock.advance(23 * HOUR_MS);
    agent = await signInAgain(t, agent);
    const voidedAt = t.clock.now();
    const res = await cancel(booking.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(BOOKING_MESSAGES.ticketsVoided);
    const voided = res.json().data;
    expect(voided).toMatchObject({ status: 'voided', allowed_actions: [] });
    expect(voided.tickets.map((ticket: { status: string }) => ticket.status)).toEqual([
      'voided',
      'voided',
      'voided',
      'voided',
    ]);
    expect(await balance()).toBe(creditsBefore);
    expect(await ledgerOf(booking.id)).toEqual([
      { kind: 'ticket', amount_minor: -total, created_by: agent.user.id },
      { kind: 'void', amount_minor: total, created_by: agent.user.id },
    ]);
    const orders = await ordersOf(booking.id);
    expect(orders).toEqual([
      expect.objectContaining({ kind: 'ticket', amount_minor: total, status: 'completed' }),
      {
        kind: 'void',
        amount_minor: total,
        status: 'completed',
        ticket_numbers: numbersOf(booking),
        ledger_entry_id: expect.any(String),
      },
    ]);
    expect(await seatsSold(t.store.db, key)).toBe(seatsBefore);
    await expectLedgerBalanced();

    const listed = await get(t, '/api/orders/company', { token: agent.token });
    expect(listed.json().data[0]).toMatchObject({
      booking_id: booking.id,
      kind: 'void',
      amount: total / 100,
      status: 'completed',
      created_at: voidedAt.toISOString(),
    });
    const { history } = await details(booking.id);
    expect(history.map((event: { action: string }) => event.action)).toEqual([
      'booked',
      'ticketed',
      'voided',
    ]);
    expect(history[2]).toMatchObject({
      from_status: 'ticketed',
      to_status: 'voided',
      note: `4 tickets voided; ${(total / 100).toFixed(2)} USD refunded to credits; the seats were released. Reason: ${REASON}`,
      actor: { id: agent.user.id },
      created_at: voidedAt.toISOString(),
    });

    // Voided is final: no second void, no refund, no penalty quote.
    expect((await cancel(booking.id)).statusCode).toBe(409);
    const refused = await refund(booking.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      `Booking ${booking.pnr} is voided: only ticketed bookings can be refunded`,
    );
    expect((await penalty({ booking_id: booking.id })).statusCode).toBe(409);
    expect(await balance()).toBe(creditsBefore);
    expect(await seatsSold(t.store.db, key)).toBe(seatsBefore);
  });

  it('refunds some passengers in full inside the void window, and refuses to void after it', async () => {
    const { booking, key } = await ticketed({ mix: FAMILY, date: '2026-12-13' });
    const credits = await balance();
    const sold = await seatsSold(t.store.db, key);
    const second = booking.tickets[1]!;
    const paid = Math.round(second.paid.Amount * 100);
    // One traveller drops out on the day of issue: everything they paid comes back, the others fly.
    const early = await refund(booking.id, [second.ticket_number]);
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().data.status).toBe('partially_refunded');
    expect(early.json().data.tickets.map((ticket: { status: string }) => ticket.status)).toEqual([
      'issued',
      'refunded',
      'issued',
      'issued',
    ]);
    expect(await balance()).toBe(credits + paid);
    expect(await seatsSold(t.store.db, key)).toBe(sold - 1);
    await expectLedgerBalanced();

    // After the window a booking still wholly ticketed can no longer be voided, only refunded.
    const { booking: whole, key: wholeKey } = await ticketed({ date: '2026-12-13' });
    await passVoidWindow();
    const creditsAfter = await balance();
    const soldAfter = await seatsSold(t.store.db, wholeKey);
    const res = await cancel(whole.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('The void window has closed; request a refund instead');
    expect(await balance()).toBe(creditsAfter);
    expect(await seatsSold(t.store.db, wholeKey)).toBe(soldAfter);
    expect((await details(whole.id)).allowed_actions).toEqual(['refund', 'change']);
  });

  it('refunds a whole non-refundable booking: the taxes come back, the seats too', async () => {
    const { offer, booking, key } = await ticketed({ mix: FAMILY, date: '2026-12-14' });
    await passVoidWindow();
    const [adult, child, infant] = [fareOf(offer, 'ADT'), fareOf(offer, 'CNN'), fareOf(offer, 'INF')];
    const taxes = 2 * adult.taxes + child.taxes + infant.taxes;

    const quote = (await penalty({ booking_id: booking.id })).json().data;
    expect(quote.rules).toContain('Non-refundable: only taxes are returned');
    expect(quote.rules[0]).toMatch(/^The void window closed at /);
    expect(quote.tickets.map((ticket: { penalty: unknown }) => ticket.penalty)).toEqual([
      usd(adult.base),
      usd(adult.base),
      usd(child.base),
      usd(infant.base),
    ]);
    expect(quote.refund_amount).toEqual(usd(taxes));

    const credits = await balance();
    const sold = await seatsSold(t.store.db, key);
    const requestedAt = t.clock.now();
    const res = await refund(booking.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SUCCESS.refundRequested);
    const refunded = res.json().data;
    // The sandbox approves at once by default: the answer is the settled booking.
    expect(refunded).toMatchObject({ status: 'refunded', allowed_actions: [] });
    expect(refunded.tickets.map((ticket: { status: string }) => ticket.status)).toEqual([
      'refunded',
      'refunded',
      'refunded',
      'refunded',
    ]);
    expect(await balance()).toBe(credits + taxes);
    expect((await ledgerOf(booking.id)).at(-1)).toEqual({
      kind: 'refund',
      amount_minor: taxes,
      created_by: null,
    });
    expect((await ordersOf(booking.id)).at(-1)).toEqual({
      kind: 'refund',
      amount_minor: taxes,
      status: 'completed',
      ticket_numbers: numbersOf(booking),
      ledger_entry_id: expect.any(String),
    });
    const tickets = await t.store.db
      .selectFrom('tickets')
      .select('refunded_minor')
      .where('booking_id', '=', booking.id)
      .execute();
    expect(tickets.map((ticket) => ticket.refunded_minor).sort()).toEqual(
      [adult.taxes, adult.taxes, child.taxes, infant.taxes].sort(),
    );
    expect(await seatsSold(t.store.db, key)).toBe(sold - 3);
    await expectLedgerBalanced();

    const { history } = await details(booking.id);
    expect(history.slice(2)).toEqual([
      expect.objectContaining({
        action: 'refund_requested',
        from_status: 'ticketed',
        to_status: 'refund_requested',
        actor: { id: agent.user.id, name: 'Amira Haddad' },
        created_at: requestedAt.toISOString(),
        note: expect.stringContaining(`Reason: ${REASON}`),
      }),
      expect.objectContaining({
        action: 'refund_approved',
        from_status: 'refund_requested',
        to_status: 'refunded',
        actor: null,
        note: expect.stringContaining(`of 4 tickets approved: USD ${(taxes / 100).toFixed(2)} returned of`),
      }),
    ]);

    // Nothing is left to refund.
    const again = await refund(booking.id);
    expect(again.statusCode, again.body).toBe(409);
    expect(await balance()).toBe(credits + taxes);
  });

  it('refunds one passenger of a refundable fare: the others stay ticketed, one seat returns', async () => {
    const { offer, booking, key } = await ticketed({ mix: FAMILY, cabin: 'Business', date: '2026-12-15' });
    expect(offer.AirItineraryPricingInfo.Refundable).toBe(true);
    const fee = minor(offer.AirItineraryPricingInfo.Penalties.Cancel.Amount);
    expect(fee).toBeGreaterThan(0);
    const [adult, child, infant] = [fareOf(offer, 'ADT'), fareOf(offer, 'CNN'), fareOf(offer, 'INF')];
    await passVoidWindow();

    const quote = (await penalty({ booking_id: booking.id })).json().data;
    expect(quote.refundable).toBe(true);
    expect(quote.rules).toContain(
      `Refundable: fare less a cancel fee of USD ${(fee / 100).toFixed(2)} per adult or child ticket (never more than its base fare; none for infants); taxes are returned`,
    );
    expect(quote.tickets.map((ticket: { penalty: unknown }) => ticket.penalty)).toEqual([
      usd(fee),
      usd(fee),
      usd(Math.min(fee, child.base)),
      usd(0),
    ]);

    // Leaving the child and the infant without an adult is refused.
    const adults = numbersOf(booking).slice(0, 2);
    const orphaning = await refund(booking.id, adults);
    expect(orphaning.statusCode, orphaning.body).toBe(422);
    expect(errorFields(orphaning)).toEqual(['ticket_numbers']);

    const credits = await balance();
    const sold = await seatsSold(t.store.db, key);
    const second = booking.tickets[1]!;
    const res = await refund(booking.id, [second.ticket_number]);
    expect(res.statusCode, res.body).toBe(200);
    const partial = res.json().data;
    expect(partial).toMatchObject({ status: 'partially_refunded', allowed_actions: ['refund'] });
    expect(partial.tickets.map((ticket: { status: string }) => ticket.status)).toEqual([
      'issued',
      'refunded',
      'issued',
      'issued',
    ]);
    expect(await balance()).toBe(credits + adult.paid - fee);
    expect((await ledgerOf(booking.id)).at(-1)).toEqual({
      kind: 'refund',
      amount_minor: adult.paid - fee,
      created_by: null,
    });
    expect(await seatsSold(t.store.db, key)).toBe(sold - 1);
    expect(await segmentSeats(booking.id)).toEqual([2]);
    await expectLedgerBalanced();

    // The refunded ticket is refunded: refunding or quoting it again is a field error.
    const twice = await refund(booking.id, [second.ticket_number]);
    expect(twice.statusCode, twice.body).toBe(422);
    expect(twice.json().data.errors.ticket_numbers).toEqual([`Ticket ${second.ticket_number} is refunded`]);
    expect(
      (await penalty({ booking_id: booking.id, ticket_numbers: [second.ticket_number] })).statusCode,
    ).toBe(422);
    // The default is every ticket still issued.
    const rest = (await penalty({ booking_id: booking.id })).json().data;
    expect(rest.tickets).toHaveLength(3);
    const restAmount = adult.paid - fee + child.paid - Math.min(fee, child.base) + infant.paid;
    expect(rest.refund_amount).toEqual(usd(restAmount));

    t.clock.advance(60_000);
    const whole = await refund(booking.id);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().data.status).toBe('refunded');
    expect(await balance()).toBe(credits + adult.paid - fee + restAmount);
    expect(await seatsSold(t.store.db, key)).toBe(sold - 3);
    await expectLedgerBalanced();
    const { history } = await details(booking.id);
    expect(
      history.map((event: { action: string; to_status: string }) => `${event.action}→${event.to_status}`),
    ).toEqual([
      'booked→booked',
      'ticketed→ticketed',
      'refund_requested→refund_requested',
      'refund_approved→partially_refunded',
      'refund_requested→refund_requested',
      'refund_approved→refunded',
    ]);
  });

  it('changes nothing twice for a retried cancel or refund with the same Idempotency-Key', async () => {
    const first = await ticketed({ date: '2026-12-16' });
    const key = 'void-retry-1';
    const credits = await balance();
    const voided = await cancel(first.booking.id, agent, { 'Idempotency-Key': key });
    expect(voided.statusCode, voided.body).toBe(200);
    const retried = await cancel(first.booking.id, agent, { 'Idempotency-Key': key });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toEqual(voided.json());
    expect(await balance()).toBe(credits + minor(first.booking.total.Amount));
    expect((await ordersOf(first.booking.id)).map((order) => order.kind)).toEqual(['ticket', 'void']);

    const second = await ticketed({ mix: FAMILY, date: '2026-12-16' });
    await passVoidWindow();
    const before = await balance();
    const sold = await seatsSold(t.store.db, second.key);
    const one = [second.booking.tickets[0]!.ticket_number];
    const refunded = await refund(second.booking.id, one, agent, { 'Idempotency-Key': 'refund-retry-1' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const again = await refund(second.booking.id, one, agent, { 'Idempotency-Key': 'refund-retry-1' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(refunded.json());
    expect((await ordersOf(second.booking.id)).map((order) => order.kind)).toEqual(['ticket', 'refund']);
    expect((await ledgerOf(second.booking.id)).map((entry) => entry.kind)).toEqual(['ticket', 'refund']);
    expect(await balance()).toBe(before + fareOf(second.offer, 'ADT').taxes);
    expect(await seatsSold(t.store.db, second.key)).toBe(sold - 1);
  });

  it("answers 404 for another agency's booking on all three calls, changing nothing", async () => {
    const { booking } = await ticketed({ date: '2026-12-17' });
    const other = await bookingAgent(t, { creditsMinor: 100_000 });
    expect((await penalty({ booking_id: booking.id }, other)).statusCode).toBe(404);
    expect((await cancel(booking.id, other)).statusCode).toBe(404);
    expect((await refund(booking.id, undefined, other)).statusCode).toBe(404);
    expect((await details(booking.id)).status).toBe('ticketed');
    expect((await ledgerOf(booking.id)).map((entry) => entry.kind)).toEqual(['ticket']);
  });

  it('answers 403 without the permission each call needs', async () => {
    const { booking } = await ticketed({ date: '2026-12-17' });
    const viewer = await agentWithPermissions(t, ['bookings.view']);
    expect((await cancel(booking.id, viewer)).statusCode).toBe(403);
    expect((await refund(booking.id, undefined, viewer)).statusCode).toBe(403);
    const canceller = await agentWithPermissions(t, ['bookings.cancel', 'bookings.refund']);
    expect((await penalty({ booking_id: booking.id }, canceller)).statusCode).toBe(403);
    // Permitted, the other agency's user still finds nothing of ours.
    expect((await penalty({ booking_id: booking.id }, viewer)).statusCode).toBe(404);
    expect((await details(booking.id)).status).toBe('ticketed');
  });

  it('returns nothing after departure: the quote says so and a refund or cancel answers 409', async () => {
    const now = t.clock.now();
    const date = new Date(now.getTime() + 2 * 24 * HOUR_MS).toISOString().slice(0, 10);
    const { booking, key } = await ticketed({ date });
    const departure = new Date(booking.segments[0]!.DepartureDateTime.slice(0, 10));
    t.clock.set(new Date(departure.getTime() + 2 * 24 * HOUR_MS));
    agent = await signInAgain(t, agent);

    const quote = await penalty({ booking_id: booking.id });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data).toMatchObject({
      refund_amount: usd(0),
      tickets: [{ penalty: booking.tickets[0]!.paid, refund_amount: usd(0) }],
    });
    expect(quote.json().data.rules.at(-1)).toMatch(/^No refund after departure: the first flight left at /);
    const credits = await balance();
    const sold = await seatsSold(t.store.db, key);
    const res = await refund(booking.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(
      new RegExp(`^No refund after departure: the first flight of booking ${booking.pnr} left at `),
    );
    const cancelled = await cancel(booking.id);
    expect(cancelled.statusCode, cancelled.body).toBe(409);
    expect(cancelled.json().message).toBe(res.json().message);
    expect(await balance()).toBe(credits);
    expect(await seatsSold(t.store.db, key)).toBe(sold);
    expect((await details(booking.id)).allowed_actions).toEqual([]);
  });
});

describe.each(storeKinds())('refund approval after a delay on %s', (kind) => {
  const DELAY_SECONDS = 3_600;
  let t: TestApp;
  let agent: Agent;
  beforeAll(async () => {
    t = await createTestApp(kind, { config: testConfig({ refundApprovalDelaySeconds: DELAY_SECONDS }) });
    agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
  });
  afterAll(async () => t?.close());

  const sweep = () => sweepDueRefunds(t.store.db, sandboxBookings, t.clock.now(), DELAY_SECONDS * 1000);
  const balance = async () => (await readBalance(t.store.db, agent.companyId)).balanceMinor;
  const statusOf = async (bookingId: string) => {
    const res = await get(t, `/api/booking/${bookingId}`, { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('keeps the request pending until the sweep settles it once it is due', async () => {
    const offer = await searchOffer(t, agent, { mix: FAMILY, date: '2026-12-18' });
    const key = flightOf(offer);
    const held = await bookOk(t, agent, bookingBody(offer, FAMILY));
    t.clock.advance(60_000);
    const booking = await issueOk(t, agent, held.pnr);
    t.clock.advance(25 * HOUR_MS);
    agent = await signInAgain(t, agent);
    const credits = await balance();
    const sold = await seatsSold(t.store.db, key);
    const adult = fareOf(offer, 'ADT');
    const child = fareOf(offer, 'CNN');
    // The second adult, then the child: the first adult stays with the infant.
    const [, first, second] = booking.tickets;

    const res = await post(
      t,
      '/api/request-ticket-refund',
      { booking_id: booking.id, reason: REASON, ticket_numbers: [first!.ticket_number] },
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SUCCESS.refundRequested);
    expect(res.json().data).toMatchObject({ status: 'refund_requested', allowed_actions: ['refund'] });
    expect(res.json().data.tickets[1].status).toBe('refund_requested');
    expect(await balance()).toBe(credits);
    expect(await seatsSold(t.store.db, key)).toBe(sold);
    const orders = await get(t, '/api/orders/company', { token: agent.token });
    expect(orders.json().data[0]).toMatchObject({
      kind: 'refund',
      status: 'pending',
      amount: adult.taxes / 100,
    });

    // A second passenger asks while the first request waits; the booking stays refund_requested.
    t.clock.advance(30 * 60_000);
    agent = await signInAgain(t, agent);
    const more = await post(
      t,
      '/api/request-ticket-refund',
      { booking_id: booking.id, reason: REASON, ticket_numbers: [second!.ticket_number] },
      { token: agent.token },
    );
    expect(more.statusCode, more.body).toBe(200);
    // The pending ticket is not refundable twice.
    const dup = await post(
      t,
      '/api/request-ticket-refund',
      { booking_id: booking.id, reason: REASON, ticket_numbers: [first!.ticket_number] },
      { token: agent.token },
    );
    expect(dup.statusCode, dup.body).toBe(422);
    expect(dup.json().data.errors.ticket_numbers).toEqual([
      `Ticket ${first!.ticket_number} is refund requested`,
    ]);

    // Requests still pending count as gone: the last adult cannot leave the infant alone.
    const orphaning = await post(
      t,
      '/api/request-ticket-refund',
      { booking_id: booking.id, reason: REASON, ticket_numbers: [booking.tickets[0]!.ticket_number] },
      { token: agent.token },
    );
    expect(orphaning.statusCode, orphaning.body).toBe(422);
    expect(orphaning.json().message).toBe(
      'Children and infants cannot fly without an adult: refund their tickets too',
    );

    expect(await sweep()).toBe(0);
    t.clock.advance(30 * 60_000);
    // The first request is due, the second not yet.
    expect(await sweep()).toBe(1);
    agent = await signInAgain(t, agent);
    let shown = await statusOf(booking.id);
    expect(shown.status).toBe('refund_requested');
    expect(shown.tickets.map((ticket: { status: string }) => ticket.status)).toEqual([
      'issued',
      'refunded',
      'refund_requested',
      'issued',
    ]);
    expect(await balance()).toBe(credits + adult.taxes);
    expect(await seatsSold(t.store.db, key)).toBe(sold - 1);
    expect(await sweep()).toBe(0);

    t.clock.advance(30 * 60_000);
    expect(await sweep()).toBe(1);
    agent = await signInAgain(t, agent);
    shown = await statusOf(booking.id);
    expect(shown.status).toBe('partially_refunded');
    expect(await balance()).toBe(credits + adult.taxes + child.taxes);
    expect(await seatsSold(t.store.db, key)).toBe(sold - 2);
    expect(await ledgerSum(t.store.db, agent.companyId)).toBe(await balance());
    expect(
      shown.history.map((event: { action: string; to_status: string; actor: unknown }) => [
        event.action,
        event.to_status,
        event.actor === null ? 'system' : 'agent',
      ]),
    ).toEqual([
      ['booked', 'booked', 'agent'],
      ['ticketed', 'ticketed', 'agent'],
      ['refund_requested', 'refund_requested', 'agent'],
      ['refund_requested', 'refund_requested', 'agent'],
      ['refund_approved', 'refund_requested', 'system'],
      ['refund_approved', 'partially_refunded', 'system'],
    ]);
    const ordersAfter = await get(t, '/api/orders/company', { token: agent.token });
    expect(
      ordersAfter
        .json()
        .data.map((order: { kind: string; status: string }) => `${order.kind}:${order.status}`),
    ).toEqual(['refund:completed', 'refund:completed', 'ticket:completed']);
  });

  it('lets two sweeps run at once without settling anything twice', async () => {
    agent = await signInAgain(t, agent);
    const offer = await searchOffer(t, agent, { mix: ONE_ADULT, date: '2026-12-19' });
    const bookings = [];
    for (let i = 0; i < 3; i++) {
      const held = await bookOk(t, agent, bookingBody(offer, ONE_ADULT));
      bookings.push(await issueOk(t, agent, held.pnr));
    }
    t.clock.advance(25 * HOUR_MS);
    agent = await signInAgain(t, agent);
    for (const booking of bookings) {
      const res = await post(
        t,
        '/api/request-ticket-refund',
        { booking_id: booking.id, reason: REASON },
        { token: agent.token },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const credits = await balance();
    t.clock.advance(DELAY_SECONDS * 1000);
    const settled = await Promise.all([sweep(), sweep()]);
    expect(settled[0]! + settled[1]!).toBe(3);
    expect(await balance()).toBe(credits + 3 * fareOf(offer, 'ADT').taxes);
    expect(await ledgerSum(t.store.db, agent.companyId)).toBe(await balance());
  });
});
