import { randomUUID } from 'node:crypto';
import { type Booking, BookingDetails, ChangeOffer, PERMISSIONS } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../support/auth-flow.js';
import {
  type Agent,
  addCredits,
  agentWithPermissions,
  bookingAgent,
  bookOk,
  issueOk,
  passengersFor,
} from '../support/bookings.js';
import {
  type DuffelBookingApp,
  deliverWebhooks,
  duffelBookingApp,
  duffelOffer,
  ledgerAgainstSupplier,
} from '../support/duffel-bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 32: a ticketed Duffel booking's flights changed through the airline's order change flow —
 * its change offers (`POST /air/order_change_requests`) in the portal's shape with the three
 * amounts kept apart, and the change confirmed as a step of the order saga (`changing`): the debit
 * of a positive change total committed before `POST /air/order_changes/{id}/actions/confirm` (a
 * balance payment of exactly it), the airline's new tickets recorded after it, a refusal reversing
 * the debit exactly, a lost answer read back and never confirmed twice blind. The ledger matches
 * what the airline was paid, plus the markup, after every test.
 */

const CONTACT = { email: 'desk@agency.test', phone: '+44 20 7946 0000' };
const WINDOW_MS = 120_000;
const ONE_ADULT = { adults: 1, children: 0, infants: 0 };
const NEW_DATE = '2026-12-23';
const minor = (amount: number) => Math.round(amount * 100);

