import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepDueRefunds } from '../../src/modules/bookings/after-sales/settlement.js';
import { sweepExpiredHolds } from '../../src/modules/bookings/booking/hold-expiry.js';
import { rollupDrift } from '../../src/modules/company/analytics/recount-repo.js';
import { sandboxBookings } from '../../src/supplier/sandbox/index.js';
import { asOperator } from '../support/admin.js';
import { createTestApp, testConfig } from '../support/app.js';
import { post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  FAMILY,
  type Mix,
  ONE_ADULT,
  signInAgain,
} from '../support/bookings.js';
import { pendingDeposit } from '../support/deposit-desk.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../support/operator.js';
import { staffMember, staffSession } from '../support/staff.js';
import { storeKinds } from '../support/stores.js';
import { callAs, setTimeZone } from './analytics-calls.js';

/**
 * Issue 15: the rollups the triggers keep in step with every booking event, ledger entry and search
 * equal what `analytics_recount()` makes of the source rows — after every step of random runs of
 * the real operations through the app: searches, holds by the owner and by a colleague, issues,
 * cancellations and voids, refunds approved at once or by an operator (or rejected), holds left to
 * expire, deposits approved, and the agency's time zone changed (its rollups recounted in that
 * transaction, every later event counted in the new zone's days) — with time moving on between
 * them across days and zones' midnights.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MIXES: Mix[] = [ONE_ADULT, FAMILY];
/** Far apart: UTC+14, UTC−11, half and three-quarter hours, a DST zone, and back to the country's. */
const ZONES = [
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'America/St_Johns',
  '',
];
const ROUTES = [
  { origin: 'LHR', destination: 'JFK', cabin: 'Business', dayOffset: 5 },
  { origin: 'DXB', destination: 'LHR', cabin: 'Economy', dayOffset: 6 },
  { origin: 'JFK', destination: 'LHR', cabin: 'Economy', dayOffset: 9 },
] as const;

type Op =
  | { kind: 'search'; route: number }
  | { kind: 'book'; route: number; mix: number; byColleague: boolean; thenIssue: boolean }
  | { kind: 'issue'; back: number }
  | { kind: 'cancel'; back: number }
  /** Approved in the request (the test setting) in one app; by an operator, or rejected, in the other. */
  | { kind: 'refund'; back: number; waitHours: number; decision: 'approve' | 'reject' }
  | { kind: 'advance'; hours: number }
  | { kind: 'expire' }
  | { kind: 'deposit'; amountMinor: number }
  | { kind: 'zone'; zone: number };

const back = fc.nat({ max: 3 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('search' as const), route: fc.nat({ max: 2 }) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      route: fc.nat({ max: 2 }),
      mix: fc.nat({ max: 1 }),
      byColleague: fc.boolean(),
      thenIssue: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('issue' as const), back }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), back }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      back,
      waitHours: fc.constantFrom(0, 25),
      decision: fc.constantFrom<'approve' | 'reject'>('approve', 'reject'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), hours: fc.constantFrom(1, 5, 11, 25) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'expire' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      amountMinor: fc.constantFrom(50_000, 250_000),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('zone' as const), zone: fc.nat({ max: ZONES.length - 1 }) }),
  },
);
const runArb = fc.record({
  byOperators: fc.boolean(),
  ops: fc.array(opArb, { minLength: 4, maxLength: 12 }),
});
type Run = { byOperators: boolean; ops: Op[] };

/** Every path once, before the random runs. */
const EVERY_PATH: Op[] = [
  { kind: 'search', route: 0 },
  { kind: 'book', route: 0, mix: 1, byColleague: false, thenIssue: true },
  { kind: 'zone', zone: 0 },
  { kind: 'book', route: 1, mix: 0, byColleague: true, thenIssue: false },
  { kind: 'cancel', back: 0 },
  { kind: 'book', route: 2, mix: 0, byColleague: true, thenIssue: true },
  { kind: 'cancel', back: 0 },
  { kind: 'zone', zone: 1 },
  { kind: 'refund', back: 2, waitHours: 25, decision: 'approve' },
  { kind: 'book', route: 0, mix: 0, byColleague: false, thenIssue: true },
  { kind: 'refund', back: 0, waitHours: 25, decision: 'approve' },
  { kind: 'book', route: 1, mix: 0, byColleague: false, thenIssue: true },
  { kind: 'refund', back: 0, waitHours: 0, decision: 'reject' },
  { kind: 'book', route: 2, mix: 1, byColleague: false, thenIssue: false },
  { kind: 'advance', hours: 25 },
  { kind: 'expire' },
  { kind: 'deposit', amountMinor: 50_000 },
  { kind: 'zone', zone: 5 },
  { kind: 'search', route: 1 },
];

