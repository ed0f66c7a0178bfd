import { type Booking, BookingDetails, BookingSupplier } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookOk,
  issueOk,
  passengersFor,
  searchOffers,
} from '../support/bookings.js';
import { type DuffelBookingApp, duffelBookingApp, duffelOffer } from '../support/duffel-bookings.js';
import { type Operator, signedInOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 29: every read of bookings answers for sandbox and Duffel bookings alike, in every state
 * the order saga leaves a Duffel booking in — waiting for the airline, held there, held here only,
 * ticketed, refunded, its hold cancelled, never made — list and detail, the e-ticket, orders, the
 * statement, the dashboards and the back office's views. (A booking read answered 500 while the
 * saga's columns were new; the responses are validated against the contract in tests, so a
 * presenter that strays from it fails here.) Each Duffel booking carries its supplier as the
 * contract defines it: the code, the airline's PNR once it has one, the saga's step, and no action
 * while it waits for the airline.
 */

const CONTACT = { email: 'desk@agency.test', phone: '+44 20 7946 0000' };

describe.each(storeKinds())('booking reads with Duffel and sandbox bookings on %s', (kind) => {
  let t: DuffelBookingApp;
  let agent: Agent;
  let operator: Operator;
  const made: Record<string, Booking> = {};

  const book = async (carrier: 'ZZ' | 'Z1', brand?: string) => {
    const { offerId } = await duffelOffer(t, agent, { carrier, ...(brand ? { brand } : {}) });
    const res = await post(
      t,
      '/api/booking',
      {
        offer_id: offerId,
        passengers: passengersFor({ adults: 1, children: 0, infants: 0 }),
        contact: CONTACT,
      },
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Booking;
  };
  const agentCall = (path: string, body?: unknown) =>
    body === undefined ? get(t, path, { token: agent.token }) : post(t, path, body, { token: agent.token });

  beforeAll(async () => {
    t = await duffelBookingApp(kind, { settleSeconds: 60, markup: { bps: 500, fixedMinor: 300 } });
    agent = await bookingAgent(t, { creditsMinor: 50_000_000 });
    operator = await signedInOperator(t);

    // The sandbox's own, held and ticketed.
    const sandboxOffers = (await searchOffers(t, agent, { maxStops: 1 })).filter(
      (offer) => offer.ValidatingCarrier !== 'ZZ' && offer.ValidatingCarrier !== 'Z1',
    );
    made.sandboxHeld = await bookOk(t, agent, {
      offer_id: sandboxOffers[0]!.offer_id,
      passengers: passengersFor({ adults: 1, children: 0, infants: 0 }),
      contact: CONTACT,
    });
    const toTicket = await bookOk(t, agent, {
      offer_id: sandboxOffers[1]!.offer_id,
      passengers: passengersFor({ adults: 1, children: 0, infants: 0 }),
      contact: CONTACT,
    });
    made.sandboxTicketed = await issueOk(t, agent, toTicket.pnr);

    // Duffel's, in every state the saga leaves one in.
    made.held = await book('ZZ');
    made.local = await book('Z1');
    t.duffel.failures.next('POST /air/orders', { kind: 'server_error', when: 'after' });
    t.duffel.failures.next('GET /air/orders', { kind: 'server_error', when: 'before' });
    made.waiting = await book('ZZ');
    expect(made.waiting.supplier.state).toBe('confirming');
    made.ticketed = await issueOk(t, agent, (await book('ZZ', 'Flex')).pnr);
    const refunding = await issueOk(t, agent, (await book('ZZ', 'Flex')).pnr);
    expect((await agentCall('/api/getPenalty', { booking_id: refunding.id })).statusCode).toBe(200);
    const refunded = await agentCall('/api/request-ticket-refund', {
      booking_id: refunding.id,
      reason: 'Plans changed',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    made.refunded = refunded.json().data;
    const cancelling = await book('ZZ');
    const cancelled = await agentCall('/api/request-cancel-booking', {
      booking_id: cancelling.id,
      reason: 'Plans changed',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    made.cancelled = cancelled.json().data;
    // An instant order never made: its debit reversed once the window passed (settled by a read).
    const never = await book('Z1');
    t.duffel.failures.next('POST /air/orders', { kind: 'server_error', when: 'before' });
    expect((await agentCall('/api/booking-issue', { pnr: never.pnr })).statusCode).toBe(200);
    t.clock.advance(61_000);
    made.failed = never;
  }, 180_000);
  afterAll(async () => t?.close());

  it('lists every booking in every sort and filter, each with its supplier as the contract says', async () => {
    for (const query of [
      '',
      '?sort=deadline',
      '?sort=departure',
      '?status=booked,ticketed',
      '?status=cancelled,refunded,expired',
      `?q=${made.ticketed!.pnr}`,
      `?from=2026-11-01&to=2026-12-31&departs_from=2026-11-01&departs_to=2027-12-31`,
    ]) {
      const res = await agentCall(`/api/booking/company/${agent.companyId}${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      for (const booking of res.json().data as Booking[]) BookingSupplier.parse(booking.supplier);
    }
    const all = (await agentCall(`/api/booking/company/${agent.companyId}`)).json().data as Booking[];
    const byId = new Map(all.map((booking) => [booking.id, booking]));
    expect(byId.get(made.sandboxHeld!.id)?.supplier).toEqual({
      code: 'sandbox',
      reference: null,
      state: null,
      airline_change_at: null,
    });
    expect(byId.get(made.held!.id)?.supplier).toMatchObject({ code: 'duffel', state: 'confirmed' });
    expect(byId.get(made.held!.id)?.supplier.reference).toMatch(/^[A-Z0-9]{6}$/);
    expect(byId.get(made.local!.id)?.supplier).toMatchObject({
      code: 'duffel',
      state: 'local',
      reference: null,
    });
    // The list settles nothing: the booking still waits, and offers nothing to do meanwhile.
    expect(byId.get(made.waiting!.id)).toMatchObject({
      status: 'booked',
      supplier: { code: 'duffel', state: 'confirming', reference: null },
      allowed_actions: [],
    });
    expect(byId.get(made.ticketed!.id)).toMatchObject({
      status: 'ticketed',
      supplier: { state: 'confirmed' },
    });
    expect(byId.get(made.refunded!.id)).toMatchObject({
      status: 'refunded',
      supplier: { state: 'cancelled' },
    });
    expect(byId.get(made.cancelled!.id)).toMatchObject({
      status: 'cancelled',
      supplier: { state: 'cancelled' },
    });
    expect(byId.get(made.failed!.id)).toMatchObject({ status: 'booked', supplier: { state: 'ordering' } });
  });

  it('opens every booking: sandbox and Duffel, waiting or settled', async () => {
    // Opened while the airline still cannot be asked, a waiting booking is shown as it is.
    t.duffel.failures.next('GET /air/orders', { kind: 'server_error', when: 'before' });
    const waiting = await agentCall(`/api/booking/${made.waiting!.id}`);
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json().data).toMatchObject({ supplier: { state: 'confirming' }, allowed_actions: [] });
    for (const [name, booking] of Object.entries(made)) {
      const res = await agentCall(`/api/booking/${booking.id}`);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      const details = BookingDetails.parse(res.json().data);
      expect(details.supplier.code, name).toBe(name.startsWith('sandbox') ? 'sandbox' : 'duffel');
      expect(details.history.length, name).toBeGreaterThan(0);
    }
    // Opening settled what could be: the hold found, the order never made reversed.
    const settled = (await agentCall(`/api/booking/${made.waiting!.id}`)).json().data as Booking;
    expect(settled.supplier).toMatchObject({ state: 'confirmed' });
    expect(settled.allowed_actions.length).toBeGreaterThan(0);
    const failed = (await agentCall(`/api/booking/${made.failed!.id}`)).json().data as Booking;
    expect(failed).toMatchObject({ status: 'cancelled', supplier: { state: 'failed' }, allowed_actions: [] });
  });

  it('prints the e-ticket of a ticketed booking of either supplier', async () => {
    for (const booking of [made.sandboxTicketed!, made.ticketed!]) {
      const res = await agentCall(`/api/booking/${booking.id}/ticket.pdf`);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
    }
  });

  it('answers the penalty of a ticketed booking of either supplier, Duffel’s from the airline’s quote', async () => {
    const sandbox = await agentCall('/api/getPenalty', { booking_id: made.sandboxTicketed!.id });
    expect(sandbox.statusCode, sandbox.body).toBe(200);
    expect(sandbox.json().data.supplier_quote).toBeNull();
    const duffel = await agentCall('/api/getPenalty', { booking_id: made.ticketed!.id });
    expect(duffel.statusCode, duffel.body).toBe(200);
    expect(duffel.json().data.supplier_quote).toEqual({ expires_at: expect.any(String) });
  });

  it('lists orders and the statement, the agency’s dashboard and the back office’s views', async () => {
    for (const path of [
      '/api/orders/company',
      '/api/company/statement',
      '/api/company/statement?order=newest&kind=ticket,reversal,refund',
      '/api/booking-credits',
      '/api/company/company-kpi',
    ]) {
      const res = await agentCall(path);
      expect(res.statusCode, `${path}: ${res.body.slice(0, 300)}`).toBe(200);
    }
    const statement = (await agentCall('/api/company/statement?limit=500')).json().data as {
      entries: { kind: string; booking_id: string | null }[];
    };
    expect(
      statement.entries
        .filter((entry) => entry.booking_id === made.failed!.id)
        .map((entry) => entry.kind)
        .sort(),
    ).toEqual(['reversal', 'ticket']);
    for (const path of [
      `/api/admin/companies/${agent.companyId}`,
      `/api/admin/companies/${agent.companyId}/statement`,
      `/api/admin/companies/${agent.companyId}/credits`,
      '/api/admin/refunds',
      '/api/admin/kpi',
      '/api/admin/suppliers',
    ]) {
      const res = await get(t, path, { token: operator.token });
      expect(res.statusCode, `${path}: ${res.body.slice(0, 300)}`).toBe(200);
    }
  });
});
