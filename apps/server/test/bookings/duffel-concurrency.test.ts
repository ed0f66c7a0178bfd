import type { Booking } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../support/auth-flow.js';
import { type Agent, agentWithPermissions, bookingAgent, passengersFor } from '../support/bookings.js';
import { type DuffelBookingApp, duffelBookingApp, duffelOffer } from '../support/duffel-bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 29: a remote booking's saga under races and retries, and its calls scoped as every booking
 * call is. Two issues of one held booking at once pay the airline once (the second finds the step
 * under way); a create retried with its Idempotency-Key after the first attempt died half-way finds
 * the booking that attempt made instead of asking the airline again; another agency's booking is
 * not found, and a role without the permission is refused.
 */

const CONTACT = { email: 'desk@agency.test', phone: '+44 20 7946 0000' };

describe.each(storeKinds())('Duffel bookings under races and retries on %s', (kind) => {
  let t: DuffelBookingApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await duffelBookingApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
  }, 120_000);
  afterAll(async () => t?.close());

  const bookingBody = (offerId: string) => ({
    offer_id: offerId,
    passengers: passengersFor({ adults: 1, children: 0, infants: 0 }),
    contact: CONTACT,
  });
  const held = async (who: Agent = agent) => {
    const { offerId } = await duffelOffer(t, agent, { carrier: 'ZZ' });
    const res = await post(t, '/api/booking', bookingBody(offerId), { token: who.token });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Booking;
  };

  it('pays the airline once when the same booking is issued twice at once', async () => {
    const booking = await held();
    const [order] = t.duffel.state.ordersWithMetadata('skydesk_booking_id', booking.id);
    // The payment is slow, so the second issue arrives while the first waits for the airline.
    t.duffel.failures.next('POST /air/payments', { kind: 'delay', ms: 300 });
    const answers = await Promise.all([
      post(t, '/api/booking-issue', { pnr: booking.pnr }, { token: agent.token }),
      post(t, '/api/booking-issue', { pnr: booking.pnr }, { token: agent.token }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(t.duffel.state.payments().filter((payment) => payment.order_id === order!.id)).toHaveLength(1);
    const debits = await t.store.db
      .selectFrom('ledger_entries')
      .select('amount_minor')
      .where('booking_id', '=', booking.id)
      .where('kind', '=', 'ticket')
      .execute();
    expect(debits).toHaveLength(1);
  });

  it('finds the booking a keyed create made when its retry comes after the first attempt died', async () => {
    const { offerId } = await duffelOffer(t, agent, { carrier: 'ZZ' });
    const headers = { 'idempotency-key': 'create-after-a-crash' };
    const body = bookingBody(offerId);
    const first = await post(t, '/api/booking', body, { token: agent.token, headers });
    expect(first.statusCode, first.body).toBe(201);
    const made: Booking = first.json().data;
    // The process died after the saga's steps committed and before the answer was stored.
    await t.store.db.deleteFrom('idempotency_keys').where('key', '=', headers['idempotency-key']).execute();
    const retry = await post(t, '/api/booking', body, { token: agent.token, headers });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().data.id).toBe(made.id);
    expect(t.duffel.state.ordersWithMetadata('skydesk_booking_id', made.id)).toHaveLength(1);
    const again = await post(t, '/api/booking', body, { token: agent.token, headers });
    expect(again.headers['idempotent-replayed']).toBe('true');
    // The same key with another request, the first's answer lost, is refused as ever (422).
    await t.store.db.deleteFrom('idempotency_keys').where('key', '=', headers['idempotency-key']).execute();
    const other = await post(t, '/api/booking', bookingBody(offerId), { token: agent.token, headers });
    expect(other.statusCode, other.body).toBe(422);
  });

  it('answers 404 for another agency’s Duffel booking on every call, asking the airline nothing', async () => {
    const other = await bookingAgent(t, { creditsMinor: 5_000_000 });
    const theirs = await held(other);
    const calls = t.duffel.requests.length;
    const answers = await Promise.all([
      post(t, '/api/booking-issue', { pnr: theirs.pnr }, { token: agent.token }),
      post(t, '/api/getPenalty', { booking_id: theirs.id }, { token: agent.token }),
      post(
        t,
        '/api/request-cancel-booking',
        { booking_id: theirs.id, reason: 'Not mine' },
        { token: agent.token },
      ),
      post(
        t,
        '/api/request-ticket-refund',
        { booking_id: theirs.id, reason: 'Not mine' },
        { token: agent.token },
      ),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
    expect(t.duffel.requests).toHaveLength(calls);
  });

  it('answers 403 without the permission each call needs, asking the airline nothing', async () => {
    const booking = await held();
    const viewer = await agentWithPermissions(t, ['bookings.view'], { creditsMinor: 5_000_000 });
    const calls = t.duffel.requests.length;
    const answers = await Promise.all([
      post(t, '/api/booking-issue', { pnr: booking.pnr }, { token: viewer.token }),
      post(
        t,
        '/api/request-cancel-booking',
        { booking_id: booking.id, reason: 'Nope' },
        { token: viewer.token },
      ),
      post(
        t,
        '/api/request-ticket-refund',
        { booking_id: booking.id, reason: 'Nope' },
        { token: viewer.token },
      ),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([403, 403, 403]);
    expect(t.duffel.requests).toHaveLength(calls);
  });
});