const dateIn = (from: Date, days: number) =>
  new Date(from.getTime() + days * DAY_MS).toISOString().slice(0, 10);

describe.each(storeKinds())('analytics rollups under random operations on %s', (kind) => {
  /** Refunds approved in the request (the test setting) in one app, by an operator in the other. */
  let immediate: TestApp;
  let decided: TestApp;
  const operators = new Map<TestApp, Operator>();
  const coverage = new Map<string, number>();
  const tally = (outcome: string) => coverage.set(outcome, (coverage.get(outcome) ?? 0) + 1);

  beforeAll(async () => {
    immediate = await createTestApp(kind, { config: testConfig({ refundApprovalDelaySeconds: 0 }) });
    decided = await createTestApp(kind);
    for (const t of [immediate, decided]) operators.set(t, await signedInOperator(t, 'Ana Lytics'));
  });
  afterAll(async () => {
    await immediate?.close();
    await decided?.close();
  });

  async function runSequence({ byOperators, ops }: Run) {
    const t = byOperators ? decided : immediate;
    let owner: Agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
    const mate = await staffMember(t, owner.companyId, [
      'flights.search',
      'bookings.view',
      'bookings.create',
      'bookings.issue',
    ]);
    const start = t.clock.now();
    const bookings: string[] = [];
    const log: string[] = [];
    const token = async (byColleague: boolean) =>
      byColleague ? (await staffSession(t, mate)).token : owner.token;

    /** `what` names the call for the coverage tally; `detail` adds what the log needs. */
    const expectAnswer = (what: string, res: { statusCode: number; body: string }, detail = '') => {
      const body = JSON.parse(res.body) as { message?: string; data?: { status?: string } };
      log.push(`${what} ${detail} → ${res.statusCode} ${body.message ?? ''}`);
      tally(
        `${what} → ${res.statusCode}${res.statusCode < 300 && body.data?.status ? ` ${body.data.status}` : ''}`,
      );
      expect(res.statusCode, log.join('\n')).toBeLessThan(500);
    };
    const searchBody = (route: (typeof ROUTES)[number], mix: Mix) => ({
      trip_type: 'OneWay',
      origin_destinations: [
        {
          departure_date_time: dateIn(start, route.dayOffset),
          origin_location_code: route.origin,
          destination_location_code: route.destination,
        },
      ],
      adult_quantity: mix.adults,
      child_quantity: mix.children,
      infant_quantity: mix.infants,
      cabin: route.cabin,
      max_stops: 1,
    });
    const pnrOf = async (id: string) =>
      (await t.store.db.selectFrom('bookings').select('pnr').where('id', '=', id).executeTakeFirstOrThrow())
        .pnr;
    const pick = (n: number) =>
      bookings.length > 0 ? bookings[bookings.length - 1 - (n % bookings.length)] : undefined;

    for (const op of ops) {
      switch (op.kind) {
        case 'search': {
          const res = await post(t, '/api/search', searchBody(ROUTES[op.route]!, ONE_ADULT), {
            token: owner.token,
          });
          expectAnswer('search', res);
          break;
        }
        case 'book': {
          const mix = MIXES[op.mix]!;
          const as = await token(op.byColleague);
          const found = await post(t, '/api/search', searchBody(ROUTES[op.route]!, mix), { token: as });
          expectAnswer('search', found);
          const offer = found.json().data?.PricedItineraries?.PricedItinerary?.[0];
          if (!offer) break;
          const res = await post(t, '/api/booking', bookingBody(offer, mix), { token: as });
          expectAnswer(`book${op.byColleague ? ' (colleague)' : ''}`, res);
          if (res.statusCode !== 201) break;
          bookings.push(res.json().data.id);
          if (op.thenIssue) {
            expectAnswer(
              'issue',
              await post(t, '/api/booking-issue', { pnr: res.json().data.pnr }, { token: as }),
            );
          }
          break;
        }
        case 'issue': {
          const id = pick(op.back);
          if (id)
            expectAnswer(
              'issue',
              await post(t, '/api/booking-issue', { pnr: await pnrOf(id) }, { token: owner.token }),
            );
          break;
        }
        case 'cancel': {
          const id = pick(op.back);
          if (!id) break;
          const res = await post(
            t,
            '/api/request-cancel-booking',
            { booking_id: id, reason: 'Analytics run' },
            { token: owner.token },
          );
          expectAnswer('cancel', res);
          break;
        }
        case 'refund': {
          const id = pick(op.back);
          if (!id) break;
          if (op.waitHours > 0) {
            t.clock.advance(op.waitHours * HOUR_MS);
            owner = await signInAgain(t, owner);
          }
          const res = await post(
            t,
            '/api/request-ticket-refund',
            { booking_id: id, reason: 'Analytics run' },
            { token: owner.token },
          );
          expectAnswer('refund', res);
          if (res.statusCode !== 200 || t === immediate) break;
          const order = await t.store.db
            .selectFrom('orders')
            .select('id')
            .where('booking_id', '=', id)
            .where('kind', '=', 'refund')
            .where('status', '=', 'pending')
            .executeTakeFirst();
          if (!order) break;
          const operator = await signInAgainAsOperator(t, operators.get(t)!);
          operators.set(t, operator);
          const decision = await asOperator(
            t,
            operator,
            'POST',
            `/api/admin/refunds/${order.id}/${op.decision}`,
            op.decision === 'reject' ? { reason: 'Analytics run: not refundable' } : {},
          );
          expectAnswer(`decide-refund ${op.decision}`, decision);
          break;
        }
        case 'advance':
          t.clock.advance(op.hours * HOUR_MS);
          owner = await signInAgain(t, owner);
          log.push(`advance ${op.hours} h`);
          break;
        case 'expire': {
          const expired = await sweepExpiredHolds(t.store.db, sandboxBookings, t.clock.now());
          if (expired > 0) tally('expire → expired');
          if (t === immediate) await sweepDueRefunds(t.store.db, sandboxBookings, t.clock.now(), 0);
          log.push(`expired ${expired}`);
          break;
        }
        case 'deposit': {
          const deposit = await pendingDeposit(t, owner.companyId, {
            amountMinor: op.amountMinor,
            userId: owner.user.id,
          });
          const operator = await signInAgainAsOperator(t, operators.get(t)!);
          operators.set(t, operator);
          expectAnswer(
            'deposit',
            await asOperator(t, operator, 'POST', `/api/admin/transactions/${deposit.id}/approve`),
          );
          break;
        }
        case 'zone': {
          const res = await setTimeZone(t, owner, ZONES[op.zone]!);
          expectAnswer('zone', res, ZONES[op.zone] || 'default');
          break;
        }
      }
      const drift = await rollupDrift(t.store.db, owner.companyId);
      expect(drift, `after:\n${log.join('\n')}`).toEqual([]);
    }
    // Whatever the run did, the figures answer (and never a 5xx).
    const kpi = await callAs(t, owner, 'GET', '/api/company/company-kpi');
    expect(kpi.statusCode, kpi.body).toBe(200);
    t.clock.advance(HOUR_MS);
  }

  it('keeps the rollups equal to a recount of the source rows after every step', async () => {
    await fc.assert(
      fc.asyncProperty(runArb, (run) => runSequence(run)),
      {
        numRuns: 25,
        interruptAfterTimeLimit: 240_000,
        examples: [[{ byOperators: false, ops: EVERY_PATH }], [{ byOperators: true, ops: EVERY_PATH }]],
      },
    );
    if (process.env.PROPERTY_LOG)
      console.log([...coverage].map(([outcome, n]) => `${outcome}: ${n}`).join('\n'));
    expect([...coverage.keys()]).toEqual(
      expect.arrayContaining([
        'search → 200',
        'book → 201 booked',
        'book (colleague) → 201 booked',
        'issue → 200 ticketed',
        'cancel → 200 cancelled',
        'cancel → 200 voided',
        'refund → 200 refunded',
        'decide-refund approve → 200 approved',
        'decide-refund reject → 200 rejected',
        'expire → expired',
        'deposit → 200 approved',
        'zone → 200',
      ]),
    );
  }, 600_000);
});
