import { randomUUID } from 'node:crypto';
import {
  type AdminTicketDetails,
  SUPPORT_MESSAGES,
  type SupportMessage,
  type SupportReadState,
  type SupportTicket,
} from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import { sampleFiles, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent } from '../support/bookings.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../support/operator.js';
import { staffMember, staffSession } from '../support/staff.js';
import { storeKinds } from '../support/stores.js';
import {
  agencyMessages,
  agencyTicket,
  agencyWrites,
  call,
  expectStatus,
  openTicket,
  operatorCall,
  operatorReplies,
  samplePdf,
  sendFile,
} from './desk-helpers.js';

/**
 * The chat on a ticket (docs/api.md#support-notices-analytics): each message stored and numbered in order,
 * once however often the sender retries it with its own id; read marks that move only forward and
 * the unread counts they make; files checked by their content and served to the ticket's agency and
 * operators only; the creator told of a reply once until they read it.
 */

describe.each(storeKinds())('the chat on a support ticket on %s', (kind) => {
  let t: TestApp;
  let operator: Operator;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await signedInOperator(t);
  });
  afterAll(async () => t?.close());

  const operatorMessages = async (ticketId: string, afterSeq = 0): Promise<SupportMessage[]> =>
    ok(operatorCall(t, operator, 'GET', `/api/admin/tickets/${ticketId}/messages?after_seq=${afterSeq}`));
  const adminTicket = async (ticketId: string): Promise<AdminTicketDetails> =>
    ok(operatorCall(t, operator, 'GET', `/api/admin/tickets/${ticketId}`));
  const rowsOf = (ticketId: string) =>
    t.store.db.selectFrom('support_messages').selectAll().where('ticket_id', '=', ticketId).execute();

  it('numbers the messages 1, 2, 3… as stored; after_seq answers what follows, oldest first', async () => {
    const agent = await bookingAgent(t);
    const ticket = await openTicket(t, agent);
    const second: SupportMessage = await ok(
      agencyWrites(t, agent, ticket.id, 'Booking reference ABC123'),
      201,
    );
    const third: SupportMessage = await ok(operatorReplies(t, operator, ticket.id, 'Thanks, checking.'), 201);
    const fourth: SupportMessage = await ok(agencyWrites(t, agent, ticket.id, 'Any news?'), 201);
    expect([second.seq, third.seq, fourth.seq]).toEqual([2, 3, 4]);
    expect(third.author).toMatchObject({ side: 'operator', id: operator.id, name: operator.name });

    const all = await agencyMessages(t, agent, ticket.id);
    expect(all.map((message) => message.seq)).toEqual([1, 2, 3, 4]);
    expect(all.slice(1)).toEqual([second, third, fourth]);
    expect((await agencyMessages(t, agent, ticket.id, 2)).map((message) => message.body)).toEqual([
      'Thanks, checking.',
      'Any news?',
    ]);
    expect(await agencyMessages(t, agent, ticket.id, 4)).toEqual([]);
    // The operators read the same conversation.
    expect((await operatorMessages(ticket.id, 1)).map((message) => message.id)).toEqual([
      second.id,
      third.id,
      fourth.id,
    ]);
    await expectStatus(call(t, agent, 'GET', `/api/ticket/${ticket.id}/messages?after_seq=-1`), 422);
    expect((await agencyTicket(t, agent, ticket.id)).message_count).toBe(4);
  });

  it('moves the status with the conversation: answered after a reply, open after the agency writes', async () => {
    const agent = await bookingAgent(t);
    const ticket = await openTicket(t, agent);
    await ok(operatorReplies(t, operator, ticket.id, 'Done.'), 201);
    const answered = await agencyTicket(t, agent, ticket.id);
    expect(answered).toMatchObject({
      status: 'answered',
      last_message: { side: 'operator', body: 'Done.' },
    });
    await ok(agencyWrites(t, agent, ticket.id, 'Not quite: the date is wrong too.'), 201);
    expect((await agencyTicket(t, agent, ticket.id)).status).toBe('open');
  });

  it('stores a message retried with the same client_id once and answers the same message each time', async () => {
    const agent = await bookingAgent(t);
    const ticket = await openTicket(t, agent);
    const clientId = randomUUID();
    const first = await expectStatus(agencyWrites(t, agent, ticket.id, 'Please hurry', clientId), 201);
    const again = await expectStatus(agencyWrites(t, agent, ticket.id, 'Please hurry', clientId), 201);
    expect(again.json()).toEqual(first.json());
    expect(first.json().data.client_id).toBe(clientId);

    // Sent five times at once (a flaky network): still one message.
    const burstId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => agencyWrites(t, agent, ticket.id, 'Once only', burstId)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    expect(new Set(answers.map((answer) => answer.json().data.id)).size).toBe(1);

    // The same id from the other side, or on another ticket, is another message.
    const reply = await ok(operatorReplies(t, operator, ticket.id, 'On it', clientId), 201);
    const replyAgain = await ok(operatorReplies(t, operator, ticket.id, 'On it', clientId), 201);
    expect(replyAgain).toEqual(reply);
    const elsewhere = await openTicket(t, agent);
    const onOther = await ok(agencyWrites(t, agent, elsewhere.id, 'Please hurry', clientId), 201);
    expect(onOther.id).not.toBe(first.json().data.id);

    const rows = await rowsOf(ticket.id);
    expect(rows.map((row) => row.seq).sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
    expect(rows.filter((row) => row.client_id === clientId)).toHaveLength(2);
    expect((await agencyTicket(t, agent, ticket.id)).message_count).toBe(4);

    // A retry after the ticket closed still answers what was stored before it closed.
    await ok(call(t, agent, 'POST', `/api/ticket/${ticket.id}/close`));
    expect(await ok(agencyWrites(t, agent, ticket.id, 'Please hurry', clientId), 201)).toEqual(
      first.json().data,
    );
    await expectStatus(
      agencyWrites(t, agent, ticket.id, 'Please hurry', randomUUID()),
      409,
      SUPPORT_MESSAGES.closed,
    );
  });

  it('counts unread messages per side and moves read marks only forward, stamping read_at', async () => {
    const agent = await bookingAgent(t);
    const colleague = await staffSession(t, await staffMember(t, agent.companyId, ['support.use']));
    const ticket = await openTicket(t, agent);
    await ok(agencyWrites(t, agent, ticket.id, 'Second line'), 201);
    // The operators have not read the agency's two messages.
    expect((await adminTicket(ticket.id)).ticket.unread_count).toBe(2);
    for (const body of ['One', 'Two', 'Three']) await ok(operatorReplies(t, operator, ticket.id, body), 201);
    expect((await agencyTicket(t, agent, ticket.id)).unread_count).toBe(3);
    const listed: SupportTicket[] = await ok(call(t, colleague, 'GET', '/api/ticket/company'));
    expect(listed[0]?.unread_count).toBe(3);

    // Up to the first reply (seq 3).
    const partial: SupportReadState = await ok(
      call(t, agent, 'PUT', `/api/ticket/${ticket.id}/read`, { up_to_seq: 3 }),
    );
    expect(partial).toMatchObject({ ticket_id: ticket.id, side: 'agency', up_to_seq: 3 });
    expect((await agencyTicket(t, agent, ticket.id)).unread_count).toBe(2);
    let messages = await agencyMessages(t, agent, ticket.id);
    expect(messages.map((message) => message.read_at === null)).toEqual([true, true, false, true, true]);

    // Never backwards; never past the last message; absent means everything so far.
    expect(
      (await ok(call(t, agent, 'PUT', `/api/ticket/${ticket.id}/read`, { up_to_seq: 1 }))).up_to_seq,
    ).toBe(3);
    expect(
      (await ok(call(t, agent, 'PUT', `/api/ticket/${ticket.id}/read`, { up_to_seq: 99 }))).up_to_seq,
    ).toBe(5);
    expect((await ok(call(t, agent, 'PUT', `/api/ticket/${ticket.id}/read`, {}))).up_to_seq).toBe(5);
    expect((await agencyTicket(t, agent, ticket.id)).unread_count).toBe(0);
    messages = await agencyMessages(t, agent, ticket.id);
    // The agency's own messages wait for the operators' reading.
    expect(messages.map((message) => message.read_at === null)).toEqual([true, true, false, false, false]);
    const firstReadAt = messages[2]?.read_at;

    // The operators read the agency's: their count falls, the agency's messages show read.
    const operatorRead: SupportReadState = await ok(
      operatorCall(t, operator, 'POST', `/api/admin/tickets/${ticket.id}/read`, {}),
    );
    expect(operatorRead).toMatchObject({ side: 'operator', up_to_seq: 5 });
    expect((await adminTicket(ticket.id)).ticket.unread_count).toBe(0);
    t.clock.advance(60_000);
    await ok(call(t, agent, 'PUT', `/api/ticket/${ticket.id}/read`, {}));
    messages = await agencyMessages(t, agent, ticket.id);
    expect(messages.every((message) => message.read_at !== null)).toBe(true);
    // The first reading counts.
    expect(messages[2]?.read_at).toBe(firstReadAt);
    await expectStatus(call(t, agent, 'PUT', `/api/ticket/${ticket.id}/read`, { up_to_seq: -2 }), 422);
  });

  it('takes a PDF, PNG or JPEG by its content, with a text and a client_id, at most 5 MB', async () => {
    const agent = await bookingAgent(t);
    const ticket = await openTicket(t, agent);
    const url = `/api/ticket/${ticket.id}/attachments`;
    const png = sampleFiles.png();
    // Named and declared a PDF, it is a PNG: stored and served as what it is.
    const clientId = randomUUID();
    const sent: SupportMessage = await ok(
      sendFile(
        t,
        agent,
        url,
        { content: png, filename: 'boarding pass.pdf', type: 'application/pdf' },
        { body: 'The boarding pass', client_id: clientId },
      ),
      201,
    );
    expect(sent).toMatchObject({
      seq: 2,
      body: 'The boarding pass',
      client_id: clientId,
      attachment: {
        id: sent.id,
        file_name: 'boarding pass.pdf',
        content_type: 'image/png',
        size: png.length,
        url: `/api/ticket/${ticket.id}/attachments/${sent.id}`,
      },
    });
    // A retry stores nothing more.
    const retried = await ok(
      sendFile(t, agent, url, { content: png, filename: 'boarding pass.pdf' }, { client_id: clientId }),
      201,
    );
    expect(retried).toEqual(sent);
    const jpeg: SupportMessage = await ok(
      sendFile(t, agent, url, { content: sampleFiles.jpeg(), filename: 'photo.jpg' }),
      201,
    );
    expect(jpeg).toMatchObject({ body: '', attachment: { content_type: 'image/jpeg' } });
    expect(await rowsOf(ticket.id)).toHaveLength(3);

    const refused = [
      {
        file: { content: sampleFiles.exe(), filename: 'invoice.pdf', type: 'application/pdf' },
        field: 'file',
      },
      { file: { content: Buffer.alloc(0), filename: 'empty.pdf' }, field: 'file' },
      {
        file: {
          content: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024)]),
          filename: 'huge.pdf',
        },
        field: 'file',
      },
    ];
    for (const { file, field } of refused) {
      const res = await expectStatus(sendFile(t, agent, url, file), 422);
      expect(Object.keys(res.json().data.errors), file.filename).toEqual([field]);
    }
    const noFile = await expectStatus(
      t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${agent.token}` },
        payload: (() => {
          const form = new FormData();
          form.append('body', 'Forgot the file');
          return form as unknown as Record<string, unknown>;
        })(),
      }),
      422,
    );
    expect(noFile.json().data.errors).toEqual({ file: [SUPPORT_MESSAGES.attachmentMissing] });
    const unknownField = await expectStatus(sendFile(t, agent, url, samplePdf(), { ticket: 'x' }), 422);
    expect(Object.keys(unknownField.json().data.errors)).toEqual(['ticket']);
    await expectStatus(call(t, agent, 'POST', url, { body: 'Not multipart' }), 415);
    expect(await rowsOf(ticket.id)).toHaveLength(3);
  });

  it('serves a file to the agency inline and to operators inline or to save, never sniffed', async () => {
    const agent = await bookingAgent(t);
    const ticket = await openTicket(t, agent);
    const pdf = samplePdf();
    const sent: SupportMessage = await ok(
      sendFile(t, agent, `/api/ticket/${ticket.id}/attachments`, pdf),
      201,
    );

    const forAgency = await expectStatus(call(t, agent, 'GET', sent.attachment!.url), 200);
    expect(forAgency.rawPayload.equals(pdf.content)).toBe(true);
    expect(forAgency.headers['content-type']).toBe('application/pdf');
    expect(forAgency.headers['x-content-type-options']).toBe('nosniff');
    expect(forAgency.headers['content-disposition']).toBe('inline; filename="e-ticket_copy.pdf"');
    expect(forAgency.headers['cache-control']).toBe('private, no-store');

    const [forOperators] = await operatorMessages(ticket.id, 1);
    const operatorUrl = `/api/admin/tickets/${ticket.id}/attachments/${sent.id}`;
    expect(forOperators?.attachment?.url).toBe(operatorUrl);
    const inline = await expectStatus(operatorCall(t, operator, 'GET', operatorUrl), 200);
    expect(inline.rawPayload.equals(pdf.content)).toBe(true);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    const saved = await expectStatus(operatorCall(t, operator, 'GET', `${operatorUrl}?download=true`), 200);
    expect(saved.headers['content-disposition']).toMatch(/^attachment;/);
    expect(saved.headers['x-content-type-options']).toBe('nosniff');
    await expectStatus(
      operatorCall(t, operator, 'GET', `/api/admin/tickets/${ticket.id}/attachments/${randomUUID()}`),
      404,
    );

    // An operator's file reaches the agency through the agency's own call.
    const fromOperator: SupportMessage = await ok(
      (async () => {
        const fresh = await signInAgainAsOperator(t, operator);
        return sendFile(t, fresh, `/api/admin/tickets/${ticket.id}/attachments`, {
          content: sampleFiles.png(),
          filename: 'corrected.png',
        });
      })(),
      201,
    );
    expect(fromOperator.attachment?.url).toBe(operatorUrl.replace(sent.id, fromOperator.id));
    const [agencyCopy] = await agencyMessages(t, agent, ticket.id, 2);
    expect(agencyCopy?.attachment?.url).toBe(`/api/ticket/${ticket.id}/attachments/${fromOperator.id}`);
    await expectStatus(call(t, agent, 'GET', agencyCopy!.attachment!.url), 200);
    expect((await agencyTicket(t, agent, ticket.id)).status).toBe('answered');
  });

  it("tells the ticket's creator of a reply once, until they read it", async () => {
    const agent = await bookingAgent(t);
    const member = await staffMember(t, agent.companyId, ['support.use']);
    const colleague = await staffSession(t, member);
    const ticket = await openTicket(t, agent);
    const replyNotices = (userId: string) =>
      t.store.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .where('kind', '=', 'support_reply')
        .orderBy('created_at')
        .execute();

    await ok(operatorReplies(t, operator, ticket.id, 'We have corrected the name on the ticket.'), 201);
    let notices = await replyNotices(agent.user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      company_id: agent.companyId,
      title: `SkyDesk support replied on ticket #${ticket.number}`,
      body: 'We have corrected the name on the ticket.',
      link: `/dashboard/support-chat?id=${ticket.id}`,
    });
    // Still unread: the next replies tell nothing new.
    await ok(operatorReplies(t, operator, ticket.id, 'And re-issued it.'), 201);
    expect(await replyNotices(agent.user.id)).toHaveLength(1);

    // Read: the next reply is news again.
    await ok(call(t, agent, 'PUT', `/api/notification/${notices[0]!.id}/read`));
    t.clock.advance(1_000);
    await ok(operatorReplies(t, operator, ticket.id, 'x'.repeat(400)), 201);
    notices = await replyNotices(agent.user.id);
    expect(notices).toHaveLength(2);
    expect(notices[1]?.body.length).toBeLessThanOrEqual(200);

    // "Mark all read" counts as reading it.
    t.clock.advance(1_000);
    await t.store.db
      .updateTable('users')
      .set({ notifications_read_before: t.clock.now() })
      .where('id', '=', agent.user.id)
      .execute();
    t.clock.advance(1_000);
    await ok(operatorReplies(t, operator, ticket.id, 'Anything else?'), 201);
    expect(await replyNotices(agent.user.id)).toHaveLength(3);
    // Only the creator is told; a colleague's ticket tells the colleague.
    expect(await replyNotices(member.id)).toHaveLength(0);
    const theirs = await openTicket(t, colleague);
    await ok(operatorReplies(t, operator, theirs.id, 'Hello'), 201);
    expect(await replyNotices(member.id)).toHaveLength(1);
    expect(await replyNotices(agent.user.id)).toHaveLength(3);
    // An agency's own message tells no one.
    await ok(agencyWrites(t, agent, ticket.id, 'Thanks'), 201);
    expect(await replyNotices(agent.user.id)).toHaveLength(3);
  });

  it('refuses an operator reply on a closed ticket until it is reopened', async () => {
    const agent: Agent = await bookingAgent(t);
    const ticket = await openTicket(t, agent);
    await ok(call(t, agent, 'POST', `/api/ticket/${ticket.id}/close`));
    await expectStatus(operatorReplies(t, operator, ticket.id, 'Too late?'), 409);
    await ok(operatorCall(t, operator, 'POST', `/api/admin/tickets/${ticket.id}/reopen`));
    await ok(operatorReplies(t, operator, ticket.id, 'Reopened: how can we help?'), 201);
    expect((await agencyTicket(t, agent, ticket.id)).status).toBe('answered');
  });
});
