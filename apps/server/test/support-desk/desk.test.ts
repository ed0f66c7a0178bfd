import { randomUUID } from 'node:crypto';
import {
  type AdminTicketDetails,
  type AdminTicketList,
  SUPPORT_MESSAGES,
  type SupportMessage,
} from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import type { TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent, bookingBody, bookOk, searchOffer } from '../support/bookings.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';
import {
  agencyTicket,
  agencyWith,
  agencyWrites,
  call,
  expectStatus,
  openTicket,
  operatorCall,
  operatorReplies,
} from './desk-helpers.js';

/**
 * The operators' support desk (docs/api.md#back-office: /api/admin/tickets): one queue of every
 * agency's tickets — unassigned first, then high priority first, then the oldest — filtered and
 * searched; a ticket opened beside the agency's contact and recent bookings; taking, replying,
 * closing and reopening, each in the audit log with who, when, what and from where.
 */

describe.each(storeKinds())("the operators' support desk on %s", (kind) => {
  let t: TestApp;
  let operator: Operator;
  let colleague: Operator;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await signedInOperator(t, 'Olli Operator');
    colleague = await signedInOperator(t, 'Cora Colleague');
  });
  afterAll(async () => t?.close());

  const queue = async (query: string, as: Operator = operator): Promise<AdminTicketList> =>
    ok(operatorCall(t, as, 'GET', `/api/admin/tickets?${query}`));
  const act = (as: Operator, ticketId: string, action: 'assign' | 'close' | 'reopen') =>
    operatorCall(t, as, 'POST', `/api/admin/tickets/${ticketId}/${action}`);

  it('lists unassigned tickets first, then by priority (high first), then the oldest first', async () => {
    const agency = await agencyWith(t, { company_name: 'Queue Order Travels' });
    const open = async (subject: string, priority: 'low' | 'normal' | 'high') => {
      t.clock.advance(60_000);
      return openTicket(t, agency, { subject, priority });
    };
    const oldLow = await open('Old and low', 'low');
    const oldHigh = await open('Old and high', 'high');
    const normal = await open('Normal', 'normal');
    const newHigh = await open('New and high', 'high');
    const takenHigh = await open('Taken, high', 'high');
    const takenLow = await open('Taken, low', 'low');
    await ok(act(operator, takenLow.id, 'assign'));
    await ok(act(colleague, takenHigh.id, 'assign'));
    const closed = await open('Closed', 'high');
    await ok(act(operator, closed.id, 'close'));

    const { tickets, total, totalPages } = await queue(`company_id=${agency.companyId}`);
    expect(tickets.map((ticket) => ticket.subject)).toEqual([
      'Old and high',
      'New and high',
      'Normal',
      'Old and low',
      'Taken, high',
      'Taken, low',
    ]);
    expect([total, totalPages]).toEqual([6, 1]);
    expect(tickets[0]).toMatchObject({
      id: oldHigh.id,
      company: { id: agency.companyId, name: 'Queue Order Travels' },
      assignee: null,
      answered_by: null,
      unread_count: 1,
      status: 'open',
    });
    expect(tickets[0]?.waiting_since).toBe(tickets[0]?.created_at);
    expect(tickets[4]?.assignee).toEqual({ id: colleague.id, name: 'Cora Colleague' });

    // Paging keeps the order.
    const page1 = await queue(`company_id=${agency.companyId}&limit=4&page=1`);
    expect(page1.tickets.map((ticket) => ticket.id)).toEqual([takenHigh.id, takenLow.id]);
    expect([page1.total, page1.totalPages]).toEqual([6, 2]);

    // Filters: mine, nobody's, closed, everything.
    const subjects = async (query: string, as?: Operator) =>
      (await queue(`company_id=${agency.companyId}&${query}`, as)).tickets.map((ticket) => ticket.subject);
    expect(await subjects('assignee=me')).toEqual(['Taken, low']);
    expect(await subjects('assignee=me', colleague)).toEqual(['Taken, high']);
    expect(await subjects('assignee=unassigned')).toEqual([
      'Old and high',
      'New and high',
      'Normal',
      'Old and low',
    ]);
    expect(await subjects('status=closed')).toEqual(['Closed']);
    expect(await subjects('status=all')).toHaveLength(7);
    await ok(operatorReplies(t, operator, normal.id, 'Answered'), 201);
    expect(await subjects('status=answered')).toEqual(['Normal']);
    const answered = (await queue(`company_id=${agency.companyId}&status=answered`)).tickets[0];
    expect(answered?.answered_by).toEqual({ id: operator.id, name: operator.name });
    expect(await subjects('status=open')).toHaveLength(5);
    expect(oldLow.id).toBeDefined();
    expect(newHigh.id).toBeDefined();
    await expectStatus(operatorCall(t, operator, 'GET', '/api/admin/tickets?status=pending'), 422);
  });

  it("searches by the ticket's number, its subject, its booking's PNR and the agency's name", async () => {
    const agency = await agencyWith(t, { company_name: 'Zephyr Nomads' }, { creditsMinor: 10_000_000 });
    const other = await bookingAgent(t);
    const booking = await bookOk(t, agency, bookingBody(await searchOffer(t, agency)));
    const aboutBooking = await openTicket(t, agency, { subject: 'Seat request', pnr: booking.pnr });
    const refund = await openTicket(t, agency, { subject: 'Refund of 100% of the fare' });
    const unrelated = await openTicket(t, other, { subject: 'Something else' });
    const ids = async (q: string) =>
      (await queue(`status=all&limit=100&q=${encodeURIComponent(q)}`)).tickets.map((ticket) => ticket.id);

    expect(await ids(`#${refund.number}`)).toEqual([refund.id]);
    expect(await ids(String(aboutBooking.number))).toEqual([aboutBooking.id]);
    expect(await ids('seat REQ')).toEqual([aboutBooking.id]);
    expect(await ids(booking.pnr.toLowerCase())).toEqual([aboutBooking.id]);
    expect((await ids('zephyr nomad')).sort()).toEqual([aboutBooking.id, refund.id].sort());
    // LIKE's wildcards are searched for as they are.
    expect(await ids('100%')).toEqual([refund.id]);
    expect(await ids('_')).toEqual([]);
    expect(await ids('Something else')).toEqual([unrelated.id]);
  });

  it("opens a ticket beside the agency's contact and ten recent bookings, the ticket's own first", async () => {
    const agency = await agencyWith(t, { contact_name: 'Mona Desk' }, { creditsMinor: 50_000_000 });
    const offer = await searchOffer(t, agency);
    const bookings = [];
    for (let index = 0; index < 11; index++) {
      t.clock.advance(1_000);
      bookings.push(await bookOk(t, agency, bookingBody(offer)));
    }
    const oldest = bookings[0]!;
    const ticket = await openTicket(t, agency, { pnr: oldest.pnr });
    const details: AdminTicketDetails = await ok(
      operatorCall(t, operator, 'GET', `/api/admin/tickets/${ticket.id}`),
    );
    expect(details.ticket).toMatchObject({ id: ticket.id, booking: { id: oldest.id, pnr: oldest.pnr } });
    expect(details.company_contact).toMatchObject({ contact_name: 'Mona Desk' });
    expect(details.recent_bookings.map((booking) => booking.pnr)).toEqual([
      oldest.pnr,
      ...bookings
        .slice(2)
        .reverse()
        .map((booking) => booking.pnr),
    ]);
    expect(details.recent_bookings[0]).toMatchObject({
      status: 'booked',
      route: 'LHR → JFK',
      passenger_count: 1,
      total: oldest.total,
    });
    expect(details.recent_bookings[0]?.departure).toMatch(/^2026-12-20T/);

    // Without a booking of its own: the newest ten.
    const general = await openTicket(t, agency);
    const plain: AdminTicketDetails = await ok(
      operatorCall(t, operator, 'GET', `/api/admin/tickets/${general.id}`),
    );
    expect(plain.recent_bookings.map((booking) => booking.pnr)).toEqual(
      bookings
        .slice(1)
        .reverse()
        .map((booking) => booking.pnr),
    );
    await expectStatus(
      operatorCall(t, operator, 'GET', `/api/admin/tickets/${randomUUID()}`),
      404,
      SUPPORT_MESSAGES.ticketNotFound,
    );
  });

  it('audits taking, replying, closing and reopening, each with its operator, request and address', async () => {
    const agency: Agent = await bookingAgent(t);
    const ticket = await openTicket(t, agency);
    const fresh = await signInAgainAsOperator(t, operator);
    const assigned = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tickets/${ticket.id}/assign`,
      headers: { authorization: `Bearer ${fresh.token}` },
      remoteAddress: '203.0.113.9',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    // The id the server gave the request, as the operator's browser sees it.
    const requestId = assigned.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect((assigned.json().data as AdminTicketDetails).ticket.assignee).toEqual({
      id: operator.id,
      name: operator.name,
    });
    expect((await agencyTicket(t, agency, ticket.id)).assignee).toEqual({ name: operator.name });

    t.clock.advance(1_000);
    const reply: SupportMessage = await ok(operatorReplies(t, operator, ticket.id, 'Fixed it.'), 201);
    // A colleague takes it over.
    t.clock.advance(1_000);
    await ok(act(colleague, ticket.id, 'assign'));
    t.clock.advance(1_000);
    const closedDetails: AdminTicketDetails = await ok(act(operator, ticket.id, 'close'));
    // The agency heard from the operator who replied, whoever has the ticket now (issue 30).
    expect(closedDetails.ticket).toMatchObject({
      status: 'closed',
      waiting_since: null,
      assignee: { id: colleague.id, name: 'Cora Colleague' },
      answered_by: { id: operator.id, name: operator.name },
    });
    await expectStatus(act(operator, ticket.id, 'close'), 409, SUPPORT_MESSAGES.alreadyClosed);
    t.clock.advance(1_000);
    const reopened: AdminTicketDetails = await ok(act(operator, ticket.id, 'reopen'));
    // The operators spoke last: it is answered, not open.
    expect(reopened.ticket).toMatchObject({ status: 'answered', closed_at: null });
    await expectStatus(act(operator, ticket.id, 'reopen'), 409, SUPPORT_MESSAGES.notClosed);

    const entries = await auditOf(t, await signInAgainAsOperator(t, operator), ticket.id);
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      'ticket.reopen',
      'ticket.close',
      'ticket.assign',
      'ticket.reply',
      'ticket.assign',
    ]);
    const [reopen, close, takeOver, replied, taken] = entries;
    expect(taken).toMatchObject({
      actor: { id: operator.id },
      target_type: 'ticket',
      target_id: ticket.id,
      before: { assigned_to: null },
      after: { assigned_to: operator.id },
      ip: '203.0.113.9',
      request_id: requestId,
    });
    expect(replied).toMatchObject({
      actor: { id: operator.id },
      before: { status: 'open' },
      after: { status: 'answered', message_id: reply.id, seq: 2 },
    });
    expect(takeOver).toMatchObject({
      actor: { id: colleague.id },
      before: { assigned_to: operator.id },
      after: { assigned_to: colleague.id },
    });
    expect(close).toMatchObject({ before: { status: 'answered' }, after: { status: 'closed' } });
    expect(reopen).toMatchObject({ before: { status: 'closed' }, after: { status: 'answered' } });

    // Refused actions and the agency's own write no entry; a retried reply writes none either.
    const clientId = randomUUID();
    await ok(operatorReplies(t, operator, ticket.id, 'Twice?', clientId), 201);
    await ok(operatorReplies(t, operator, ticket.id, 'Twice?', clientId), 201);
    await ok(agencyWrites(t, agency, ticket.id, 'Thanks'), 201);
    const after = await auditOf(t, await signInAgainAsOperator(t, operator), ticket.id);
    expect(after.filter((entry: { action: string }) => entry.action === 'ticket.reply')).toHaveLength(2);
  });

  it("reopens a ticket the agency spoke last on as open; the agency's close is not audited", async () => {
    const agency = await bookingAgent(t);
    const ticket = await openTicket(t, agency);
    await ok(call(t, agency, 'POST', `/api/ticket/${ticket.id}/close`));
    const reopened: AdminTicketDetails = await ok(act(operator, ticket.id, 'reopen'));
    expect(reopened.ticket).toMatchObject({ status: 'open', closed_at: null });
    expect(reopened.ticket.waiting_since).not.toBeNull();
    const entries = await auditOf(t, await signInAgainAsOperator(t, operator), ticket.id);
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['ticket.reopen']);
    // Reopened, the agency may write again.
    await ok(agencyWrites(t, agency, ticket.id, 'Thanks for reopening'), 201);
  });
});
