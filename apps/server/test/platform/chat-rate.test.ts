import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { LIVE_PATH, SUPPORT_MESSAGE_RATE, SUPPORT_MESSAGES } from '@skydesk/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import { randomIp, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent } from '../support/bookings.js';
import { LiveTestClient } from '../support/live-client.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../support/operator.js';

/**
 * Issue 27: chat messages have a rate, per person, whichever way they are sent. A burst of any
 * size, sent over the live socket, by HTTP or both mixed, stores at most SUPPORT_MESSAGE_RATE's
 * messages in its window; every message past them is refused 429 with the message the chat shows
 * (an `error` frame naming the message's client id over the socket), and the next window takes
 * messages again. Operators are held to the same rate.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the chat rate', () => {
  let t: TestApp;
  let base: string;
  let origin: string;
  let operator: Operator;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    base = `ws://127.0.0.1:${port}${LIVE_PATH}`;
    origin = `http://127.0.0.1:${port}`;
    operator = await signedInOperator(t);
  });
  afterAll(async () => t?.close());

  const post = (token: string, url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      payload,
      remoteAddress: randomIp(),
    });
  const openTicket = async (agent: Agent) => {
    const res = await post(agent.token, '/api/ticket', {
      subject: 'A burst of messages',
      category: 'other',
      priority: 'normal',
      message: 'Hello',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };
  const storedCount = async (ticketId: string) => {
    const row = await t.store.db
      .selectFrom('support_messages')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('ticket_id', '=', ticketId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  /** The next window of the rate, so a run starts with the whole allowance. */
  const nextWindow = () => {
    const windowMs = SUPPORT_MESSAGE_RATE.perSeconds * 1000;
    const now = t.clock.now().getTime();
    t.clock.advance(windowMs - (now % windowMs) + 1);
  };

  it('stores at most the rate of any burst, by socket or HTTP, and refuses the rest with its message', async () => {
    const agent = await bookingAgent(t);
    const ticketId = await openTicket(agent);
    const socket = await (await LiveTestClient.connect(base, origin)).signIn(agent.token);
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: SUPPORT_MESSAGE_RATE.messages + 15 }).chain((length) =>
            fc.array(fc.constantFrom<'socket' | 'http'>('socket', 'http'), {
              minLength: length,
              maxLength: length,
            }),
          ),
          async (ways) => {
            nextWindow();
            const before = await storedCount(ticketId);
            const errorsBefore = socket.of('error').length;
            let refusedOverHttp = 0;
            const sentOverSocket: string[] = [];
            for (const [index, way] of ways.entries()) {
              const clientId = randomUUID();
              const body = `Message ${index}`;
              if (way === 'socket') {
                sentOverSocket.push(clientId);
                socket.send({ type: 'ticket_message', ticket_id: ticketId, body, client_id: clientId });
                continue;
              }
              const res = await post(agent.token, `/api/ticket/${ticketId}/messages`, {
                body,
                client_id: clientId,
              });
              if (res.statusCode === 429) {
                refusedOverHttp++;
                expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
                expect(res.json()).toEqual({
                  status: false,
                  message: SUPPORT_MESSAGES.tooFast(Number(res.headers['retry-after'])),
                });
              } else expect(res.statusCode, res.body).toBe(201);
            }
            const expectedStored = Math.min(ways.length, SUPPORT_MESSAGE_RATE.messages);
            // The socket's frames are handled in turn: wait until every one is stored or refused.
            const deadline = Date.now() + 10_000;
            while (
              (await storedCount(ticketId)) -
                before +
                (socket.of('error').length - errorsBefore) +
                refusedOverHttp <
                ways.length &&
              Date.now() < deadline
            ) {
              await pause(20);
            }
            expect((await storedCount(ticketId)) - before).toBe(expectedStored);
            const refusals = socket.of('error').slice(errorsBefore);
            expect(refusals.length + refusedOverHttp).toBe(ways.length - expectedStored);
            for (const refusal of refusals) {
              expect(refusal.status).toBe(429);
              expect(refusal.message).toMatch(/^You are sending messages faster than we can take them/);
              expect(sentOverSocket).toContain(refusal.client_id);
            }
            expect(socket.isOpen).toBe(true);
          },
        ),
        {
          numRuns: 6,
          // The edges, whatever the draw: one past the rate on each way, and the rate exactly.
          examples: [
            [Array<'socket'>(SUPPORT_MESSAGE_RATE.messages + 1).fill('socket')],
            [Array<'http'>(SUPPORT_MESSAGE_RATE.messages + 1).fill('http')],
            [Array<'http'>(SUPPORT_MESSAGE_RATE.messages).fill('http')],
          ],
        },
      );
    } finally {
      socket.socket.terminate();
    }
  }, 120_000);

  it('holds operators to the same rate', async () => {
    const agent = await bookingAgent(t);
    const ticketId = await openTicket(agent);
    nextWindow();
    const fresh = await signInAgainAsOperator(t, operator);
    const answers: number[] = [];
    for (let i = 0; i <= SUPPORT_MESSAGE_RATE.messages; i++) {
      const res = await post(fresh.token, `/api/admin/tickets/${ticketId}/messages`, { body: `Reply ${i}` });
      answers.push(res.statusCode);
    }
    expect(answers.filter((status) => status === 201)).toHaveLength(SUPPORT_MESSAGE_RATE.messages);
    expect(answers.at(-1)).toBe(429);
    // Another person is not held back by this one.
    const own = await post(agent.token, `/api/ticket/${ticketId}/messages`, { body: 'Thanks' });
    expect(own.statusCode, own.body).toBe(201);
  });
});
