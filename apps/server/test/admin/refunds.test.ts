import { randomUUID } from 'node:crypto';
import type { AdminRefund, AdminRefundList, Booking } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum, readBalance } from '../../src/modules/payments/ledger-repo.js';
import { asOperator, auditOf, notificationsOf, ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import { get, post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  bookOk,
  FAMILY,
  flightOf,
  issueOk,
  type Mix,
  ONE_ADULT,
  searchOffer,
  seatsSold,
  signInAgain,
} from '../support/bookings.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

/**
 * Refund requests wait for an operator (the timer is off by default): the queue, approval for the
 * allowed amount or less (spread over the tickets to the cent), rejection with a reason, one
 * decision per request whatever the concurrency.
 */

const HOUR_MS = 3_600_000;
const REASON = 'Passenger changed plans';
const minor = (amount: number) => Math.round(amount * 100);

describe.each(storeKinds())('refund decisions on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let operator: Operator;
  beforeAll(async () => {
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
  const pendingQueue = async () =>
    ok<AdminRefundList>(admin('GET', `/api/admin/refunds?company_id=${agent.companyId}`));

  /** A ticketed booking past its void window, with refunds requested of these tickets (by index). */
  async function requested(options: { mix: Mix; date: string; tickets?: number[] }) {
    const offer = await searchOffer(t, agent, { mix: options.mix, date: options.date });
    const held = await bookOk(t, agent, bookingBody(offer, options.mix));
    t.clock.advance(60_000);
    const booking = await issueOk(t, agent, held.pnr);
    t.clock.advance(25 * HOUR_MS);
    agent = await signInAgain(t, agent);
    const numbers = options.tickets?.map((index) => booking.tickets[index]!.ticket_number);
    const res = await post(
      t,
      '/api/request-ticket-refund',
      { booking_id: booking.id, reason: REASON, ...(numbers ? { ticket_numbers: numbers } : {}) },
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('refund_requested');
    t.clock.advance(60_000);
    const order = (await t.store.db
      .selectFrom('orders')
      .select('id')
      .where('booking_id', '=', booking.id)
      .where('kind', '=', 'refund')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()) as { id: string };
    return { offer, booking: booking as Booking, orderId: order.id, key: flightOf(offer) };
  }

  const bookingOf = async (bookingId: string) =>
    ok<Booking & { history: { action: string; note: string }[] }>(
      get(t, `/api/booking/${bookingId}`, { token: agent.token }),
    );

  it('waits for an operator, who approves less than the rules allow, spread over the tickets', async () => {
    // The second adult and the child; the first adult stays with the infant.
    const { booking, orderId, key } = await requested({ mix: FAMILY, date: '2026-12-18', tickets: [1, 2] });
    const credits = await balance();
    const sold = await seatsSold(t.store.db, key);
    // Nothing happens by itself: the timer is a test setting, off by default.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await balance()).toBe(credits);

    const queue = await pendingQueue();
    expect(queue.total).toBe(1);
    const waiting = queue.refunds[0] as AdminRefund;
    expect(waiting).toMatchObject({
      id: orderId,
      status: 'pending',
      company: { id: agent.companyId },
      booking: { id: booking.id, pnr: booking.pnr, status: 'refund_requested' },
      phase: 'refund',
      decided_at: null,
      decided_by: null,
    });
    // Issue 30: the request as the agency made it — two of the four tickets, who asked and why.
    expect(waiting.request).toEqual({
      tickets: 2,
      of_tickets: 4,
      reason: REASON,
      requested_by: { id: expect.any(String), name: expect.any(String) },
    });
    expect(waiting.tickets.map((ticket) => ticket.ticket_number)).toEqual([
      booking.tickets[1]!.ticket_number,
      booking.tickets[2]!.ticket_number,
    ]);
    expect(waiting.rules.length).toBeGreaterThan(0);
    const allowedMinor = minor(waiting.allowed.Amount);
    expect(allowedMinor).toBe(waiting.tickets.reduce((sum, ticket) => sum + minor(ticket.allowed.Amount), 0));
    expect(allowedMinor).toBeGreaterThan(2);
    for (const ticket of waiting.tickets) {
      expect(minor(ticket.paid.Amount) - minor(ticket.penalty.Amount)).toBe(minor(ticket.allowed.Amount));
      expect(ticket).toMatchObject({ status: 'refund_requested', refunded: null });
    }
    expect(await ok(admin('GET', `/api/admin/refunds/${orderId}`))).toEqual(waiting);

    // Never more than the rules allow; less only with a reason.
    const raised = await admin('POST', `/api/admin/refunds/${orderId}/approve`, {
      amount: (allowedMinor + 1) / 100,
    });
    expect(raised.statusCode, raised.body).toBe(422);
    expect(Object.keys(raised.json().data.errors)).toEqual(['amount']);
    const lowered = Math.floor((allowedMinor * 2) / 3);
    const silent = await admin('POST', `/api/admin/refunds/${orderId}/approve`, { amount: lowered / 100 });
    expect(silent.statusCode).toBe(422);
    expect(Object.keys(silent.json().data.errors)).toEqual(['reason']);
    expect(await balance()).toBe(credits);

    const approved = await ok<AdminRefund>(
      admin('POST', `/api/admin/refunds/${orderId}/approve`, {
        amount: lowered / 100,
        reason: 'The child flew the first leg',
      }),
    );
    expect(approved).toMatchObject({
      status: 'approved',
      allowed: waiting.allowed,
      amount: { Amount: lowered / 100, CurrencyCode: 'USD' },
      decided_by: { id: operator.id, name: operator.name },
      decision_reason: 'The child flew the first leg',
      booking: { status: 'partially_refunded' },
    });
    // To the cent, in proportion to what each ticket may return.
    const shares = approved.tickets.map((ticket) => minor(ticket.refunded!.Amount));
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(lowered);
    approved.tickets.forEach((ticket, index) => {
      const exact = (minor(ticket.allowed.Amount) * lowered) / allowedMinor;
      expect(Math.abs(shares[index]! - exact)).toBeLessThan(1);
      expect(ticket.status).toBe('refunded');
    });

    // Credited in the same transaction as the status: the ledger, the order, the seats.
    expect(await balance()).toBe(credits + lowered);
    expect(await ledgerSum(t.store.db, agent.companyId)).toBe(await balance());
    const entries = await t.store.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_minor'])
      .where('booking_id', '=', booking.id)
      .where('kind', '=', 'refund')
      .execute();
    expect(entries).toEqual([{ kind: 'refund', amount_minor: lowered }]);
    const orders = await ok(get(t, '/api/orders/company', { token: agent.token }));
    expect(orders.find((order: { id: string }) => order.id === orderId)).toMatchObject({
      kind: 'refund',
      status: 'completed',
      amount: lowered / 100,
    });
    expect(await seatsSold(t.store.db, key)).toBe(sold - 2);
    const after = await bookingOf(booking.id);
    expect(after.status).toBe('partially_refunded');
    expect(after.tickets.map((ticket) => ticket.status)).toEqual([
      'issued',
      'refunded',
      'refunded',
      'issued',
    ]);
    expect(after.history.at(-1)?.note).toContain('The child flew the first leg');

    // Decided once.
    for (const action of ['approve', 'reject']) {
      const twice = await admin('POST', `/api/admin/refunds/${orderId}/${action}`, { reason: 'Again' });
      expect(twice.statusCode, action).toBe(409);
      expect(twice.json().message).toMatch(/is already approved/);
    }
    expect(await balance()).toBe(credits + lowered);

    const [notice] = await notificationsOf(t, agent);
    expect(notice).toMatchObject({
      kind: 'refund_approved',
      link: `/dashboard/booking-details?id=${booking.id}`,
    });
    expect(notice?.body).toContain('The child flew the first leg');
    const [audit] = await auditOf(t, operator, orderId);
    expect(audit).toMatchObject({
      action: 'refund.approve',
      target_type: 'refund',
      actor: { id: operator.id },
      before: { status: 'pending', allowed: allowedMinor / 100, booking_status: 'refund_requested' },
      after: { status: 'approved', amount: lowered / 100, booking_status: 'partially_refunded' },
    });
    const decided = await ok<AdminRefundList>(
      admin('GET', `/api/admin/refunds?status=approved&company_id=${agent.companyId}`),
    );
    expect(decided.refunds.map((refund) => refund.id)).toContain(orderId);
    expect((await pendingQueue()).total).toBe(0);
  });

  it('approves the allowed amount when none is named: the booking is refunded', async () => {
    const { booking, orderId } = await requested({ mix: ONE_ADULT, date: '2026-12-19' });
    const credits = await balance();
    const waiting = await ok<AdminRefund>(admin('GET', `/api/admin/refunds/${orderId}`));
    const approved = await ok<AdminRefund>(admin('POST', `/api/admin/refunds/${orderId}/approve`, {}));
    expect(approved).toMatchObject({ status: 'approved', amount: waiting.allowed, decision_reason: null });
    expect(await balance()).toBe(credits + minor(waiting.allowed.Amount));
    expect((await bookingOf(booking.id)).status).toBe('refunded');
  });

  it('rejects a request with a reason: the tickets stay valid, nothing is credited', async () => {
    const { booking, orderId, key } = await requested({ mix: FAMILY, date: '2026-12-17', tickets: [1, 2] });
    const credits = await balance();
    const sold = await seatsSold(t.store.db, key);
    for (const body of [{}, { reason: '' }, { reason: 'y'.repeat(1_001) }]) {
      const bad = await admin('POST', `/api/admin/refunds/${orderId}/reject`, body);
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().data.errors)).toEqual(['reason']);
    }
    const rejected = await ok<AdminRefund>(
      admin('POST', `/api/admin/refunds/${orderId}/reject`, { reason: 'Outside the fare rules' }),
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      amount: { Amount: 0 },
      decision_reason: 'Outside the fare rules',
      booking: { status: 'refund_rejected' },
    });
    expect(rejected.tickets.every((ticket) => ticket.status === 'refund_rejected')).toBe(true);
    expect(await balance()).toBe(credits);
    expect(await seatsSold(t.store.db, key)).toBe(sold);
    const after = await bookingOf(booking.id);
    expect(after.status).toBe('refund_rejected');
    expect(after.tickets.map((ticket) => ticket.status)).toEqual([
      'issued',
      'refund_rejected',
      'refund_rejected',
      'issued',
    ]);
    expect(after.history.at(-1)?.note).toContain('Outside the fare rules');
    const orders = await ok(get(t, '/api/orders/company', { token: agent.token }));
    expect(orders.find((order: { id: string }) => order.id === orderId)).toMatchObject({
      status: 'rejected',
    });
    expect((await admin('POST', `/api/admin/refunds/${orderId}/approve`, {})).statusCode).toBe(409);
    const [notice] = await notificationsOf(t, agent);
    expect(notice).toMatchObject({ kind: 'refund_rejected' });
    expect(notice?.body).toContain('Outside the fare rules');
    expect((await auditOf(t, operator, orderId)).map((entry: { action: string }) => entry.action)).toEqual([
      'refund.reject',
    ]);

    // A rejected ticket is not requested again; the booking's other tickets still may be.
    const retry = await post(
      t,
      '/api/request-ticket-refund',
      { booking_id: booking.id, reason: REASON, ticket_numbers: [booking.tickets[1]!.ticket_number] },
      { token: agent.token },
    );
    expect(retry.statusCode).toBe(422);
    const rest = await post(
      t,
      '/api/request-ticket-refund',
      {
        booking_id: booking.id,
        reason: REASON,
        ticket_numbers: [booking.tickets[0]!.ticket_number, booking.tickets[3]!.ticket_number],
      },
      { token: agent.token },
    );
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data.status).toBe('refund_requested');
  });

  it('answers 404 for an unknown request and 422 for bad input', async () => {
    const id = randomUUID();
    for (const [method, url, body] of [
      ['GET', `/api/admin/refunds/${id}`, undefined],
      ['POST', `/api/admin/refunds/${id}/approve`, {}],
      ['POST', `/api/admin/refunds/${id}/reject`, { reason: 'Not ours' }],
    ] as const) {
      expect((await admin(method, url, body)).statusCode, url).toBe(404);
    }
    const badQuery = await admin('GET', '/api/admin/refunds?status=completed&company_id=x');
    expect(badQuery.statusCode).toBe(422);
    expect(Object.keys(badQuery.json().data.errors).sort()).toEqual(['company_id', 'status']);
    const negative = await admin('POST', `/api/admin/refunds/${id}/approve`, { amount: -1, extra: true });
    expect(negative.statusCode).toBe(422);
    expect(Object.keys(negative.json().data.errors).sort()).toEqual(['amount', 'extra']);
  });

  it('credits a refund once when two operators approve it at once', async () => {
    const { orderId } = await requested({ mix: ONE_ADULT, date: '2026-12-16' });
    const credits = await balance();
    const other = await signedInOperator(t, 'Ada Ops');
    operator = await signInAgainAsOperator(t, operator);
    const answers = await Promise.all([
      asOperator(t, operator, 'POST', `/api/admin/refunds/${orderId}/approve`, {}),
      asOperator(t, other, 'POST', `/api/admin/refunds/${orderId}/approve`, {}),
    ]);
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses, answers.map((res) => res.body).join('\n')).toEqual([200, 409]);
    const entries = await t.store.db
      .selectFrom('ledger_entries')
      .innerJoin('orders', 'orders.ledger_entry_id', 'ledger_entries.id')
      .select('ledger_entries.amount_minor')
      .where('orders.id', '=', orderId)
      .execute();
    const decision = answers.find((res) => res.statusCode === 200)!.json().data as AdminRefund;
    expect(await balance()).toBe(credits + minor(decision.amount.Amount));
    expect(entries).toEqual([{ amount_minor: minor(decision.amount.Amount) }]);
    expect(await ledgerSum(t.store.db, agent.companyId)).toBe(await balance());
    expect(await auditOf(t, operator, orderId)).toHaveLength(1);
  });
});
