import type { Booking } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum, readBalance } from '../../src/modules/payments/ledger-repo.js';
import { asOperator } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import type { TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  addCredits,
  book,
  bookingAgent,
  bookingBody,
  flightOf,
  issue,
  searchOffer,
  searchOffers,
  seatsSold,
  setSeatsSold,
} from '../support/bookings.js';
import { signedInOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

// PGlite runs one transaction at a time, so these prove most on PostgreSQL (docs/architecture.md §3); both run.
describe.each(storeKinds())('bookings under concurrency on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('sells exactly the last 9 seats to 200 simultaneous bookings; the others get 409', async () => {
    // Credits for far more than 9 holds, so only the seats run out (hold-limits.test.ts: the rest).
    const agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
    const first = await searchOffer(t, agent, { date: '2027-01-05' });
    const key = flightOf(first);
    const capacity = key.seatsRemaining + (await seatsSold(t.store.db, key));
    await setSeatsSold(t.store.db, key, capacity - 9);
    const offer = (await searchOffers(t, agent, { date: '2027-01-05' })).find(
      (candidate) => flightOf(candidate).flight === key.flight,
    );
    if (!offer) throw new Error(`${key.flight} is no longer offered`);
    expect(flightOf(offer)).toEqual({ ...key, seatsRemaining: 9 });

    const answers = await Promise.all(Array.from({ length: 200 }, () => book(t, agent, bookingBody(offer))));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(9);
    expect(statuses.filter((status) => status === 409)).toHaveLength(191);
    expect(await seatsSold(t.store.db, key)).toBe(capacity);
    const held = await t.store.db
      .selectFrom('booking_segments')
      .innerJoin('bookings', 'bookings.id', 'booking_segments.booking_id')
      .select((eb) => eb.fn.sum<number>('booking_segments.seats').as('seats'))
      .where('bookings.company_id', '=', agent.companyId)
      .where('booking_segments.flight', '=', key.flight)
      .where('booking_segments.departure_date', '=', key.date)
      .executeTakeFirstOrThrow();
    expect(Number(held.seats)).toBe(9);
  });

  it('tickets exactly 20 of 50 simultaneous issues when the balance covers 20', async () => {
    // Holds are bounded by the credits (hold-limits.ts): the 50 are made while the credits cover
    // them all, and then the balance drops to what 20 tickets take.
    const creditsMinor = 10_000_000;
    const agent = await bookingAgent(t, { creditsMinor });
    const holds = await holdsAtOnePrice(agent, 50);
    const totalMinor = Math.round(holds[0]!.total.Amount * 100);
    await addCredits(t.store.db, agent.companyId, 20 * totalMinor - creditsMinor);

    const answers = await Promise.all(holds.map((booking) => issue(t, agent, booking.pnr)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 402)).toHaveLength(30);
    const balance = await readBalance(t.store.db, agent.companyId);
    expect(balance.balanceMinor).toBe(0);
    expect(await ledgerSum(t.store.db, agent.companyId)).toBe(balance.balanceMinor);
    const ticketed = await t.store.db
      .selectFrom('bookings')
      .select('id')
      .where('company_id', '=', agent.companyId)
      .where('status', '=', 'ticketed')
      .execute();
    expect(ticketed).toHaveLength(20);
    const tickets = await t.store.db
      .selectFrom('tickets')
      .innerJoin('bookings', 'bookings.id', 'tickets.booking_id')
      .select('tickets.ticket_number')
      .where('bookings.company_id', '=', agent.companyId)
      .execute();
    expect(tickets).toHaveLength(20);
    const orders = await t.store.db
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', agent.companyId)
      .execute();
    expect(orders).toHaveLength(20);
  });

  it('tickets past zero down to exactly minus the credit limit under 50 simultaneous issues', async () => {
    // Issue 12: available = balance + credit limit. The 50 holds are made while the credits cover
    // them all; then the balance drops to what 8 tickets take and an operator grants a limit of 12
    // more, so exactly 20 fit and the balance ends at minus the limit, never below.
    const creditsMinor = 10_000_000;
    const agent = await bookingAgent(t, { creditsMinor });
    const holds = await holdsAtOnePrice(agent, 50);
    const totalMinor = Math.round(holds[0]!.total.Amount * 100);
    await addCredits(t.store.db, agent.companyId, 8 * totalMinor - creditsMinor);
    const operator = await signedInOperator(t);
    const limit = await asOperator(
      t,
      operator,
      'PUT',
      `/api/admin/companies/${agent.companyId}/credit-limit`,
      {
        amount: (12 * totalMinor) / 100,
        reason: 'Overdraft for the test',
      },
    );
    expect(limit.statusCode, limit.body).toBe(200);

    const answers = await Promise.all(holds.map((booking) => issue(t, agent, booking.pnr)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 402)).toHaveLength(30);
    const balance = await readBalance(t.store.db, agent.companyId);
    expect(balance.balanceMinor).toBe(-12 * totalMinor);
    expect(await ledgerSum(t.store.db, agent.companyId)).toBe(balance.balanceMinor);
    const lowest = await t.store.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.min<number>('balance_after_minor').as('lowest'))
      .where('company_id', '=', agent.companyId)
      .executeTakeFirstOrThrow();
    expect(Number(lowest.lowest)).toBe(-12 * totalMinor);
    const ticketed = await t.store.db
      .selectFrom('bookings')
      .select('id')
      .where('company_id', '=', agent.companyId)
      .where('status', '=', 'ticketed')
      .execute();
    expect(ticketed).toHaveLength(20);
  });

  /**
   * One-adult holds that all cost the same: the same flight on dates 60+ days out (one
   * advance-purchase band) in its cheapest class, moving on a day when that class closes.
   */
  async function holdsAtOnePrice(agent: Agent, count: number): Promise<Booking[]> {
    const holds: Booking[] = [];
    for (let day = 0; holds.length < count && day < 30; day++) {
      const date = new Date(Date.UTC(2027, 1, 1 + day)).toISOString().slice(0, 10);
      const offer = await searchOffer(t, agent, { date });
      if (holds[0] && offer.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount !== holds[0].total.Amount)
        continue;
      while (holds.length < count) {
        const res = await book(t, agent, bookingBody(offer));
        if (res.statusCode !== 201) break;
        holds.push(res.json().data);
      }
    }
    expect(holds).toHaveLength(count);
    return holds;
  }
});
