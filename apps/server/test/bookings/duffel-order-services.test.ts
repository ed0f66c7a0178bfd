import { randomUUID } from 'node:crypto';
import { type Booking, BookingServices, PERMISSIONS } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../support/auth-flow.js';
import {
  type Agent,
  addCredits,
  agentWithPermissions,
  bookingAgent,
  bookOk,
  errorFields,
  issueOk,
  passengersFor,
} from '../support/bookings.js';
import {
  type DuffelBookingApp,
  duffelBookingApp,
  duffelOffer,
  ledgerAgainstSupplier,
} from '../support/duffel-bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 31: bags added to a ticketed Duffel booking, from the airline's bags on sale for its paid
 * order (`GET /air/orders/{id}/available_services`) and bought with one call
 * (`POST /air/orders/{id}/services`, paid from the balance) — a step of the order saga: the debit
 * and the held bags committed before the call, the bags issued under the airline's EMDs after it, a
 * refusal reversing the debit, a lost answer looked up on the order (its new services), never asked
 * twice. The ledger matches what the airline was paid, plus the markup, after every test.
 */

const CONTACT = { email: 'desk@agency.test', phone: '+44 20 7946 0000' };
const WINDOW_MS = 120_000;
const minor = (amount: number) => Math.round(amount * 100);
const ADULT_AND_CHILD = { adults: 1, children: 1, infants: 0 };