describe.each(storeKinds())('changes of a Duffel booking on %s', (kind) => {
  let t: DuffelBookingApp;
  let agent: Agent;
  let stranger: Agent;

  beforeAll(async () => {
    t = await duffelBookingApp(kind, { settleSeconds: WINDOW_MS / 1000 });
    agent = await bookingAgent(t, { creditsMinor: 50_000_000 });
    stranger = await bookingAgent(t, { creditsMinor: 50_000_000 });
  });
  afterAll(async () => t?.close());

  /** A ticketed Duffel Airways Standard booking (held at the airline, then paid) for one adult. */
  const ticketed = async (who: Agent = agent): Promise<Booking> => {
    const { offerId } = await duffelOffer(t, who, { carrier: 'ZZ', mix: ONE_ADULT, brand: 'Standard' });
    const booking = await bookOk(t, who, {
      offer_id: offerId,
      passengers: passengersFor(ONE_ADULT),
      contact: CONTACT,
    });
    return issueOk(t, who, booking.pnr);
  };
  const askOffers = (who: Agent, id: string, date = NEW_DATE) =>
    post(
      t,
      `/api/booking/${id}/change-offers`,
      { legs: [{ leg_index: 0, departure_date: date }] },
      {
        token: who.token,
      },
    );
  const offersOf = async (id: string, date = NEW_DATE) => {
    const res = await askOffers(agent, id, date);
    expect(res.statusCode, res.body).toBe(200);
    return ChangeOffer.array().parse(res.json().data);
  };
  const confirm = (who: Agent, id: string, offerId: string, headers: Record<string, string> = {}) =>
    post(t, `/api/booking/${id}/change`, { change_offer_id: offerId }, { token: who.token, headers });
  const details = async (id: string) => {
    const res = await get(t, `/api/booking/${id}`, { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    return BookingDetails.parse(res.json().data);
  };
  const orderOf = (id: string) => t.duffel.state.ordersWithMetadata('skydesk_booking_id', id)[0]!;
  const lines = (id: string) =>
    t.store.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_minor'])
      .where('booking_id', '=', id)
      .orderBy('seq')
      .execute();
  const stepOf = (id: string) =>
    t.store.db
      .selectFrom('bookings')
      .select(['supplier_state', 'supplier_change_step'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const changePayments = (id: string) =>
    t.duffel.state.payments().filter((p) => p.order_id === orderOf(id).id && p.purpose === 'order_change');
  const ledgerMatches = async () => {
    const ledger = await ledgerAgainstSupplier(t, agent.companyId);
    expect(ledger.charged).toBe(ledger.supplierNet + ledger.markupOfPaid);
  };
  const costly = (offers: ChangeOffer[]) => offers.find((offer) => offer.change_total.Amount > 0)!;

  it('quotes the airline’s offers with the three amounts apart, and changes the flights: new tickets, one debit', async () => {
    const booking = await ticketed();
    const oldTicket = booking.tickets[0]!.ticket_number;
    const offers = await offersOf(booking.id);
    expect(offers.length).toBeGreaterThan(0);
    const [request] = t.duffel.requestsTo('POST /air/order_change_requests').slice(-1);
    const order = orderOf(booking.id);
    expect(request!.data).toEqual({
      order_id: order.id,
      slices: {
        remove: [{ slice_id: order.slices[0]!.id }],
        add: [{ origin: 'LHR', destination: 'JFK', departure_date: NEW_DATE, cabin_class: 'economy' }],
      },
    });
    for (const offer of offers) {
      // Duffel Airways Standard: a change fee of 63.50 USD (50.00 GBP); never mixed into one figure.
      expect(offer.penalty).toEqual({ Amount: 63.5, CurrencyCode: 'USD' });
      expect(minor(offer.change_total.Amount)).toBe(
        minor(offer.fare_difference.Amount) + minor(offer.penalty.Amount),
      );
      expect(offer.legs[0]!.segments[0]!.DepartureDateTime.slice(0, 10)).toBe(NEW_DATE);
      expect(offer.kind).toBe('voluntary');
      expect(offer.refund_to).toBe(offer.change_total.Amount < 0 ? 'credits' : null);
    }
    const offer = costly(offers);

    const key = randomUUID();
    const res = await confirm(agent, booking.id, offer.id, { 'idempotency-key': key });
    expect(res.statusCode, res.body).toBe(200);
    const after = await details(booking.id);
    const old = after.tickets.find((ticket) => ticket.ticket_number === oldTicket)!;
    const fresh = after.tickets.find((ticket) => ticket.ticket_number !== oldTicket)!;
    expect(old).toMatchObject({ status: 'exchanged', exchanged_for: fresh.ticket_number });
    expect(fresh).toMatchObject({ status: 'issued', replaces: oldTicket });
    // The new number is the airline's, on its order now; the old one is gone from it.
    const changed = orderOf(booking.id);
    const documents = (changed.documents ?? []).map((d) => d.unique_identifier);
    expect(documents).toContain(fresh.ticket_number);
    expect(documents).not.toContain(oldTicket);
    expect(after.segments[0]!.DepartureDateTime.slice(0, 10)).toBe(NEW_DATE);
    // The step in the history, and the new e-ticket mailed to the contact as the sandbox's change.
    expect(after.history.map((event) => event.action)).toEqual(
      expect.arrayContaining(['airline_change_asked', 'exchanged', 'e_ticket_sent']),
    );
    expect(after.changes).toEqual([
      expect.objectContaining({
        kind: 'exchange',
        tickets: [{ from: oldTicket, to: fresh.ticket_number }],
        penalty: offer.penalty,
        change_total: offer.change_total,
      }),
    ]);
    // One confirm, paid exactly the airline's positive change total; one change debit here.
    const [sent] = t.duffel.requestsTo('POST /air/order_changes/{id}/actions/confirm').slice(-1);
    const paid = changePayments(booking.id);
    expect(paid).toHaveLength(1);
    expect((sent!.data as { payment: unknown }).payment).toEqual({
      type: 'balance',
      amount: paid[0]!.amount,
      currency: 'USD',
    });
    expect(minor(Number(paid[0]!.amount))).toBe(minor(offer.change_total.Amount));
    expect(await lines(booking.id)).toEqual([
      expect.objectContaining({ kind: 'ticket' }),
      { kind: 'change', amount_minor: -minor(offer.change_total.Amount) },
    ]);
    expect(await stepOf(booking.id)).toEqual({ supplier_state: 'confirmed', supplier_change_step: null });

    // The same key again: the answer replayed, nothing asked of the airline twice.
    const replay = await confirm(agent, booking.id, offer.id, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(changePayments(booking.id)).toHaveLength(1);
    // The offer is used: confirming it again without the key is one 409.
    expect((await confirm(agent, booking.id, offer.id)).statusCode).toBe(409);
    await ledgerMatches();
  });

  it('the airline refusing the confirmation: its reason as a 409, the debit reversed exactly', async () => {
    const booking = await ticketed();
    const offer = costly(await offersOf(booking.id));
    t.duffel.failures.next('POST /air/order_changes/{id}/actions/confirm', {
      kind: 'error',
      status: 422,
      type: 'airline_error',
      code: 'airline_unknown',
      message: 'The airline could not change the order.',
    });
    const res = await confirm(agent, booking.id, offer.id);
    expect(res.statusCode, res.body).toBe(409);
    const [, debit, reversal] = await lines(booking.id);
    expect(debit).toEqual({ kind: 'change', amount_minor: -minor(offer.change_total.Amount) });
    expect(reversal).toEqual({ kind: 'reversal', amount_minor: minor(offer.change_total.Amount) });
    expect(changePayments(booking.id)).toHaveLength(0);
    const after = await details(booking.id);
    expect(after.tickets.map((ticket) => ticket.status)).toEqual(['issued']);
    expect(after.changes).toEqual([]);
    expect(await stepOf(booking.id)).toEqual({ supplier_state: 'confirmed', supplier_change_step: null });
    await ledgerMatches();
  });

  it('402 when the credits cannot cover the change: nothing confirmed at the airline, nothing debited', async () => {
    const poor = await bookingAgent(t, { creditsMinor: 50_000_000 });
    const booking = await ticketed(poor);
    const offers = ChangeOffer.array().parse((await askOffers(poor, booking.id)).json().data);
    const offer = costly(offers);
    const balance = await t.store.db
      .selectFrom('ledger_entries')
      .select('balance_after_minor')
      .where('company_id', '=', poor.companyId)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await addCredits(t.store.db, poor.companyId, -Number(balance.balance_after_minor));
    const confirms = t.duffel.requestsTo('POST /air/order_changes/{id}/actions/confirm').length;
    const res = await confirm(poor, booking.id, offer.id);
    expect(res.statusCode, res.body).toBe(402);
    expect(t.duffel.requestsTo('POST /air/order_changes/{id}/actions/confirm')).toHaveLength(confirms);
    expect(changePayments(booking.id)).toHaveLength(0);
    expect((await lines(booking.id)).map((line) => line.kind)).toEqual(['ticket']);
    expect(await stepOf(booking.id)).toEqual({ supplier_state: 'confirmed', supplier_change_step: null });
  });

  it('a lost answer after the airline confirmed: read back at once, recorded once, paid once', async () => {
    const booking = await ticketed();
    const offer = costly(await offersOf(booking.id));
    t.duffel.failures.next('POST /air/order_changes/{id}/actions/confirm', {
      kind: 'server_error',
      when: 'after',
    });
    const res = await confirm(agent, booking.id, offer.id);
    expect(res.statusCode, res.body).toBe(200);
    const after = await details(booking.id);
    expect(after.tickets.map((ticket) => ticket.status).sort()).toEqual(['exchanged', 'issued']);
    expect(changePayments(booking.id)).toHaveLength(1);
    expect((await lines(booking.id)).map((line) => line.kind)).toEqual(['ticket', 'change']);
    await ledgerMatches();
  });

  it('a lost answer before the airline acted: waiting, then confirmed once by the window’s look-up', async () => {
    const booking = await ticketed();
    const offer = costly(await offersOf(booking.id));
    t.duffel.failures.next('POST /air/order_changes/{id}/actions/confirm', {
      kind: 'server_error',
      when: 'before',
    });
    const res = await confirm(agent, booking.id, offer.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await stepOf(booking.id)).supplier_state).toBe('changing');
    expect((await details(booking.id)).supplier?.state).toBe('changing');
    // Nothing else may race the step meanwhile.
    expect((await askOffers(agent, booking.id)).statusCode).toBe(409);
    expect(changePayments(booking.id)).toHaveLength(0);

    t.clock.advance(WINDOW_MS + 1_000);
    await details(booking.id);
    expect(await stepOf(booking.id)).toEqual({ supplier_state: 'confirmed', supplier_change_step: null });
    expect(changePayments(booking.id)).toHaveLength(1);
    expect((await details(booking.id)).tickets.map((ticket) => ticket.status).sort()).toEqual([
      'exchanged',
      'issued',
    ]);
    await ledgerMatches();
  });

  it('an airline-initiated change told by webhook is the booking’s schedule change, accepted through Duffel', async () => {
    const booking = await ticketed();
    const order = orderOf(booking.id);
    const aic = t.duffel.controls.airlineInitiatedChange(order.id, { minutes: 95, sliceIndex: 0 });
    const answers = await deliverWebhooks(t, 'order.airline_initiated_change_detected');
    expect(answers.every((status) => status === 200)).toBe(true);
    const flagged = await details(booking.id);
    expect(flagged.schedule_change).toMatchObject({
      kind: 'retimed',
      status: 'pending',
      connection_broken: false,
      actions: expect.arrayContaining(['accept', 'cancel']),
    });
    const before = booking.segments[0]!.DepartureDateTime;
    expect(flagged.schedule_change!.before[0]!.departs_at).toBe(before);
    expect(Date.parse(`${flagged.schedule_change!.after[0]!.departs_at}Z`) - Date.parse(`${before}Z`)).toBe(
      95 * 60_000,
    );
    // Told again (Duffel delivers at least once): still one schedule change.
    await deliverWebhooks(t, 'order.airline_initiated_change_detected');
    const rows = await t.store.db
      .selectFrom('schedule_changes')
      .select('id')
      .where('supplier_change_id', '=', aic.id)
      .execute();
    expect(rows).toHaveLength(1);

    const res = await post(
      t,
      `/api/booking/${booking.id}/schedule-change/accept`,
      {},
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    // Answered at the airline through its accept action, then recorded here.
    const [accept] = t.duffel.requestsTo('POST /air/airline_initiated_changes/{id}/actions/accept').slice(-1);
    expect(accept!.path).toBe(`/air/airline_initiated_changes/${aic.id}/actions/accept`);
    expect(t.duffel.state.airlineInitiatedChanges().find((c) => c.id === aic.id)?.action_taken).toBe(
      'accepted',
    );
    expect((await details(booking.id)).schedule_change).toMatchObject({ status: 'accepted', actions: [] });
    await ledgerMatches();
  });

  it('answers 404 for another agency’s Duffel booking and 403 without bookings.issue', async () => {
    const theirs = await ticketed(stranger);
    for (const id of [theirs.id, randomUUID()]) {
      const res = await askOffers(agent, id);
      expect(res.statusCode, res.body).toBe(404);
      const change = await confirm(agent, id, randomUUID());
      expect(change.statusCode, change.body).toBe(404);
    }
    const limited = await agentWithPermissions(
      t,
      PERMISSIONS.filter((p) => p !== 'bookings.issue'),
    );
    expect((await askOffers(limited, theirs.id)).statusCode).toBe(403);
    expect((await confirm(limited, theirs.id, randomUUID())).statusCode).toBe(403);
  });
});
