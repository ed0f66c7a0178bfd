import { type Booking, BookingDetails, ChangeOffer } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_MESSAGES } from '../../../src/modules/bookings/changes/service.js';
import { readBalance } from '../../../src/modules/payments/ledger-repo.js';
import { createTestApp } from '../../support/app.js';
import { get, post, type TestApp } from '../../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  bookOk,
  issueOk,
  searchOffer,
} from '../../support/bookings.js';
import { type Operator, signedInOperator } from '../../support/operator.js';
import { storeKinds } from '../../support/stores.js';

/**
 * Issue 32: the free alternative to an airline's schedule change is a change offer — the same route
 * within a day either side, all three amounts zero, on any brand (Basic too) — and taking it
 * answers the schedule change 'changed' (the schedule module's markScheduleChangeAnswered).
 */

const OUT = '2026-12-20';

describe.each(storeKinds())('schedule change alternative on %s (issue 32)', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let operator: Operator;

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
    operator = await signedInOperator(t);
  });
  afterAll(async () => t?.close());

  /** A ticketed booking (its cheapest brand, Basic as a rule) whose flight the airline moved. */
  async function movedBooking(): Promise<Booking> {
    const itinerary = await searchOffer(t, agent, { date: OUT });
    const held = await bookOk(t, agent, bookingBody(itinerary));
    const booking = await issueOk(t, agent, held.pnr);
    const segment = booking.segments[0]!;
    const published = await post(
      t,
      '/api/admin/schedule-changes',
      {
        flight: `${segment.MarketingAirline.Code}${segment.FlightNumber}`,
        departure_date: OUT,
        kind: 'retimed',
        delay_minutes: 150,
      },
      { token: operator.token },
    );
    expect(published.statusCode, published.body).toBe(201);
    return booking;
  }

  const details = async (booking: Booking) => {
    const res = await get(t, `/api/booking/${booking.id}`, { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    return BookingDetails.parse(res.json().data);
  };

  it('offers the alternative free within a day, and taking it answers the schedule change', async () => {
    const booking = await movedBooking();
    const flagged = await details(booking);
    expect(flagged.schedule_change?.status).toBe('pending');

    const far = await post(
      t,
      `/api/booking/${booking.id}/change-offers`,
      { legs: [{ leg_index: 0, departure_date: '2026-12-23' }] },
      { token: agent.token },
    );
    expect(far.statusCode, far.body).toBe(422);
    expect(far.json().data.errors['legs.0.departure_date']).toEqual([CHANGE_MESSAGES.alternativeWindow]);

    const res = await post(
      t,
      `/api/booking/${booking.id}/change-offers`,
      { legs: [{ leg_index: 0, departure_date: '2026-12-21' }] },
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const offers = ChangeOffer.array().parse(res.json().data);
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.kind).toBe('schedule_change');
      expect([offer.fare_difference.Amount, offer.penalty.Amount, offer.change_total.Amount]).toEqual([
        0, 0, 0,
      ]);
      expect(offer.refund_to).toBeNull();
    }

    const before = (await readBalance(t.store.db, agent.companyId)).balanceMinor;
    const confirmed = await post(
      t,
      `/api/booking/${booking.id}/change`,
      { change_offer_id: offers[0]!.id },
      { token: agent.token },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await readBalance(t.store.db, agent.companyId)).balanceMinor).toBe(before);

    const view = await details(booking);
    expect(view.segments[0]!.DepartureDateTime.slice(0, 10)).toBe('2026-12-21');
    expect(view.total).toEqual(booking.total);
    expect(view.schedule_change?.status).toBe('changed');
    expect(view.changes).toHaveLength(1);
    expect(view.changes![0]!.kind).toBe('schedule_alternative');
    const live = view.tickets.filter((ticket) => ticket.status === 'issued');
    expect(live).toHaveLength(1);
    expect(live[0]!.paid).toEqual(booking.tickets[0]!.paid);
    expect(live[0]!.replaces).toBe(booking.tickets[0]!.ticket_number);
  });
});
