import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollupDrift } from '../../src/modules/company/analytics/recount-repo.js';
import { asOperator } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import { post, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent, bookingBody, bookOk, searchOffers } from '../support/bookings.js';
import { pendingDeposit } from '../support/deposit-desk.js';
import { type Operator, signedInOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';
import { setTimeZone } from './analytics-calls.js';
import { addBooking, addSearches } from './history.js';

/**
 * Issue 15: the rollups stay equal to the recount when an agency's calls run at once — tickets
 * issued, holds cancelled, searches, a deposit approved, and its time zone changed twice meanwhile
 * (the recount of a zone change holds the agency's writers back, and they count in the new zone).
 * Nothing deadlocks and nothing answers 5xx. On PGlite the calls queue; on PostgreSQL they overlap.
 */

describe.each(storeKinds())('analytics rollups under concurrent calls on %s', (kind) => {
  let t: TestApp;
  let owner: Agent;
  let operator: Operator;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await bookingAgent(t, { creditsMinor: 50_000_000 });
    operator = await signedInOperator(t, 'Conny Current');
  });
  afterAll(async () => t?.close());

  it('keeps them equal to the recount whatever runs at once', async () => {
    const date = new Date(t.clock.now().getTime() + 15 * 86_400_000).toISOString().slice(0, 10);
    for (const zones of [
      ['Pacific/Kiritimati', 'Pacific/Pago_Pago'],
      ['Asia/Kathmandu', ''],
    ]) {
      const offers = await searchOffers(t, owner, { date, maxStops: 1 });
      const holds = [];
      for (const offer of offers.slice(0, 4)) holds.push(await bookOk(t, owner, bookingBody(offer)));
      const deposit = await pendingDeposit(t, owner.companyId, { amountMinor: 20_000 });
      const calls = [
        ...holds
          .slice(0, 2)
          .map((hold) => post(t, '/api/booking-issue', { pnr: hold.pnr }, { token: owner.token })),
        ...holds
          .slice(2)
          .map((hold) =>
            post(
              t,
              '/api/request-cancel-booking',
              { booking_id: hold.id, reason: 'At once' },
              { token: owner.token },
            ),
          ),
        ...zones.map((zone) => setTimeZone(t, owner, zone)),
        ...[0, 1, 2].map(() =>
          post(t, '/api/search', { ...searchBody(date), cabin: 'Business' }, { token: owner.token }),
        ),
        asOperator(t, operator, 'POST', `/api/admin/transactions/${deposit.id}/approve`),
      ];
      const answers = await Promise.all(calls);
      for (const res of answers) expect(res.statusCode, res.body).toBeLessThan(300);
      await t.app.inject({
        method: 'GET',
        url: '/api/searchhistory',
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(await rollupDrift(t.store.db, owner.companyId)).toEqual([]);
    }
  });

  // A writer that reads the agency's zone while a zone change is being recounted must wait for it
  // and count in the new zone, or its day is the old zone's for good. Only PostgreSQL runs the two
  // at once.
  it.runIf(kind === 'postgres')(
    'holds writers back while a zone change recounts, and counts them in the new zone',
    async () => {
      const agency = await bookingAgent(t);
      await t.store.db.connection().execute(async (changing) => {
        await sql`begin`.execute(changing);
        // What the profile's update does: the agency's analytics lock, the company row, the recount.
        await sql`select pg_advisory_xact_lock(1512, hashtext(${agency.companyId}::text))`.execute(changing);
        await sql`update companies set time_zone = 'Pacific/Kiritimati' where id = ${agency.companyId}`.execute(
          changing,
        );
        await sql`select analytics_recount(${agency.companyId}::uuid)`.execute(changing);
        // 11:30 UTC on 22 Nov: 15:30 in Dubai (the agency's country), 01:30 on the 23rd at UTC+14.
        const searching = addSearches(t.store.db, {
          companyId: agency.companyId,
          userId: agency.user.id,
          at: '2026-11-22T11:30:00Z',
          count: 1,
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`commit`.execute(changing);
        await searching;
      });
      expect(await rollupDrift(t.store.db, agency.companyId)).toEqual([]);
      const days = await t.store.db
        .selectFrom('company_daily_searches')
        .select(['day', 'searches'])
        .where('company_id', '=', agency.companyId)
        .execute();
      expect(days).toEqual([{ day: '2026-11-23', searches: 1 }]);
    },
  );

  // A booking's history line takes the agency's analytics lock (shared) — a refund request's without
  // writing any rollup — then the agency is told (a notification, whose foreign key locks the company
  // row for key share). A zone change meanwhile must not hold the company row while it waits for the
  // analytics lock, or each waits for the other.
  it.runIf(kind === 'postgres')(
    'never deadlocks a zone change with a booking transaction that then tells the agency',
    async () => {
      const agency = await bookingAgent(t);
      const bookingId = await addBooking(t.store.db, {
        companyId: agency.companyId,
        createdBy: agency.user.id,
        route: 'LHR-JFK',
        carrier: 'BA',
        passengers: 1,
        bookedAt: '2026-11-22T10:00:00Z',
        status: 'booked',
      });
      await t.store.db.connection().execute(async (expiring) => {
        await sql`begin`.execute(expiring);
        await sql`insert into booking_events (booking_id, action, from_status, to_status)
        values (${bookingId}, 'refund_requested', 'ticketed', 'refund_requested')`.execute(expiring);
        const changing = setTimeZone(t, agency, 'Asia/Tokyo');
        // Until the zone change waits for the analytics lock (the expiry holds it).
        await untilSomebodyWaitsForAdvisoryLock(t);
        await sql`insert into notifications (company_id, kind, title, body)
        values (${agency.companyId}, 'hold_expired', 'Hold expired', 'Booking expired')`.execute(expiring);
        await sql`commit`.execute(expiring);
        const res = await changing;
        expect(res.statusCode, res.body).toBe(200);
      });
      expect(await rollupDrift(t.store.db, agency.companyId)).toEqual([]);
    },
  );
});

/** Polls until some session waits for an advisory lock (a zone change's recount, here). */
async function untilSomebodyWaitsForAdvisoryLock(t: TestApp) {
  for (let attempt = 0; attempt < 150; attempt++) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted`.execute(
      t.store.db,
    );
    if (rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('nobody waited for the analytics lock');
}

const searchBody = (date: string) => ({
  trip_type: 'OneWay',
  origin_destinations: [
    { departure_date_time: date, origin_location_code: 'LHR', destination_location_code: 'JFK' },
  ],
  adult_quantity: 1,
  child_quantity: 0,
  infant_quantity: 0,
  max_stops: 0,
});
