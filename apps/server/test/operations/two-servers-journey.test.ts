import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Booking, Credits, PricedItinerary } from '@skydesk/contract';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/db/seed-demo.js';
import { ledgerSum, readBalance } from '../../src/modules/payments/ledger-repo.js';
import { openStore, type Store } from '../../src/platform/db/store.js';
import { bookingBody, searchBody } from '../support/bookings.js';
import { startServer } from '../support/server-process.js';
import { createEmptyPostgresDatabase, storeKinds } from '../support/stores.js';

/**
 * Issue 17, "Two servers, one PostgreSQL": two server processes on one database serve one agency
 * as one server would. The booking journey alternates between them — each step on the other
 * server from the one before — and what one did is what the other reads: credits, holds, tickets,
 * voids, refunds an operator approves, deposits. The shared state lives in the database: a sign-in
 * throttle tripped by failures split across both, an Idempotency-Key answered once whichever server
 * gets it, and the hold-expiry sweep still expiring holds while both run it (one at a time:
 * src/platform/periodic-task.test.ts). Runs in CI, which sets TEST_DATABASE_URL.
 */

type Answer<T> = { status: number; headers: Headers; message: string; data: T };

async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const envelope = (await response.json()) as { message: string; data: T };
  return {
    status: response.status,
    headers: response.headers,
    message: envelope.message,
    data: envelope.data,
  };
}

/** The answer's data, once its status is the one expected (the message otherwise). */
async function ok<T>(answer: Promise<Answer<T>>, status = 200): Promise<T> {
  const { status: got, message, data } = await answer;
  expect(got, message).toBe(status);
  return data;
}

const totp = () => new TOTP({ secret: Secret.fromBase32(DEMO.totpSecret), digits: 6, period: 30 }).generate();

