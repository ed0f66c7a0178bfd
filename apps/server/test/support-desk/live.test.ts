import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { LIVE_PATH, SUPPORT_MESSAGES, type SupportMessage } from '@skydesk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import type { TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent } from '../support/bookings.js';
import { LiveTestClient } from '../support/live-client.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../support/operator.js';
import { staffMember, staffSession } from '../support/staff.js';
import { storeKinds } from '../support/stores.js';
import {
  agencyMessages,
  agencyWrites,
  type Caller,
  call,
  openTicket,
  operatorCall,
  operatorReplies,
} from './desk-helpers.js';

/**
 * The chat live (docs/api.md: WebSocket /api/ws), against a listening server: an agent's socket and an
 * operator's see each other's messages as they are stored, whichever way they were sent; typing
 * reaches only the other side, at most once a second per socket and ticket; a refused message
 * comes back as an `error` frame and the socket stays open; and a client that was away asks for
 * what it missed by number and gets exactly that.
 */

/** Long enough for a push that is coming to arrive (they take milliseconds). */
const QUIET_MS = 400;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(storeKinds())('the support chat live on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let origin: string;
  let operator: Operator;
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    base = `ws://127.0.0.1:${port}${LIVE_PATH}`;
    origin = `http://127.0.0.1:${port}`;
    operator = await signedInOperator(t, 'Olli Operator');
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.socket.terminate();
  });
  afterAll(async () => t?.close());

  /** A socket that sent its auth frame and was answered `ready`. */
  async function socketOf(caller: Caller): Promise<LiveTestClient> {
    const client = await LiveTestClient.connect(base, origin);
    clients.push(client);
    return client.signIn(caller.token);
  }
  /**
   * Opens a ticket and waits until the live channel has pushed its opening message. On PostgreSQL
   * that push follows a NOTIFY which may arrive after the call has answered: a socket connected in
   * between would receive it among the frames its test counts.
   */
  async function openTicketHeard(caller: Agent): Promise<Awaited<ReturnType<typeof openTicket>>> {
    const probe = await socketOf(caller);
    const ticket = await openTicket(t, caller);
    await probe.next((frame) => frame.type === 'ticket_message' && frame.ticket_id === ticket.id);
    probe.socket.terminate();
    return ticket;
  }
  const operatorSocket = async (who: Operator = operator) => socketOf(await signInAgainAsOperator(t, who));
  const staffOf = async (agent: Agent, permissions: Parameters<typeof staffMember>[2]) =>
    staffSession(t, await staffMember(t, agent.companyId, permissions));

  it("shows each side the other's messages as they are stored, over the socket or HTTP", async () => {
    const agent = await bookingAgent(t);
    const ticket = await openTicketHeard(agent);
    const colleague = await staffOf(agent, ['support.use']);
    const withoutSupport = await staffOf(agent, ['bookings.view']);
    const stranger = await bookingAgent(t);
    const [agentSocket, colleagueSocket, blindSocket, strangerSocket, opsSocket] = [
      await socketOf(agent),
      await socketOf(colleague),
      await socketOf(withoutSupport),
      await socketOf(stranger),
      await operatorSocket(),
    ];

    // The agent writes over the socket: stored, numbered, then pushed to everyone concerned.
    const clientId = randomUUID();
    agentSocket.send({
      type: 'ticket_message',
      ticket_id: ticket.id,
      body: 'Hello from the portal',
      client_id: clientId,
    });
    const atOperators = (await opsSocket.frame('ticket_message')).message;
    expect(atOperators).toMatchObject({
      ticket_id: ticket.id,
      seq: 2,
      body: 'Hello from the portal',
      client_id: clientId,
      author: { side: 'agency', id: agent.user.id },
    });
    // Stored before it was pushed: the list already holds it.
    expect((await agencyMessages(t, agent, ticket.id, 1)).map((message) => message.id)).toEqual([
      atOperators.id,
    ]);
    expect((await agentSocket.frame('ticket_message')).message).toEqual(atOperators);
    expect((await colleagueSocket.frame('ticket_message')).message).toEqual(atOperators);

    // The operator replies over HTTP; then over the socket.
    const reply: SupportMessage = await ok(
      operatorReplies(t, operator, ticket.id, 'Hello from SkyDesk'),
      201,
    );
    expect((await agentSocket.frame('ticket_message', 2)).message).toEqual(reply);
    opsSocket.send({
      type: 'ticket_message',
      ticket_id: ticket.id,
      body: 'Anything else?',
      client_id: randomUUID(),
    });
    const third = (await agentSocket.frame('ticket_message', 3)).message;
    expect(third).toMatchObject({
      seq: 4,
      author: { side: 'operator', id: operator.id, name: 'Olli Operator' },
    });
    expect((await opsSocket.frame('ticket_message', 3)).message).toEqual(third);
    // And the agency writes over HTTP.
    const fromHttp: SupportMessage = await ok(agencyWrites(t, colleague, ticket.id, 'No, thank you'), 201);
    expect((await opsSocket.frame('ticket_message', 4)).message).toEqual(fromHttp);

    await pause(QUIET_MS);
    expect(agentSocket.messages().map((message) => message.seq)).toEqual([2, 3, 4, 5]);
    expect(opsSocket.messages().map((message) => message.seq)).toEqual([2, 3, 4, 5]);
    expect(blindSocket.messages()).toEqual([]);
    expect(strangerSocket.messages()).toEqual([]);
    // The operator's reply over the socket is audited like one over HTTP.
    const entries = await auditOf(t, await signInAgainAsOperator(t, operator), ticket.id, 'ticket.reply');
    expect(entries).toHaveLength(2);
    expect(entries.map((entry: { after: { message_id: string } }) => entry.after.message_id).sort()).toEqual(
      [reply.id, third.id].sort(),
    );
  });

  it('stores a message retried over the socket once, answering the retry to the sender alone', async () => {
    const agent = await bookingAgent(t);
    const ticket = await openTicketHeard(agent);
    const [agentSocket, opsSocket] = [await socketOf(agent), await operatorSocket()];
    const clientId = randomUUID();
    const frame = { type: 'ticket_message', ticket_id: ticket.id, body: 'Sent twice', client_id: clientId };
    agentSocket.send(frame);
    await agentSocket.frame('ticket_message');
    agentSocket.send(frame);
    const retried = await agentSocket.frame('ticket_message', 2);
    await pause(QUIET_MS);
    expect(retried.message).toEqual(agentSocket.messages()[0]);
    expect(opsSocket.messages()).toHaveLength(1);
    // An HTTP retry of the same id answers the same message too.
    expect(await ok(agencyWrites(t, agent, ticket.id, 'Sent twice', clientId), 201)).toEqual(retried.message);
    expect(await agencyMessages(t, agent, ticket.id)).toHaveLength(2);
  });

  it('answers a refused message with an error frame naming it, and keeps the socket open', async () => {
    const agent = await bookingAgent(t);
    const other = await bookingAgent(t);
    const ticket = await openTicketHeard(agent);
    const theirs = await openTicketHeard(other);
    const withoutSupport = await staffOf(agent, ['bookings.view']);
    const agentSocket = await socketOf(agent);
    const blindSocket = await socketOf(withoutSupport);
    const opsSocket = await operatorSocket();

    const foreign = randomUUID();
    agentSocket.send({
      type: 'ticket_message',
      ticket_id: theirs.id,
      body: 'Is this yours?',
      client_id: foreign,
    });
    expect(await agentSocket.frame('error')).toEqual({
      type: 'error',
      client_id: foreign,
      status: 404,
      message: SUPPORT_MESSAGES.ticketNotFound,
    });
    agentSocket.send({ type: 'ticket_message', ticket_id: randomUUID(), body: 'Nobody?' });
    expect(await agentSocket.frame('error', 2)).toMatchObject({ client_id: null, status: 404 });

    const refused = randomUUID();
    blindSocket.send({ type: 'ticket_message', ticket_id: ticket.id, body: 'Let me in', client_id: refused });
    const forbidden = await blindSocket.frame('error');
    expect(forbidden).toMatchObject({ client_id: refused, status: 403 });
    expect(forbidden.message).toContain('support.use');

    await ok(call(t, agent, 'POST', `/api/ticket/${ticket.id}/close`));
    const late = randomUUID();
    agentSocket.send({
      type: 'ticket_message',
      ticket_id: ticket.id,
      body: 'One more thing',
      client_id: late,
    });
    expect(await agentSocket.frame('error', 3)).toEqual({
      type: 'error',
      client_id: late,
      status: 409,
      message: SUPPORT_MESSAGES.closed,
    });
    opsSocket.send({
      type: 'ticket_message',
      ticket_id: ticket.id,
      body: 'Closed?',
      client_id: randomUUID(),
    });
    expect((await opsSocket.frame('error')).status).toBe(409);

    // Still open, and a good message goes through.
    expect(agentSocket.isOpen && blindSocket.isOpen && opsSocket.isOpen).toBe(true);
    await operatorCall(t, operator, 'POST', `/api/admin/tickets/${ticket.id}/reopen`);
    agentSocket.send({ type: 'ticket_message', ticket_id: ticket.id, body: 'Thanks for reopening' });
    expect((await opsSocket.frame('ticket_message')).message).toMatchObject({
      seq: 2,
      body: 'Thanks for reopening',
    });
    expect(await agencyMessages(t, other, theirs.id)).toHaveLength(1);
  });

  it('shows typing to the other side only, at most once a second per socket and ticket', async () => {
    const agent = await bookingAgent(t);
    const ticket = await openTicketHeard(agent);
    const colleague = await staffOf(agent, ['support.use']);
    const stranger = await bookingAgent(t);
    const strangersTicket = await openTicketHeard(stranger);
    const secondOperator = await signedInOperator(t, 'Sam Second');
    const [agentSocket, colleagueSocket, strangerSocket, opsSocket, secondOpsSocket] = [
      await socketOf(agent),
      await socketOf(colleague),
      await socketOf(stranger),
      await operatorSocket(),
      await operatorSocket(secondOperator),
    ];
    const agentName = (
      await t.store.db
        .selectFrom('users')
        .select('name')
        .where('id', '=', agent.user.id)
        .executeTakeFirstOrThrow()
    ).name;

    agentSocket.send({ type: 'typing', ticket_id: ticket.id });
    agentSocket.send({ type: 'typing', ticket_id: ticket.id });
    agentSocket.send({ type: 'typing', ticket_id: ticket.id });
    expect(await opsSocket.frame('ticket_typing')).toEqual({
      type: 'ticket_typing',
      ticket_id: ticket.id,
      side: 'agency',
      name: agentName,
    });
    await secondOpsSocket.frame('ticket_typing');

    opsSocket.send({ type: 'typing', ticket_id: ticket.id });
    expect(await agentSocket.frame('ticket_typing')).toEqual({
      type: 'ticket_typing',
      ticket_id: ticket.id,
      side: 'operator',
      name: 'Olli Operator',
    });
    await colleagueSocket.frame('ticket_typing');

    // Typing on another agency's ticket goes nowhere.
    agentSocket.send({ type: 'typing', ticket_id: strangersTicket.id });
    await pause(QUIET_MS);
    // Never to the writer's own side: the agent's colleague and the other operator heard one each.
    expect(opsSocket.of('ticket_typing')).toHaveLength(1);
    expect(secondOpsSocket.of('ticket_typing')).toHaveLength(1);
    expect(agentSocket.of('ticket_typing')).toHaveLength(1);
    expect(colleagueSocket.of('ticket_typing')).toHaveLength(1);
    expect(strangerSocket.of('ticket_typing')).toHaveLength(0);

    // A second later the agent's typing passes again.
    await pause(1_050);
    agentSocket.send({ type: 'typing', ticket_id: ticket.id });
    await opsSocket.frame('ticket_typing', 2);
    expect(agentSocket.isOpen).toBe(true);
  });

  it('tells both sides of read marks and of tickets opened, taken, closed, reopened and deleted', async () => {
    const agent = await bookingAgent(t);
    const [agentSocket, opsSocket] = [await socketOf(agent), await operatorSocket()];
    const ticket = await openTicketHeard(agent);
    expect(await opsSocket.frame('ticket_changed')).toEqual({ type: 'ticket_changed', ticket_id: ticket.id });
    await agentSocket.frame('ticket_changed');

    await ok(operatorReplies(t, operator, ticket.id, 'Seen it'), 201);
    await ok(call(t, agent, 'PUT', `/api/ticket/${ticket.id}/read`, {}));
    const read = await opsSocket.frame('ticket_read');
    expect(read).toMatchObject({ ticket_id: ticket.id, side: 'agency', up_to_seq: 2 });
    expect(await agentSocket.frame('ticket_read')).toEqual(read);
    await ok(operatorCall(t, operator, 'POST', `/api/admin/tickets/${ticket.id}/read`, {}));
    expect(await agentSocket.frame('ticket_read', 2)).toMatchObject({ side: 'operator', up_to_seq: 2 });

    await ok(operatorCall(t, operator, 'POST', `/api/admin/tickets/${ticket.id}/assign`));
    await ok(operatorCall(t, operator, 'POST', `/api/admin/tickets/${ticket.id}/close`));
    await ok(operatorCall(t, operator, 'POST', `/api/admin/tickets/${ticket.id}/reopen`));
    await ok(call(t, agent, 'POST', `/api/ticket/${ticket.id}/close`));
    const deletable = await openTicketHeard(agent);
    await ok(call(t, agent, 'DELETE', `/api/ticket?ticket_id=${deletable.id}`));
    // open, assign, close, reopen, close; open and delete of the second.
    await agentSocket.frame('ticket_changed', 7);
    await opsSocket.frame('ticket_changed', 7);
    expect(agentSocket.of('ticket_changed').map((frame) => frame.ticket_id)).toEqual([
      ...Array(5).fill(ticket.id),
      deletable.id,
      deletable.id,
    ]);
  });

  it('gives a client that reconnects exactly the messages it missed, none twice', async () => {
    const agent = await bookingAgent(t);
    const ticket = await openTicketHeard(agent);
    const opsSocket = await operatorSocket();
    const first = await socketOf(agent);

    first.send({
      type: 'ticket_message',
      ticket_id: ticket.id,
      body: 'Are you there?',
      client_id: randomUUID(),
    });
    await opsSocket.frame('ticket_message');
    await ok(operatorReplies(t, operator, ticket.id, 'Yes, looking now'), 201);
    await first.frame('ticket_message', 2);
    const seen = first.messages(ticket.id);
    const lastSeen = seen.at(-1)!.seq;
    expect(lastSeen).toBe(3);

    // The connection drops mid-conversation; the operator writes twice meanwhile.
    first.socket.terminate();
    await first.closed;
    const missed: SupportMessage[] = [
      await ok(operatorReplies(t, operator, ticket.id, 'Found the booking'), 201),
      await ok(operatorReplies(t, operator, ticket.id, 'The name is corrected'), 201),
    ];
    // Their pushes are delivered after the commit (on PostgreSQL through LISTEN, moments later):
    // both have gone out, to the operators' sockets as to the agency's, before the agent is back.
    // A socket opened earlier would also be pushed what it fetches, which the client sets aside
    // by its seq (the web app's chat test holds that).
    await opsSocket.frame('ticket_message', 4);

    // A new socket, then what followed the last message held.
    const second = await socketOf(agent);
    const caughtUp = await agencyMessages(t, agent, ticket.id, lastSeen);
    expect(caughtUp).toEqual(missed);
    // The conversation goes on live on the new socket.
    const after: SupportMessage = await ok(operatorReplies(t, operator, ticket.id, 'Anything else?'), 201);
    expect((await second.frame('ticket_message')).message).toEqual(after);
    await pause(QUIET_MS);

    const held = [...seen, ...caughtUp, ...second.messages(ticket.id)];
    expect(held.map((message) => message.seq)).toEqual([2, 3, 4, 5, 6]);
    expect(new Set(held.map((message) => message.id)).size).toBe(held.length);
    // Nothing the new socket was pushed repeats what it fetched.
    expect(second.messages(ticket.id).map((message) => message.seq)).toEqual([6]);
    // The full history (after a reload) is the same conversation.
    expect((await agencyMessages(t, agent, ticket.id)).slice(1)).toEqual(held);
  });
});
