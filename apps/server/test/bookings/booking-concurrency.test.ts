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

  it('tickets no more than the balance covers under 50 simultaneous issues, and refuses only what no longer fits', async () => {
    // Holds are bounded by the credits (hold-limits.ts): the 50 are made while the credits cover
    // them all, and then the balance drops to what the 20 cheapest take.
    const creditsMinor = 20_000_000;
    const agent = await bookingAgent(t, { creditsMinor });
    const holds = await fiftyHolds(agent);
    const budgetMinor = cheapest(holds, 20);
    await addCredits(t.store.db, agent.companyId, budgetMinor - creditsMinor);

    const answers = await Promise.all(holds.map((booking) => issue(t, agent, booking.pnr)));
    const settled = await expectSettled(agent, holds, answers, { startMinor: budgetMinor, limitMinor: 0 });
    expect(settled.balanceMinor).toBeGreaterThanOrEqual(0);
  });

  it('tickets past zero down to at most minus the credit limit under 50 simultaneous issues', async () => {
    // Issue 12: available = balance + credit limit. The 50 holds are made while the credits cover
    // them all; then the balance drops to what the 8 cheapest take and an operator grants a limit
    // of 12 of the dearest more: tickets go past zero, never below minus the limit.
    const creditsMinor = 20_000_000;
    const agent = await bookingAgent(t, { creditsMinor });
    const holds = await fiftyHolds(agent);
    const startMinor = cheapest(holds, 8);
    await addCredits(t.store.db, agent.companyId, startMinor - creditsMinor);
    const limitMinor = 12 * Math.max(...holds.map(totalMinorOf));
    const operator = await signedInOperator(t);
    const limit = await asOperator(
      t,
      operator,
      'PUT',
      `/api/admin/companies/${agent.companyId}/credit-limit`,
      {
        amount: limitMinor / 100,
        reason: 'Overdraft for the test',
      },
    );
    expect(limit.statusCode, limit.body).toBe(200);

    const answers = await Promise.all(holds.map((booking) => issue(t, agent, booking.pnr)));
    const settled = await expectSettled(agent, holds, answers, { startMinor, limitMinor });
    expect(settled.balanceMinor).toBeLessThan(0);
    const lowest = await t.store.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.min<number>('balance_after_minor').as('lowest'))
      .where('company_id', '=', agent.companyId)
      .executeTakeFirstOrThrow();
    expect(Number(lowest.lowest)).toBe(settled.balanceMinor);
  });

  const totalMinorOf = (booking: Booking) => Math.round(booking.total.Amount * 100);
  const cheapest = (holds: Booking[], count: number) =>
    holds
      .map(totalMinorOf)
      .sort((a, b) => a - b)
      .slice(0, count)
      .reduce((sum, minor) => sum + minor, 0);

  /**
   * What any order of the simultaneous issues must leave, whatever their prices: each answered
   * 200 or 402; the balance is the start less the tickets issued, never below minus the limit;
   * every refused hold is dearer than what is left (the balance only falls, so a hold refused
   * then still would not fit); one ledger line, one order and the tickets per issued booking.
   */
  async function expectSettled(
    agent: Agent,
    holds: Booking[],
    answers: { statusCode: number }[],
    money: { startMinor: number; limitMinor: number },
  ) {
    const issued = holds.filter((_, index) => answers[index]!.statusCode === 200);
    const refused = holds.filter((_, index) => answers[index]!.statusCode === 402);
    expect(issued.length + refused.length, answers.map((res) => res.statusCode).join()).toBe(holds.length);
    expect(issued.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);

    const balance = await readBalance(t.store.db, agent.companyId);
    const spentMinor = issued.reduce((sum, booking) => sum + totalMinorOf(booking), 0);
    expect(balance.balanceMinor).toBe(money.startMinor - spentMinor);
    expect(balance.balanceMinor).toBeGreaterThanOrEqual(-money.limitMinor);
    const leftMinor = balance.balanceMinor + money.limitMinor;
    for (const booking of refused) expect(totalMinorOf(booking)).toBeGreaterThan(leftMinor);
    expect(await ledgerSum(t.store.db, agent.companyId)).toBe(balance.balanceMinor);

    const ticketed = await t.store.db
      .selectFrom('bookings')
      .select('id')
      .where('company_id', '=', agent.companyId)
      .where('status', '=', 'ticketed')
      .execute();
    expect(ticketed.map((row) => row.id).sort()).toEqual(issued.map((booking) => booking.id).sort());
    const tickets = await t.store.db
      .selectFrom('tickets')
      .innerJoin('bookings', 'bookings.id', 'tickets.booking_id')
      .select('tickets.ticket_number')
      .where('bookings.company_id', '=', agent.companyId)
      .execute();
    expect(tickets).toHaveLength(issued.length);
    const orders = await t.store.db
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', agent.companyId)
      .execute();
    expect(orders).toHaveLength(issued.length);
    return balance;
  }

  /** Fifty one-adult holds, on whatever flights and dates 60+ days out have seats (prices differ). */
  async function fiftyHolds(agent: Agent): Promise<Booking[]> {
    const holds: Booking[] = [];
    for (let day = 0; holds.length < 50 && day < 30; day++) {
      const date = new Date(Date.UTC(2027, 1, 1 + day)).toISOString().slice(0, 10);
      const offer = await searchOffer(t, agent, { date });
      while (holds.length < 50) {
        const res = await book(t, agent, bookingBody(offer));
        if (res.statusCode !== 201) break;
        holds.push(res.json().data);
      }
    }
    expect(holds).toHaveLength(50);
    return holds;
  }
});