async function signIn(base: string, who: 'agency' | 'operator'): Promise<string> {
  const prefix = who === 'agency' ? '/api' : '/api/admin';
  const email = who === 'agency' ? DEMO.ownerEmail : DEMO.operatorEmail;
  const step = await ok(
    call<{ challenge_token: string }>(base, 'POST', `${prefix}/login`, {
      body: { email, password: DEMO.password },
    }),
  );
  const verify =
    who === 'agency' ? '/api/user/verify-google-authenticator' : '/api/admin/verify-google-authenticator';
  const session = await ok(
    call<{ token: string }>(base, 'POST', verify, { token: step.challenge_token, body: { code: totp() } }),
  );
  return session.token;
}

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const amountOf = (itinerary: PricedItinerary) =>
  Math.round(itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount * 100);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(storeKinds().includes('postgres'))(
  'the booking journey across two servers on one PostgreSQL',
  () => {
    let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
    const servers: ReturnType<typeof startServer>[] = [];
    /** The test's own look at the shared database. */
    let store: Store;
    let a = '';
    let b = '';
    let agency = '';
    let operator = '';
    let companyId = '';

    beforeAll(async () => {
      database = await createEmptyPostgresDatabase();
      const env = {
        DATABASE_URL: database.url,
        DEMO_DATA: 'true',
        DEMO_HISTORY: 'false',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'skydesk-two-journey-')),
        JWT_SECRET: randomBytes(48).toString('base64url'),
        DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        SEARCH_WORKERS: '0',
        // Both servers sweep every second: the expiry below is theirs to find.
        HOLD_SWEEP_SECONDS: '1',
        LOG_LEVEL: 'warn',
      };
      // Both at once on the empty database: one migrates and seeds the demo, the other waits for
      // its locks and finds them done.
      servers.push(startServer(env), startServer(env));
      [a, b] = (await Promise.all(servers.map((server) => server.url))) as [string, string];
      store = await openStore({ kind: 'postgres', url: database.url, maxConnections: 2 });
      const seeded = await sql<{ companies: number; operators: number }>`
        select (select count(*)::int from companies) as companies, (select count(*)::int from operators) as operators`.execute(
        store.db,
      );
      expect(seeded.rows[0]).toEqual({ companies: 1, operators: 1 });
      const company = await store.db
        .selectFrom('companies')
        .select('id')
        .where('email', '=', DEMO.ownerEmail)
        .executeTakeFirstOrThrow();
      companyId = company.id;
      // One sign-in each, on different servers: a session made by one is good on the other.
      agency = await signIn(a, 'agency');
      operator = await signIn(b, 'operator');
    }, 180_000);

    afterAll(async () => {
      for (const server of servers) {
        if (server.child.exitCode === null) server.child.kill('SIGTERM');
        await server.exited;
      }
      await store?.close();
      await database?.drop();
    }, 60_000);

    const credits = (base: string) =>
      ok(call<Credits>(base, 'GET', '/api/booking-credits', { token: agency }));
    const bookingOn = (base: string, id: string) =>
      ok(call<Booking>(base, 'GET', `/api/booking/${id}`, { token: agency }));
    const searchOn = async (base: string, date: string) => {
      const answer = await ok(
        call<{ PricedItineraries: { PricedItinerary: PricedItinerary[] } }>(base, 'POST', '/api/search', {
          token: agency,
          body: searchBody({ date }),
        }),
      );
      const [cheapest] = answer.PricedItineraries.PricedItinerary;
      if (!cheapest) throw new Error(`no offer on ${date}`);
      return cheapest;
    };
    const holdOn = (base: string, offer: PricedItinerary) =>
      ok(call<Booking>(base, 'POST', '/api/booking', { token: agency, body: bookingBody(offer) }), 201);
    const issueOn = (base: string, booking: Booking) =>
      ok(call<Booking>(base, 'POST', '/api/booking-issue', { token: agency, body: { pnr: booking.pnr } }));

    /** The ledger's sum is the balance row, and both servers answer the same credits. */
    async function expectCreditsAgree(): Promise<Credits> {
      const [onA, onB] = [await credits(a), await credits(b)];
      expect(onB).toEqual(onA);
      const { balanceMinor } = await readBalance(store.db, companyId);
      expect(await ledgerSum(store.db, companyId)).toBe(balanceMinor);
      expect(Math.round(onA.balance * 100)).toBe(balanceMinor);
      return onA;
    }

    it('searches on B, holds on A, issues on B, voids on A: each server sees what the other did', async () => {
      const before = await expectCreditsAgree();
      const offer = await searchOn(b, '2026-12-20');
      const held = await holdOn(a, offer);
      expect((await bookingOn(b, held.id)).status).toBe('booked');
      expect(Math.round((await credits(b)).reserved * 100)).toBe(
        Math.round(before.reserved * 100) + amountOf(offer),
      );

      const ticketed = await issueOn(b, held);
      expect(ticketed.status).toBe('ticketed');
      expect(ticketed.tickets).toHaveLength(1);
      const afterIssue = await expectCreditsAgree();
      expect(Math.round(afterIssue.balance * 100)).toBe(Math.round(before.balance * 100) - amountOf(offer));

      // Inside the void window a cancellation voids the ticket and gives everything back.
      const voided = await ok(
        call<Booking>(a, 'POST', '/api/request-cancel-booking', {
          token: agency,
          body: { booking_id: held.id, reason: 'Voided on the other server' },
        }),
      );
      expect(voided.status).toBe('voided');
      expect((await bookingOn(b, held.id)).status).toBe('voided');
      const afterVoid = await expectCreditsAgree();
      expect(afterVoid.balance).toBe(before.balance);
    }, 60_000);

    it('a refund asked on B is approved by the operator on A, and the money is back on both', async () => {
      const offer = await searchOn(a, '2026-12-21');
      const held = await holdOn(b, offer);
      const ticketed = await issueOn(a, held);
      // A day later, as far as the rules go: the void window is over, so this is a refund.
      await sql`update bookings set void_until = now() - interval '1 minute' where id = ${ticketed.id}`.execute(
        store.db,
      );
      const beforeRefund = await expectCreditsAgree();
      const requested = await ok(
        call<Booking>(b, 'POST', '/api/request-ticket-refund', {
          token: agency,
          body: { booking_id: ticketed.id, reason: 'Refund across servers' },
        }),
      );
      expect(requested.status).toBe('refund_requested');

      const queue = await ok(
        call<{ refunds: { id: string; booking: { id: string }; allowed: { Amount: number } }[] }>(
          a,
          'GET',
          `/api/admin/refunds?company_id=${companyId}`,
          { token: operator },
        ),
      );
      const waiting = queue.refunds.find((refund) => refund.booking.id === ticketed.id);
      expect(waiting).toBeDefined();
      await ok(call(a, 'POST', `/api/admin/refunds/${waiting!.id}/approve`, { token: operator, body: {} }));

      expect((await bookingOn(b, ticketed.id)).status).toBe('refunded');
      const afterRefund = await expectCreditsAgree();
      expect(Math.round(afterRefund.balance * 100)).toBe(
        Math.round(beforeRefund.balance * 100) + Math.round(waiting!.allowed.Amount * 100),
      );
    }, 60_000);

    it('a deposit recorded on A and approved by the operator on B is credited on both', async () => {
      const before = await expectCreditsAgree();
      const [banks] = await ok(call<[{ id: string }[]]>(a, 'GET', '/api/bank', { token: agency }));
      const form = new FormData();
      form.set('bank_id', banks[0]!.id);
      form.set('amount', '250.00');
      form.set('deposit_date', new Date().toISOString().slice(0, 10));
      form.set('reference_no', `JOURNEY-${randomBytes(3).toString('hex')}`);
      form.set('note', 'Two servers');
      form.set('receipt', new Blob([TINY_PNG], { type: 'image/png' }), 'receipt.png');
      const deposit = await ok(
        call<{ id: string }>(a, 'POST', '/api/company/create-transaction', { token: agency, form }),
        201,
      );
      expect((await credits(b)).pending_deposits).toBe(before.pending_deposits + 250);
      await ok(call(b, 'POST', `/api/admin/transactions/${deposit.id}/approve`, { token: operator }));
      const after = await expectCreditsAgree();
      expect(after.balance).toBe(before.balance + 250);
      expect(after.pending_deposits).toBe(before.pending_deposits);
    }, 60_000);

    it('answers an Idempotency-Key once whichever server gets it, even both at once', async () => {
      const offer = await searchOn(a, '2026-12-22');
      const bookingsMade = async () =>
        Number(
          (
            await store.db
              .selectFrom('bookings')
              .select((eb) => eb.fn.countAll<number>().as('count'))
              .where('company_id', '=', companyId)
              .executeTakeFirstOrThrow()
          ).count,
        );
      const before = await bookingsMade();
      const key = `journey-${randomBytes(6).toString('hex')}`;
      const body = bookingBody(offer);
      const send = (base: string) =>
        call<Booking>(base, 'POST', '/api/booking', {
          token: agency,
          body,
          headers: { 'Idempotency-Key': key },
        });
      // Both at once: one runs, the other replays its answer or is told to retry while it runs.
      let answers: Answer<Booking>[] = await Promise.all([send(a), send(b)]);
      for (let attempt = 0; attempt < 20 && answers.some((answer) => answer.status === 409); attempt++) {
        await pause(
          Number(answers.find((answer) => answer.status === 409)!.headers.get('retry-after')) * 1000,
        );
        answers = await Promise.all(
          answers.map((answer, i) => (answer.status === 409 ? send(i ? b : a) : answer)),
        );
      }
      expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
      expect(answers[1]!.data.id).toBe(answers[0]!.data.id);
      expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(
        1,
      );
      // And later, on either: the first answer, replayed.
      for (const base of [a, b]) {
        const again = await send(base);
        expect(again.status).toBe(201);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
        expect(again.data).toEqual(answers[0]!.data);
      }
      expect(await bookingsMade()).toBe(before + 1);
    }, 60_000);

    it('trips the sign-in throttle with failures split across both servers', async () => {
      const email = `nobody-${randomBytes(4).toString('hex')}@agency.test`;
      const attempt = (base: string, i: number) =>
        call(base, 'POST', '/api/login', { body: { email, password: `Wrong-Password-${i}-x` } });
      // Five failures of one source against one account (docs/decisions/008) before it waits 1 s,
      // then 2, 4 …: alternate servers, waiting out each wait as a patient attacker would, until the
      // wait is long enough (4 s) that both servers can be asked before it ends.
      let failures = 0;
      let firstWaitAfter = 0;
      const failedOn = { a: 0, b: 0 };
      for (;;) {
        const onA = failures % 2 === 0;
        const answer = await attempt(onA ? a : b, failures);
        if (answer.status === 429) {
          firstWaitAfter ||= failures;
          const wait = Number(answer.headers.get('retry-after'));
          if (wait >= 4) break;
          await pause(wait * 1000);
          continue;
        }
        expect(answer.status, answer.message).toBe(401);
        failures++;
        failedOn[onA ? 'a' : 'b']++;
        expect(failures).toBeLessThan(12);
      }
      expect(firstWaitAfter).toBeGreaterThanOrEqual(5);
      expect(failedOn.a).toBeGreaterThan(1);
      expect(failedOn.b).toBeGreaterThan(1);
      // The wait is the database's: both servers refuse now, whichever counted the last failure.
      for (const base of [a, b]) {
        const refused = await attempt(base, 99);
        expect(refused.status, refused.message).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }, 60_000);

    it('expires a hold past its deadline while both servers run the sweep', async () => {
      const offer = await searchOn(b, '2026-12-23');
      const held = await holdOn(a, offer);
      const reserved = (await credits(a)).reserved;
      await sql`update bookings set ticketing_deadline = now() - interval '1 second' where id = ${held.id}`.execute(
        store.db,
      );
      const until = Date.now() + 15_000;
      let status = '';
      while (Date.now() < until) {
        const row = await store.db
          .selectFrom('bookings')
          .select('status')
          .where('id', '=', held.id)
          .executeTakeFirstOrThrow();
        status = row.status;
        if (status === 'expired') break;
        await pause(200);
      }
      expect(status).toBe('expired');
      expect(Math.round((await credits(b)).reserved * 100)).toBe(
        Math.round(reserved * 100) - amountOf(offer),
      );
      await expectCreditsAgree();
    }, 60_000);
  },
);
