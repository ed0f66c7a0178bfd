import type { AdminWorkQueue } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOperator, ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import { get, post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  bookOk,
  issueOk,
  ONE_ADULT,
  searchOffer,
  signInAgain,
} from '../support/bookings.js';
import { pendingDeposit } from '../support/deposit-desk.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

/**
 * The console opens on what waits for a decision (issue 30): agencies in review, pending deposits
 * and refunds, tickets waiting for an answer — each counted with its oldest — to operators only.
 */

const HOUR_MS = 3_600_000;

describe.each(storeKinds())('the work queue on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let operator: Operator;
  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
    operator = await signedInOperator(t);
  });
  afterAll(async () => t?.close());

  const workQueue = async () => {
    operator = await signInAgainAsOperator(t, operator);
    return ok<AdminWorkQueue>(asOperator(t, operator, 'GET', '/api/admin/work-queue'));
  };

  it('is empty with nothing waiting', async () => {
    expect(await workQueue()).toEqual({
      agencies: { waiting: 0, oldest_since: null },
      deposits: { waiting: 0, oldest_since: null },
      refunds: { waiting: 0, oldest_since: null },
      tickets: { waiting: 0, oldest_since: null, unassigned: 0 },
      total: 0,
    });
  });

  it('counts each desk’s waiting items with the oldest, and forgets what was decided', async () => {
    // An agency in review since its vendor form.
    const reviewed = await bookingAgent(t);
    await t.store.db
      .updateTable('companies')
      .set({ verification_status: 'pending_review' })
      .where('id', '=', reviewed.companyId)
      .execute();
    // Two deposits, an hour apart.
    const firstDepositAt = t.clock.now().toISOString();
    const deposit = await pendingDeposit(t, agent.companyId, { amountMinor: 50_000 });
    t.clock.advance(HOUR_MS);
    await pendingDeposit(t, agent.companyId, { amountMinor: 20_000 });
    agent = await signInAgain(t, agent);
    // A refund requested of a ticketed booking past its void window.
    const offer = await searchOffer(t, agent, { mix: ONE_ADULT, date: '2026-12-18' });
    const held = await bookOk(t, agent, bookingBody(offer, ONE_ADULT));
    const booking = await issueOk(t, agent, held.pnr);
    t.clock.advance(25 * HOUR_MS);
    agent = await signInAgain(t, agent);
    const refundAt = t.clock.now().toISOString();
    const refund = await post(
      t,
      '/api/request-ticket-refund',
      { booking_id: booking.id, reason: 'Passenger changed plans' },
      { token: agent.token },
    );
    expect(refund.statusCode, refund.body).toBe(200);
    // Two tickets from the agency: one answered by SkyDesk, one still waiting.
    const ticketAt = t.clock.now().toISOString();
    const opened = [];
    for (const subject of ['Name correction', 'Invoice copy']) {
      const res = await post(
        t,
        '/api/ticket',
        { subject, category: 'other', priority: 'normal', message: 'Hello' },
        { token: agent.token },
      );
      expect(res.statusCode, res.body).toBe(201);
      opened.push(res.json().data.id as string);
    }
    operator = await signInAgainAsOperator(t, operator);
    await ok(
      asOperator(t, operator, 'POST', `/api/admin/tickets/${opened[0]}/messages`, { body: 'Done.' }),
      201,
    );

    const queue = await workQueue();
    expect(queue).toEqual({
      agencies: { waiting: 1, oldest_since: expect.any(String) },
      deposits: { waiting: 2, oldest_since: firstDepositAt },
      refunds: { waiting: 1, oldest_since: refundAt },
      tickets: { waiting: 1, oldest_since: ticketAt, unassigned: 1 },
      total: 5,
    });

    // Decided, a deposit leaves the queue.
    await ok(asOperator(t, operator, 'POST', `/api/admin/transactions/${deposit.id}/approve`));
    expect((await workQueue()).deposits.waiting).toBe(1);
    expect((await workQueue()).total).toBe(4);
  });

  it('is the operators’ alone: an agency user is refused (403), nobody signed in is 401', async () => {
    agent = await signInAgain(t, agent);
    const asAgency = await get(t, '/api/admin/work-queue', { token: agent.token });
    expect(asAgency.statusCode, asAgency.body).toBe(403);
    expect((await get(t, '/api/admin/work-queue')).statusCode).toBe(401);
  });
});
