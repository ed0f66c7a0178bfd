import { randomUUID } from 'node:crypto';
import type { Booking } from '@skydesk/contract';
import type { LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../operations/http-driver.js';
import { brokenRules } from '../operations/store-invariants.js';
import { asOperator } from '../support/admin.js';
import { createTestApp, testConfig } from '../support/app.js';
import { post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  bookOk,
  flightOf,
  issueOk,
  searchOffer,
  searchOffers,
} from '../support/bookings.js';
import { type Operator, signedInOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

/**
 * Every write that moves a booking's seats or money, all at once on one agency and one flight:
 * new holds, issues, cancels of holds, voids, refund requests and an operator's approvals, half of
 * them under an Idempotency-Key (one transaction for the whole request). Whatever order the calls
 * meet in, none fails for the store's own reasons (a deadlock is a 5xx the agent did nothing to
 * earn), and the money and seat rules hold after each round. On PostgreSQL the calls really
 * interleave; PGlite runs one transaction at a time. Every transaction they run is also held to
 * the lock order whatever its timing, as in every test (test/support/lock-order.ts): this mix
 * makes all the paths that move seats and money meet. Seeded: LOCK_ORDER_SEED replays a run's mix.
 */

/** Each round on the flight's departure of another day: a round sells a fair part of its cabin. */
const dateOf = (round: number) => new Date(Date.UTC(2027, 0, 10 + round)).toISOString().slice(0, 10);
const ROUNDS = Number(process.env.LOCK_ORDER_ROUNDS ?? 4);
const SEED = Number(process.env.LOCK_ORDER_SEED ?? Math.floor(Math.random() * 2 ** 31));

describe.each(storeKinds())('writes on one flight at once on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let operator: Operator;
  beforeAll(async () => {
    // Limits that never refuse: the calls are here to meet, not to be turned away.
    t = await createTestApp(kind, {
      config: testConfig({ maxHeldSeatsPerFlight: 999, holdValueRatio: 100 }),
    });
    agent = await bookingAgent(t, { creditsMinor: 500_000_000 });
    operator = await signedInOperator(t);
  });
  afterAll(async () => t?.close());

  it(`answers every call without a 5xx and keeps every rule (seed ${SEED})`, async () => {
    const random = seededRandom(SEED + (kind === 'pglite' ? 0 : 1));
    const flight = flightOf(await searchOffer(t, agent, { date: dateOf(1) })).flight;
    const keyed = () => (random() < 0.5 ? { 'idempotency-key': randomUUID() } : undefined);
    const call = (url: string, body: unknown) => {
      const headers = keyed();
      return post(t, url, body, { token: agent.token, ...(headers ? { headers } : {}) });
    };

    for (let round = 1; round <= ROUNDS; round++) {
      const offerOn = () => offerOf(flight, dateOf(round));
      const holds: Booking[] = [];
      for (let i = 0; i < 16; i++) holds.push(await bookOk(t, agent, bookingBody(await offerOn())));
      const ticketed: Booking[] = [];
      for (const hold of holds.splice(0, 8)) ticketed.push(await issueOk(t, agent, hold.pnr));
      const pending = await pendingRefunds();
      // Its fare moves as the flight fills: the new holds may meet 'Price changed' (a 409).
      const offer = await offerOn();

      const calls: (() => Promise<Response>)[] = [
        ...Array.from({ length: 4 }, () => () => call('/api/booking', bookingBody(offer))),
        ...holds.map((hold) =>
          random() < 0.5
            ? () => call('/api/booking-issue', { pnr: hold.pnr })
            : () => call('/api/request-cancel-booking', { booking_id: hold.id, reason: 'Lock order' }),
        ),
        ...ticketed.map((booking) =>
          random() < 0.5
            ? () => call('/api/request-cancel-booking', { booking_id: booking.id, reason: 'Lock order' })
            : () => call('/api/request-ticket-refund', { booking_id: booking.id, reason: 'Lock order' }),
        ),
        ...pending.map((id) => () => asOperator(t, operator, 'POST', `/api/admin/refunds/${id}/approve`, {})),
      ];
      // Shuffled, then all started in the same tick.
      for (let i = calls.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [calls[i], calls[j]] = [calls[j]!, calls[i]!];
      }
      const answers = await Promise.all(calls.map((start) => start()));
      const failed = answers.filter((res) => res.statusCode >= 500);
      expect(
        failed.map((res) => `${res.statusCode} ${res.body}`),
        `seed ${SEED}, round ${round}`,
      ).toEqual([]);
      expect(await brokenRules(t.store.db), `seed ${SEED}, round ${round}`).toEqual([]);
    }
  });

  /** Today's offer on the flight (its fare follows how full it is). */
  async function offerOf(flight: string, date: string) {
    const offer = (await searchOffers(t, agent, { date })).find(
      (candidate) => flightOf(candidate).flight === flight,
    );
    if (!offer) throw new Error(`${flight} is not offered on ${date}`);
    return offer;
  }

  /** The agency's refund requests awaiting the operator. */
  async function pendingRefunds(): Promise<string[]> {
    const rows = await t.store.db
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', agent.companyId)
      .where('kind', '=', 'refund')
      .where('status', '=', 'pending')
      .execute();
    return rows.map((row) => row.id);
  }
});
