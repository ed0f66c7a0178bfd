import { SERVER } from '@skydesk/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CONNECTION_RETRY_AFTER_SECONDS } from '../../src/platform/db/store-health.js';
import { brokenRules } from '../operations/store-invariants.js';
import { createTestApp } from '../support/app.js';
import { get, type TestApp } from '../support/auth-flow.js';
import { type Agent, book, bookingAgent, bookingBody, searchOffers } from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 17: a PostgreSQL server that ends the portal's connections under it (a restart, a
 * failover, an administrator's pg_terminate_backend). Every call that meets a lost connection
 * answers 503 with a message saying to retry and a short Retry-After — never a 500 — and a retry
 * with the same Idempotency-Key gives one booking, not two; the store is sound afterwards.
 * PostgreSQL only: the embedded store has no connection to lose.
 */
describe.runIf(storeKinds().includes('postgres'))('connections lost under traffic, on postgres', () => {
  let t: TestApp;
  let agent: Agent;
  let database: string;
  beforeAll(async () => {
    t = await createTestApp('postgres', {}, { maxConnections: 4 });
    agent = await bookingAgent(t, { creditsMinor: 100_000_000 });
    database = (await sql<{ name: string }>`select current_database() as name`.execute(t.store.db)).rows[0]!
      .name;
  });
  afterAll(async () => t?.close());

  /** Ends every connection the app holds to its database, again and again, until `stop` is set. */
  async function endConnectionsUntil(stop: { done: boolean }) {
    const admin = new pg.Client({ connectionString: inject('postgresTemplate')!.url });
    await admin.connect();
    try {
      while (!stop.done) {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        );
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
    } finally {
      await admin.end();
    }
  }

  it('answers 503 to retry, never 500, and a retried booking is made once', async () => {
    const offers = await searchOffers(t, agent);
    const stop = { done: false };
    const killer = endConnectionsUntil(stop);
    const lost: { key: string; body: unknown }[] = [];
    const statuses = new Map<number, number>();
    try {
      for (let round = 0; round < 40 && lost.length < 5; round++) {
        const calls = Array.from({ length: 6 }, async (_, index) => {
          if (index % 2 === 1) return get(t, '/api/booking-credits', { token: agent.token });
          const key = `lost-${round}-${index}`;
          const body = bookingBody(offers[(round + index) % offers.length]!);
          const res = await book(t, agent, body, { 'idempotency-key': key });
          if (res.statusCode === 503) lost.push({ key, body });
          return res;
        });
        for (const res of await Promise.all(calls)) {
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, res.body).not.toBe(500);
          if (res.statusCode === 503) {
            expect(res.json()).toEqual({ status: false, message: SERVER.storeConnectionLost });
            expect(res.headers['retry-after']).toBe(String(CONNECTION_RETRY_AFTER_SECONDS));
          } else {
            expect([200, 201], res.body).toContain(res.statusCode);
          }
        }
      }
    } finally {
      stop.done = true;
      await killer;
    }
    // The ending connections did reach requests: otherwise this test would prove nothing.
    expect(lost.length, `statuses seen: ${JSON.stringify([...statuses])}`).toBeGreaterThan(0);

    // Retried with their keys, now that the server keeps its connections: each booking made once.
    for (const { key, body } of lost) {
      const again = await book(t, agent, body, { 'idempotency-key': key });
      expect(again.statusCode, again.body).toBe(201);
      const replay = await book(t, agent, body, { 'idempotency-key': key });
      expect(replay.json().data.id).toBe(again.json().data.id);
    }
    expect(await brokenRules(t.store.db)).toEqual([]);
  }, 120_000);
});
