import { randomUUID } from 'node:crypto';
import { type Booking, PERMISSIONS, SUCCESS, SUPPORT_MESSAGES, type SupportTicket } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import type { TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  bookOk,
  errorFields,
  searchOffer,
} from '../support/bookings.js';
import { addRole, addUser } from '../support/colleague.js';
import { type Operator, signedInOperator } from '../support/operator.js';
import { staffMember, staffSession } from '../support/staff.js';
import { storeKinds } from '../support/stores.js';
import {
  agencyMessages,
  agencyTicket,
  agencyWrites,
  type Caller,
  call,
  expectStatus,
  openTicket,
  operatorReplies,
  samplePdf,
  sendFile,
  ticketBody,
} from './desk-helpers.js';

/**
 * An agency's support tickets (docs/api.md#support-notices-analytics; docs/product-spec.md §8 'New Ticket Created', 'Ticket
 * has been deleted'): opened with a first message and optionally about one of its bookings, shared
 * by everyone of the agency holding support.use, deleted only while no operator has replied and
 * closed after that; another agency's ticket answers exactly as a missing one on every call.
 */

describe.each(storeKinds())('support tickets of an agency on %s', (kind) => {
  let t: TestApp;
  let operator: Operator;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await signedInOperator(t);
  });
  afterAll(async () => t?.close());

  /** A user of the agency whose role holds these permissions, signed in. */
  async function staffOf(agent: Agent, permissions = [...PERMISSIONS]): Promise<Caller & { id: string }> {
    const member = await staffMember(t, agent.companyId, permissions);
    return { id: member.id, ...(await staffSession(t, member)) };
  }

  it("opens a ticket with its first message: 201 'New Ticket Created', open, numbered, deletable", async () => {
    const agent = await bookingAgent(t);
    const res = await expectStatus(
      call(t, agent, 'POST', '/api/ticket', ticketBody()),
      201,
      SUCCESS.ticketCreated,
    );
    const ticket: SupportTicket = res.json().data;
    expect(ticket).toMatchObject({
      subject: 'Name correction on a ticketed booking',
      category: 'booking',
      priority: 'normal',
      status: 'open',
      booking: null,
      created_by: { id: agent.user.id },
      assignee: null,
      message_count: 1,
      last_message: { side: 'agency' },
      unread_count: 0,
      deletable: true,
      closed_at: null,
    });
    expect(ticket.number).toBeGreaterThanOrEqual(1001);
    const messages = await agencyMessages(t, agent, ticket.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      seq: 1,
      body: ticketBody().message,
      author: { side: 'agency', id: agent.user.id },
      attachment: null,
      read_at: null,
    });
    // The next ticket takes the next number.
    const next = await openTicket(t, agent, { priority: 'high' });
    expect(next.number).toBeGreaterThan(ticket.number);
    expect(next.priority).toBe('high');
  });

  it('refuses an incomplete or unknown body with field errors (422), never a 500', async () => {
    const agent = await bookingAgent(t);
    const res = await expectStatus(
      call(t, agent, 'POST', '/api/ticket', {
        subject: 'x',
        category: 'lost-luggage',
        priority: 'urgent',
        message: '   ',
        extra: true,
      }),
      422,
    );
    expect(errorFields(res).sort()).toEqual(['category', 'extra', 'message', 'priority', 'subject']);
    await expectStatus(call(t, agent, 'POST', '/api/ticket', ticketBody({ pnr: 'not a pnr' })), 422);
    expect(await ok(call(t, agent, 'GET', '/api/ticket/company'))).toEqual([]);
  });

  it("takes a PNR of the agency's own bookings; another agency's answers exactly as an unknown one", async () => {
    const agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
    const other = await bookingAgent(t, { creditsMinor: 10_000_000 });
    const offer = await searchOffer(t, agent);
    const own = await bookOk(t, agent, bookingBody(offer));
    const theirs = await bookOk(t, other, bookingBody(offer));

    const ticket = await openTicket(t, agent, { pnr: own.pnr.toLowerCase() });
    expect(ticket.booking).toEqual({ id: own.id, pnr: own.pnr });

    const foreign = await expectStatus(
      call(t, agent, 'POST', '/api/ticket', ticketBody({ pnr: theirs.pnr })),
      404,
      SUPPORT_MESSAGES.unknownPnr,
    );
    expect(foreign.json().data.errors).toEqual({ pnr: [SUPPORT_MESSAGES.unknownPnr] });
    const unknown = await expectStatus(
      call(t, agent, 'POST', '/api/ticket', ticketBody({ pnr: 'ZZ9ZZ9' })),
      404,
    );
    expect(foreign.json()).toEqual(unknown.json());
    // Nothing was opened by the refused calls.
    expect(
      (await ok(call(t, agent, 'GET', '/api/ticket/company'))).map((row: SupportTicket) => row.id),
    ).toEqual([ticket.id]);
  });

  it("names only the user's own bookings when their role reaches only those", async () => {
    const agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
    const roleId = await addRole(
      t,
      agent.companyId,
      ['support.use', 'bookings.view', 'bookings.create'],
      'own',
    );
    const member = await addUser(t, agent.companyId, roleId);
    const session = await staffSession(t, member);
    const offer = await searchOffer(t, agent);
    const ownersBooking = await bookOk(t, agent, bookingBody(offer));
    const ownBooking: Booking = await ok(call(t, session, 'POST', '/api/booking', bookingBody(offer)), 201);

    await expectStatus(call(t, session, 'POST', '/api/ticket', ticketBody({ pnr: ownersBooking.pnr })), 404);
    const ticket = await openTicket(t, session, { pnr: ownBooking.pnr });
    expect(ticket.booking?.pnr).toBe(ownBooking.pnr);
    // The owner reaches every booking of the agency.
    expect((await openTicket(t, agent, { pnr: ownBooking.pnr })).booking?.pnr).toBe(ownBooking.pnr);
  });

  it("shares tickets with everyone of the agency holding support.use, newest first, and no one else's", async () => {
    const agent = await bookingAgent(t);
    const colleague = await staffOf(agent, ['support.use']);
    const stranger = await bookingAgent(t);
    const first = await openTicket(t, agent, { subject: 'First question' });
    t.clock.advance(60_000);
    const second = await openTicket(t, colleague, { subject: 'Second question' });
    await openTicket(t, stranger, { subject: "A stranger's question" });

    for (const user of [agent, colleague]) {
      const listed: SupportTicket[] = await ok(call(t, user, 'GET', '/api/ticket/company'));
      expect(listed.map((ticket) => ticket.id)).toEqual([second.id, first.id]);
    }
    expect((await agencyTicket(t, agent, second.id)).created_by).toEqual({
      id: colleague.id,
      name: 'Staff Member',
    });
    // The colleague writes on the owner's ticket.
    await expectStatus(agencyWrites(t, colleague, first.id, 'Adding the booking reference'), 201);
    expect((await agencyMessages(t, agent, first.id)).map((message) => message.author.id)).toEqual([
      agent.user.id,
      colleague.id,
    ]);
  });

  it('refuses every support call to a role without support.use (403 naming it)', async () => {
    const agent = await bookingAgent(t);
    const ticket = await openTicket(t, agent);
    const without = await staffOf(
      agent,
      PERMISSIONS.filter((permission) => permission !== 'support.use'),
    );
    const id = ticket.id;
    const calls: [Parameters<typeof call>[2], string, unknown?][] = [
      ['POST', '/api/ticket', ticketBody()],
      ['GET', '/api/ticket/company'],
      ['GET', `/api/ticket/${id}`],
      ['DELETE', `/api/ticket?ticket_id=${id}`],
      ['POST', `/api/ticket/${id}/close`],
      ['GET', `/api/ticket/${id}/messages`],
      ['POST', `/api/ticket/${id}/messages`, { body: 'Hello' }],
      ['GET', `/api/ticket/${id}/attachments/${randomUUID()}`],
      ['PUT', `/api/ticket/${id}/read`, {}],
    ];
    for (const [method, url, payload] of calls) {
      const res = await expectStatus(call(t, without, method, url, payload), 403);
      expect(res.json().message, `${method} ${url}`).toContain('support.use');
    }
    const upload = await sendFile(t, without, `/api/ticket/${id}/attachments`, samplePdf());
    expect(upload.statusCode).toBe(403);
    // Nothing changed.
    expect(await agencyTicket(t, agent, id)).toMatchObject({ status: 'open', message_count: 1 });
  });

  it("answers another agency's ticket and attachment exactly as missing ones, on every call", async () => {
    const agent = await bookingAgent(t);
    const other = await bookingAgent(t);
    const theirs = await openTicket(t, other);
    const theirFile = await ok(sendFile(t, other, `/api/ticket/${theirs.id}/attachments`, samplePdf()), 201);
    const mine = await openTicket(t, agent);
    const myFile = await ok(sendFile(t, agent, `/api/ticket/${mine.id}/attachments`, samplePdf()), 201);

    type Probe = {
      method: Parameters<typeof call>[2];
      url: (ticket: string, file: string) => string;
      body?: unknown;
    };
    const probes: Probe[] = [
      { method: 'GET', url: (ticket) => `/api/ticket/${ticket}` },
      { method: 'DELETE', url: (ticket) => `/api/ticket?ticket_id=${ticket}` },
      { method: 'POST', url: (ticket) => `/api/ticket/${ticket}/close` },
      { method: 'GET', url: (ticket) => `/api/ticket/${ticket}/messages` },
      { method: 'POST', url: (ticket) => `/api/ticket/${ticket}/messages`, body: { body: 'Hello?' } },
      { method: 'PUT', url: (ticket) => `/api/ticket/${ticket}/read`, body: {} },
      { method: 'GET', url: (ticket, file) => `/api/ticket/${ticket}/attachments/${file}` },
    ];
    for (const probe of probes) {
      const label = `${probe.method} ${probe.url(':id', ':file')}`;
      const foreign = await call(t, agent, probe.method, probe.url(theirs.id, theirFile.id), probe.body);
      const missing = await call(t, agent, probe.method, probe.url(randomUUID(), randomUUID()), probe.body);
      expect(foreign.statusCode, `${label}: ${foreign.body}`).toBe(404);
      expect(foreign.json(), label).toEqual(missing.json());
    }
    // Their attachment through my own ticket, and mine through theirs: not found either.
    const crossed = await call(t, agent, 'GET', `/api/ticket/${mine.id}/attachments/${theirFile.id}`);
    const unknownFile = await call(t, agent, 'GET', `/api/ticket/${mine.id}/attachments/${randomUUID()}`);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toEqual(unknownFile.json());
    expect(
      (await call(t, agent, 'GET', `/api/ticket/${theirs.id}/attachments/${myFile.id}`)).statusCode,
    ).toBe(404);
    const upload = await sendFile(t, agent, `/api/ticket/${theirs.id}/attachments`, samplePdf());
    const uploadMissing = await sendFile(t, agent, `/api/ticket/${randomUUID()}/attachments`, samplePdf());
    expect(upload.statusCode).toBe(404);
    expect(upload.json()).toEqual(uploadMissing.json());
    // Their ticket is as it was.
    expect(await agencyTicket(t, other, theirs.id)).toMatchObject({ status: 'open', message_count: 2 });
  });

  it("deletes a ticket no operator replied to — 'Ticket has been deleted' — and its files with it", async () => {
    const agent = await bookingAgent(t);
    const ticket = await openTicket(t, agent);
    await ok(
      sendFile(t, agent, `/api/ticket/${ticket.id}/attachments`, samplePdf(), { body: 'The e-ticket' }),
      201,
    );
    const stored = await t.store.db
      .selectFrom('support_messages')
      .select('attachment_key')
      .where('ticket_id', '=', ticket.id)
      .where('attachment_key', 'is not', null)
      .executeTakeFirstOrThrow();
    const files = t.app.skydesk.platform.files;
    await files.get(stored.attachment_key!);

    const res = await expectStatus(
      call(t, agent, 'DELETE', `/api/ticket?ticket_id=${ticket.id}`),
      200,
      SUCCESS.ticketDeleted,
    );
    expect(res.json().data).toEqual({ id: ticket.id });
    expect(await ok(call(t, agent, 'GET', '/api/ticket/company'))).toEqual([]);
    await expectStatus(call(t, agent, 'GET', `/api/ticket/${ticket.id}`), 404);
    const rows = await t.store.db
      .selectFrom('support_messages')
      .select('id')
      .where('ticket_id', '=', ticket.id)
      .execute();
    expect(rows).toEqual([]);
    // The file goes after the commit.
    await expect
      .poll(() =>
        files.get(stored.attachment_key!).then(
          () => 'kept',
          () => 'removed',
        ),
      )
      .toBe('removed');
  });

  it('keeps a ticket an operator replied to: delete answers 409, the agency closes it, and then writes no more', async () => {
    const agent = await bookingAgent(t);
    const ticket = await openTicket(t, agent);
    await expectStatus(operatorReplies(t, operator, ticket.id, 'We are looking into it.'), 201);
    expect(await agencyTicket(t, agent, ticket.id)).toMatchObject({ status: 'answered', deletable: false });

    await expectStatus(
      call(t, agent, 'DELETE', `/api/ticket?ticket_id=${ticket.id}`),
      409,
      SUPPORT_MESSAGES.notDeletable,
    );
    const closed: SupportTicket = await ok(call(t, agent, 'POST', `/api/ticket/${ticket.id}/close`));
    expect(closed).toMatchObject({ status: 'closed', deletable: false });
    expect(closed.closed_at).not.toBeNull();
    await expectStatus(
      call(t, agent, 'POST', `/api/ticket/${ticket.id}/close`),
      409,
      SUPPORT_MESSAGES.alreadyClosed,
    );
    await expectStatus(agencyWrites(t, agent, ticket.id, 'One more thing'), 409, SUPPORT_MESSAGES.closed);
    const file = await sendFile(t, agent, `/api/ticket/${ticket.id}/attachments`, samplePdf());
    expect(file.statusCode).toBe(409);
    expect(file.json().message).toBe(SUPPORT_MESSAGES.closed);
    expect((await agencyMessages(t, agent, ticket.id)).map((message) => message.seq)).toEqual([1, 2]);
    // Still on record: listed, and still not deletable.
    await expectStatus(call(t, agent, 'DELETE', `/api/ticket?ticket_id=${ticket.id}`), 409);
    expect((await agencyTicket(t, agent, ticket.id)).status).toBe('closed');
  });

  it('lets the agency close a ticket nobody replied to, and still delete it then', async () => {
    const agent = await bookingAgent(t);
    const ticket = await openTicket(t, agent);
    expect((await ok(call(t, agent, 'POST', `/api/ticket/${ticket.id}/close`))).deletable).toBe(true);
    await expectStatus(
      call(t, agent, 'DELETE', `/api/ticket?ticket_id=${ticket.id}`),
      200,
      SUCCESS.ticketDeleted,
    );
  });
});