describe.each(storeKinds())('bags added to a paid Duffel order on %s', (kind) => {
  let t: DuffelBookingApp;
  let agent: Agent;
  let stranger: Agent;

  beforeAll(async () => {
    t = await duffelBookingApp(kind, { settleSeconds: WINDOW_MS / 1000 });
    agent = await bookingAgent(t, { creditsMinor: 50_000_000 });
    stranger = await bookingAgent(t, { creditsMinor: 50_000_000 });
  });
  afterAll(async () => t?.close());

  /** A ticketed Duffel Airways booking (held at the airline, then paid) for an adult and a child. */
  const ticketed = async (who: Agent = agent): Promise<Booking> => {
    const { offerId } = await duffelOffer(t, who, { carrier: 'ZZ', mix: ADULT_AND_CHILD });
    const booking = await bookOk(t, who, {
      offer_id: offerId,
      passengers: passengersFor(ADULT_AND_CHILD),
      contact: CONTACT,
    });
    expect(booking.supplier?.state).toBe('confirmed');
    return issueOk(t, who, booking.pnr);
  };

  const catalogOf = async (who: Agent, id: string) => {
    const res = await get(t, `/api/booking/${id}/services`, { token: who.token });
    expect(res.statusCode, res.body).toBe(200);
    return BookingServices.parse(res.json().data);
  };
  const add = (who: Agent, id: string, services: unknown[], headers: Record<string, string> = {}) =>
    post(t, `/api/booking/${id}/services`, { services }, { token: who.token, headers });
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
      .select(['supplier_state', 'supplier_services'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const ledgerMatches = async () => {
    const ledger = await ledgerAgainstSupplier(t, agent.companyId);
    expect(ledger.charged).toBe(ledger.supplierNet + ledger.markupOfPaid);
  };
  const adultBag = (catalog: BookingServices) =>
    catalog.bags.find((bag) => bag.passenger_index === 0 && bag.segment_index === 0)!;

  it('offers the airline’s bags for the order, and says seats are sold only when booking', async () => {
    const booking = await ticketed();
    const catalog = await catalogOf(agent, booking.id);
    expect(catalog.can_add).toBe(true);
    expect(catalog.closed_reason).toBeNull();
    expect(catalog.seats_closed_reason).toBe(
      'The airline sells seats only when the booking is made; extra bags can still be added',
    );
    // Both passengers (the child too), on every flight, each bag of 23 kg, at the airline's price.
    expect(new Set(catalog.bags.map((bag) => bag.passenger_index))).toEqual(new Set([0, 1]));
    const [available] = t.duffel.requestsTo('GET /air/orders/{id}/available_services').slice(-1);
    expect(available!.path).toBe(`/air/orders/${orderOf(booking.id).id}/available_services`);
    expect(adultBag(catalog)).toMatchObject({ weight_kg: 23, max_quantity: 2 });
    expect(adultBag(catalog).price.Amount).toBeGreaterThan(0);
  });

  it('buys a bag at the airline: one call paid exactly, issued under its EMD, the ledger matching', async () => {
    const booking = await ticketed();
    const catalog = await catalogOf(agent, booking.id);
    const offer = adultBag(catalog);
    const res = await add(agent, booking.id, [
      { type: 'bag', passenger_index: 0, segment_index: 0, quantity: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const after = BookingServices.parse(res.json().data);
    const [bag] = after.services;
    expect(bag).toMatchObject({ type: 'bag', quantity: 1, status: 'issued' });
    expect(bag!.amount.Amount).toBe(offer.price.Amount);
    const order = orderOf(booking.id);
    expect(order.documents?.map((d) => d.unique_identifier)).toContain(bag!.emd_number);
    // Exactly one call, its payment the bag's price from the balance.
    const calls = t.duffel.requestsTo('POST /air/orders/{id}/services');
    const sent = calls.at(-1)!.data as {
      add_services: { id: string; quantity: number }[];
      payment: { type: string; amount: string; currency: string };
    };
    expect(sent.add_services).toEqual([{ id: expect.stringMatching(/^ase_/), quantity: 1 }]);
    expect(sent.payment).toMatchObject({ type: 'balance', currency: 'USD' });
    expect(minor(Number(sent.payment.amount))).toBe(minor(offer.price.Amount));
    expect(await lines(booking.id)).toEqual([
      expect.objectContaining({ kind: 'ticket' }),
      { kind: 'ticket', amount_minor: -minor(offer.price.Amount) },
    ]);
    expect(await stepOf(booking.id)).toEqual({ supplier_state: 'confirmed', supplier_services: null });
    // The statement line names the bag (the statement and order history read it from the note).
    const notes = await t.store.db
      .selectFrom('ledger_entries')
      .select('note')
      .where('booking_id', '=', booking.id)
      .execute();
    expect(notes.some((line) => /Extra bag 23 kg ZZ\d+/.test(line.note ?? ''))).toBe(true);
    // In the order history: the bag's own order, completed with its EMD.
    const orders = await t.store.db
      .selectFrom('orders')
      .select(['kind', 'status', 'amount_minor', 'ticket_numbers'])
      .where('booking_id', '=', booking.id)
      .execute();
    expect(orders).toEqual(
      expect.arrayContaining([
        {
          kind: 'ticket',
          status: 'completed',
          amount_minor: minor(offer.price.Amount),
          ticket_numbers: [bag!.emd_number],
        },
      ]),
    );
    // One bag bought: the airline's maximum of two leaves one more.
    expect(adultBag(await catalogOf(agent, booking.id)).max_quantity).toBe(1);
    const details = await get(t, `/api/booking/${booking.id}`, { token: agent.token });
    expect((details.json().data.history as { action: string }[]).map((event) => event.action)).toEqual(
      expect.arrayContaining(['airline_services', 'services_added']),
    );
    await ledgerMatches();
  });

  it('refuses a seat after issue (the airline sells them with the order) with a 422, nothing asked', async () => {
    const booking = await ticketed();
    const before = t.duffel.requestsTo('POST /air/orders/{id}/services').length;
    const res = await add(agent, booking.id, [
      { type: 'seat', passenger_index: 0, segment_index: 0, designator: '12A' },
    ]);
    expect(res.statusCode, res.body).toBe(422);
    expect(errorFields(res)).toEqual(['services.0.type']);
    expect(t.duffel.requestsTo('POST /air/orders/{id}/services')).toHaveLength(before);
    expect(await lines(booking.id)).toHaveLength(1);
  });

  it('the airline refusing: its reason as a 409, the debit reversed, the bag released', async () => {
    const booking = await ticketed();
    t.duffel.failures.next('POST /air/orders/{id}/services', {
      kind: 'error',
      status: 422,
      type: 'validation_error',
      code: 'ancillary_service_not_available',
      message: 'The airline no longer sells this service.',
    });
    const res = await add(agent, booking.id, [
      { type: 'bag', passenger_index: 1, segment_index: 0, quantity: 2 },
    ]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBeTruthy();
    const [fare, debit, reversal] = await lines(booking.id);
    expect(fare!.kind).toBe('ticket');
    // The fare's order completed, the bag's rejected (the test clock stands still: no order by time).
    const statuses = await t.store.db
      .selectFrom('orders')
      .select(['status', 'amount_minor'])
      .where('booking_id', '=', booking.id)
      .execute();
    expect(statuses).toEqual(
      expect.arrayContaining([{ status: 'rejected', amount_minor: -debit!.amount_minor }]),
    );
    expect(reversal).toEqual({ kind: 'reversal', amount_minor: -debit!.amount_minor });
    const catalog = await catalogOf(agent, booking.id);
    // A bag checked through a connection is one row per flight: all released.
    expect(catalog.services.length).toBeGreaterThan(0);
    expect(catalog.services.every((s) => s.status === 'released')).toBe(true);
    expect(catalog.can_add).toBe(true);
    expect(await stepOf(booking.id)).toEqual({ supplier_state: 'confirmed', supplier_services: null });
    await ledgerMatches();
  });

  it('a lost answer after the airline added the bag: found on the order, recorded once, paid once', async () => {
    const booking = await ticketed();
    t.duffel.failures.next('POST /air/orders/{id}/services', { kind: 'server_error', when: 'after' });
    const res = await add(agent, booking.id, [
      { type: 'bag', passenger_index: 0, segment_index: 0, quantity: 2 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const catalog = await catalogOf(agent, booking.id);
    expect(catalog.services.length).toBeGreaterThan(0);
    for (const service of catalog.services) expect(service).toMatchObject({ status: 'issued', quantity: 2 });
    // One EMD for the one service the airline sold, on its first flight's row.
    expect(catalog.services[0]!.emd_number).toMatch(/^\d{13}$/);
    const order = orderOf(booking.id);
    expect(t.duffel.state.payments().filter((p) => p.order_id === order.id)).toHaveLength(2);
    expect((await lines(booking.id)).map((line) => line.kind)).toEqual(['ticket', 'ticket']);
    await ledgerMatches();
  });

  it('a lost answer when the airline added nothing: waiting, then reversed once its window passed', async () => {
    const booking = await ticketed();
    t.duffel.failures.next('POST /air/orders/{id}/services', { kind: 'server_error', when: 'before' });
    const res = await add(agent, booking.id, [
      { type: 'bag', passenger_index: 0, segment_index: 0, quantity: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await stepOf(booking.id)).supplier_state).toBe('adding_services');
    const waiting = await catalogOf(agent, booking.id);
    expect(waiting).toMatchObject({ can_add: false, closed_reason: expect.stringContaining('not answered') });
    // A second request while it waits is refused, and the airline is never asked twice.
    const again = await add(agent, booking.id, [
      { type: 'bag', passenger_index: 0, segment_index: 0, quantity: 1 },
    ]);
    expect(again.statusCode, again.body).toBe(409);
    expect(t.duffel.requestsTo('POST /air/orders/{id}/services').at(-1)!.failure).toBe('server_error');

    t.clock.advance(WINDOW_MS + 1_000);
    const opened = await get(t, `/api/booking/${booking.id}`, { token: agent.token });
    expect(opened.statusCode).toBe(200);
    expect(await stepOf(booking.id)).toEqual({ supplier_state: 'confirmed', supplier_services: null });
    const [, debit, reversal] = await lines(booking.id);
    expect(reversal).toEqual({ kind: 'reversal', amount_minor: -debit!.amount_minor });
    expect((await catalogOf(agent, booking.id)).services.every((s) => s.status === 'released')).toBe(true);
    await ledgerMatches();
  });

  it('402 when the credits cannot cover the bags: nothing asked of the airline, nothing held', async () => {
    const poor = await bookingAgent(t, { creditsMinor: 50_000_000 });
    const booking = await ticketed(poor);
    // Spend what is left: the credits after the tickets, taken by an operator's adjustment.
    const balance = await t.store.db
      .selectFrom('ledger_entries')
      .select('balance_after_minor')
      .where('company_id', '=', poor.companyId)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await addCredits(t.store.db, poor.companyId, -Number(balance.balance_after_minor));
    const before = t.duffel.requestsTo('POST /air/orders/{id}/services').length;
    const res = await add(poor, booking.id, [
      { type: 'bag', passenger_index: 0, segment_index: 0, quantity: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(402);
    expect(t.duffel.requestsTo('POST /air/orders/{id}/services')).toHaveLength(before);
    expect((await catalogOf(poor, booking.id)).services).toEqual([]);
    expect(await stepOf(booking.id)).toEqual({ supplier_state: 'confirmed', supplier_services: null });
  });

  it('replays a keyed request without buying twice', async () => {
    const booking = await ticketed();
    const key = randomUUID();
    const body = [{ type: 'bag', passenger_index: 1, segment_index: 0, quantity: 1 }];
    const first = await add(agent, booking.id, body, { 'idempotency-key': key });
    const second = await add(agent, booking.id, body, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const order = orderOf(booking.id);
    expect(t.duffel.state.payments().filter((p) => p.order_id === order.id)).toHaveLength(2);
    await ledgerMatches();
  });

  it('answers 404 for another agency’s Duffel booking and 403 without bookings.issue', async () => {
    const theirs = await ticketed(stranger);
    const body = [{ type: 'bag', passenger_index: 0, segment_index: 0, quantity: 1 }];
    for (const id of [theirs.id, randomUUID()]) {
      const listed = await get(t, `/api/booking/${id}/services`, { token: agent.token });
      expect(listed.statusCode, listed.body).toBe(404);
      const res = await add(agent, id, body);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ status: false, message: 'Booking not found' });
    }
    const limited = await agentWithPermissions(
      t,
      PERMISSIONS.filter((p) => p !== 'bookings.issue'),
    );
    const res = await add(limited, theirs.id, body);
    expect(res.statusCode, res.body).toBe(403);
    expect(t.duffel.requestsTo('POST /air/orders/{id}/services').every((c) => c.path !== theirs.id)).toBe(
      true,
    );
  });
});
