import { KPI_KEYS, type Kpi, type KpiKey, PERMISSIONS, SERVER } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import { post, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent, bookingBody, searchOffer, signInAgain } from '../support/bookings.js';
import { staffMember, staffSession } from '../support/staff.js';
import { storeKinds } from '../support/stores.js';
import { callAs, companyKpi, setTimeZone } from './analytics-calls.js';
import { addBooking, addEvent, addInvoice, addLedgerEntry, addSearches, addTicketing } from './history.js';

/**
 * Issue 15, `GET /api/company/company-kpi`: the agency's figures, worked out by hand for a week of
 * history written at chosen instants (history.ts) in the agency's zone, New York: each figure over
 * the range and the week before, per day with zeros, the breakdowns, the day boundary of the
 * agency's zone (23:30 in New York is the next day in UTC and still counts on the agency's day),
 * another agency's history never included, a change of zone moving the days; then the same
 * figures made by the app's own calls, who may read them, and the ranges refused.
 */

const ZONE = 'America/New_York';
/** New York's winter time, UTC−5 (summer time starts on 8 March 2026). */
const local = (day: string, time: string) => new Date(`${day}T${time}:00-05:00`).toISOString();
const WEEK = { fromDate: '2026-03-01', toDate: '2026-03-07' };
const DAYS = [
  '2026-03-01',
  '2026-03-02',
  '2026-03-03',
  '2026-03-04',
  '2026-03-05',
  '2026-03-06',
  '2026-03-07',
];

const byKey = (kpis: Kpi[]) => Object.fromEntries(kpis.map((kpi) => [kpi.key, kpi])) as Record<KpiKey, Kpi>;
const seriesOf = (kpi: Kpi) => kpi.series.map((point) => point.value);

/**
 * One agency's week (and what came before it), as the expectations below count it:
 * - X1 LHR-JFK BA by the owner: booked 2 Mar 08:00, ticketed 09:00 (2 tickets, 1,000.00);
 * - X2 JFK-LHR AA by the colleague: booked 3 Mar 23:30 and ticketed 23:45 (1 ticket, 500.00) —
 *   4 March in UTC;
 * - X3 LHR-JFK BA by the owner: booked and cancelled on 5 Mar;
 * - X4 DXB-LHR EK by the owner: booked and ticketed on 25 Feb (1 ticket, 300.00), voided 1 Mar 00:30;
 * - X5 LHR-JFK BA by the colleague: booked 6 Mar 12:00, expired 14:00;
 * - X6 LHR-JFK BA by the owner: booked and ticketed on 20 Feb (200.00), refunded 7 Mar (150.00);
 * - X7 DXB-LHR EK by the owner: booked 7 Mar 09:00, still on hold;
 * - searches: 3 on 1 Mar, 1 at 23:59 on 7 Mar (8 Mar in UTC); the week before, 1 at 00:30 on 22 Feb,
 *   1 on 27 Feb and 1 at 23:00 on 28 Feb (1 Mar in UTC); 1 at 23:00 on 21 Feb (22 Feb in UTC), before
 *   both weeks; 5 on 8 Mar (after the week).
 */
async function writeWeek(
  t: TestApp,
  companyId: string,
  ownerId: string,
  colleagueId: string,
  liveUntil: string,
) {
  const db = t.store.db;
  const x1 = await addBooking(db, {
    companyId,
    createdBy: ownerId,
    route: 'LHR-JFK',
    carrier: 'BA',
    passengers: 2,
    bookedAt: local('2026-03-02', '08:00'),
    status: 'ticketed',
  });
  await addLedgerEntry(db, {
    companyId,
    kind: 'ticket',
    amountMinor: -100_000,
    at: local('2026-03-02', '09:00'),
    bookingId: x1,
  });
  await addTicketing(db, x1, local('2026-03-02', '09:00'));

  const x2 = await addBooking(db, {
    companyId,
    createdBy: colleagueId,
    route: 'JFK-LHR',
    carrier: 'AA',
    passengers: 1,
    bookedAt: local('2026-03-03', '23:30'),
    status: 'ticketed',
  });
  await addLedgerEntry(db, {
    companyId,
    kind: 'ticket',
    amountMinor: -50_000,
    at: local('2026-03-03', '23:45'),
    bookingId: x2,
  });
  await addTicketing(db, x2, local('2026-03-03', '23:45'));

  const x3 = await addBooking(db, {
    companyId,
    createdBy: ownerId,
    route: 'LHR-JFK',
    carrier: 'BA',
    passengers: 1,
    bookedAt: local('2026-03-05', '10:00'),
    status: 'cancelled',
  });
  await addEvent(db, x3, 'cancelled', local('2026-03-05', '11:00'));

  const x4 = await addBooking(db, {
    companyId,
    createdBy: ownerId,
    route: 'DXB-LHR',
    carrier: 'EK',
    passengers: 1,
    bookedAt: local('2026-02-25', '10:00'),
    status: 'voided',
  });
  await addLedgerEntry(db, {
    companyId,
    kind: 'ticket',
    amountMinor: -30_000,
    at: local('2026-02-25', '10:30'),
    bookingId: x4,
  });
  await addTicketing(db, x4, local('2026-02-25', '10:30'));
  await addLedgerEntry(db, {
    companyId,
    kind: 'void',
    amountMinor: 30_000,
    at: local('2026-03-01', '00:30'),
    bookingId: x4,
  });
  await addEvent(db, x4, 'voided', local('2026-03-01', '00:30'));

  const x5 = await addBooking(db, {
    companyId,
    createdBy: colleagueId,
    route: 'LHR-JFK',
    carrier: 'BA',
    passengers: 1,
    bookedAt: local('2026-03-06', '12:00'),
    status: 'expired',
  });
  await addEvent(db, x5, 'expired', local('2026-03-06', '14:00'));

  const x6 = await addBooking(db, {
    companyId,
    createdBy: ownerId,
    route: 'LHR-JFK',
    carrier: 'BA',
    passengers: 1,
    bookedAt: local('2026-02-20', '10:00'),
    status: 'refunded',
  });
  await addLedgerEntry(db, {
    companyId,
    kind: 'ticket',
    amountMinor: -20_000,
    at: local('2026-02-20', '10:30'),
    bookingId: x6,
  });
  await addTicketing(db, x6, local('2026-02-20', '10:30'));
  await addEvent(db, x6, 'refund_requested', local('2026-03-07', '14:00'));
  await addLedgerEntry(db, {
    companyId,
    kind: 'refund',
    amountMinor: 15_000,
    at: local('2026-03-07', '15:00'),
    bookingId: x6,
  });
  await addEvent(db, x6, 'refund_approved', local('2026-03-07', '15:00'));

  await addBooking(db, {
    companyId,
    createdBy: ownerId,
    route: 'DXB-LHR',
    carrier: 'EK',
    passengers: 1,
    bookedAt: local('2026-03-07', '09:00'),
    status: 'booked',
    ticketingDeadline: liveUntil,
  });
  // The client paperwork (issue 33), on the agency's days: X1 sold for 1,080.00 (net 1,000.00); X2
  // for 525.00 (net 500.00) at 23:50 on 3 Mar (4 Mar in UTC); X4 sold for 330.00 (net 300.00) in
  // the week before, credited in full on 1 Mar; X6 sold for 220.00 (net 200.00) before both
  // weeks, 165.00 credited (net 150.00) on 7 Mar.
  const invoice = (
    bookingId: string,
    at: string,
    subtotalMinor: number,
    netMinor: number,
    against?: string,
  ) => addInvoice(db, { companyId, bookingId, issuedBy: ownerId, at, subtotalMinor, netMinor, against });
  await invoice(x1, local('2026-03-02', '09:00'), 108_000, 100_000);
  await invoice(x2, local('2026-03-03', '23:50'), 52_500, 50_000);
  const x4Invoice = await invoice(x4, local('2026-02-25', '10:30'), 33_000, 30_000);
  await invoice(x4, local('2026-03-01', '00:30'), -33_000, -30_000, x4Invoice);
  const x6Invoice = await invoice(x6, local('2026-02-20', '10:30'), 22_000, 20_000);
  await invoice(x6, local('2026-03-07', '15:00'), -16_500, -15_000, x6Invoice);

  // Money that is neither spend nor refunds: a deposit and an adjustment.
  await addLedgerEntry(db, {
    companyId,
    kind: 'deposit',
    amountMinor: 500_000,
    at: local('2026-03-04', '10:00'),
  });
  await addLedgerEntry(db, {
    companyId,
    kind: 'adjustment',
    amountMinor: -1_000,
    at: local('2026-03-04', '11:00'),
  });

  await addSearches(db, { companyId, userId: ownerId, at: local('2026-03-01', '12:00'), count: 3 });
  await addSearches(db, { companyId, userId: colleagueId, at: local('2026-03-07', '23:59'), count: 1 });
  await addSearches(db, { companyId, userId: ownerId, at: local('2026-02-27', '12:00'), count: 1 });
  await addSearches(db, { companyId, userId: ownerId, at: local('2026-02-28', '23:00'), count: 1 });
  await addSearches(db, { companyId, userId: ownerId, at: local('2026-02-22', '00:30'), count: 1 });
  await addSearches(db, { companyId, userId: ownerId, at: local('2026-02-21', '23:00'), count: 1 });
  await addSearches(db, { companyId, userId: ownerId, at: local('2026-03-08', '12:00'), count: 5 });
}

describe.each(storeKinds())("the agency's KPIs on %s", (kind) => {
  let t: TestApp;
  let owner: Agent;
  let colleague: { id: string; token: string };
  let other: Agent;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await bookingAgent(t);
    const mate = await staffMember(t, owner.companyId, ['analytics.view']);
    colleague = { id: mate.id, token: (await staffSession(t, mate)).token };
    expect((await setTimeZone(t, owner, ZONE)).statusCode).toBe(200);
    // The test clock stands on 22 Nov 2026: X7's hold is still live then.
    const liveUntil = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    await writeWeek(t, owner.companyId, owner.user.id, colleague.id, liveUntil);
    // Another agency, in the same zone, with the same kind of week: none of it is the first's.
    other = await bookingAgent(t);
    const otherMate = await staffMember(t, other.companyId, []);
    expect((await setTimeZone(t, other, ZONE)).statusCode).toBe(200);
    await writeWeek(t, other.companyId, other.user.id, otherMate.id, liveUntil);
    await addSearches(t.store.db, {
      companyId: other.companyId,
      userId: other.user.id,
      at: local('2026-03-02', '10:00'),
      count: 40,
    });
  }, 120_000);
  afterAll(async () => t?.close());

  async function week(user: { token: string } = owner, range = WEEK) {
    const res = await companyKpi(t, user, range);
    expect(res.statusCode, res.body).toBe(200);
    return byKey(res.json().data);
  }

  it('answers every figure of the contract, in its order', async () => {
    const res = await companyKpi(t, owner, WEEK);
    expect(res.json().data.map((kpi: Kpi) => kpi.key)).toEqual([...KPI_KEYS]);
  });

  it("counts the week's figures and the week before, in the agency's currency", async () => {
    const kpis = await week();
    const plain = (key: KpiKey) => ({
      value: kpis[key].value,
      previous: kpis[key].previous,
      unit: kpis[key].unit,
      currency: kpis[key].currency,
    });
    expect(plain('searches')).toEqual({ value: 4, previous: 3, unit: 'count', currency: null });
    expect(plain('bookings')).toEqual({ value: 5, previous: 1, unit: 'count', currency: null });
    expect(plain('tickets')).toEqual({ value: 3, previous: 1, unit: 'count', currency: null });
    expect(plain('spend')).toEqual({ value: 1500, previous: 300, unit: 'money', currency: 'USD' });
    expect(plain('refunds')).toEqual({ value: 450, previous: 0, unit: 'money', currency: 'USD' });
    expect(plain('cancellations')).toEqual({ value: 1, previous: 0, unit: 'count', currency: null });
    expect(plain('voids')).toEqual({ value: 1, previous: 0, unit: 'count', currency: null });
    expect(plain('average_ticket_value')).toEqual({
      value: 500,
      previous: 300,
      unit: 'money',
      currency: 'USD',
    });
    expect(plain('look_to_book')).toEqual({ value: 0.8, previous: 3, unit: 'ratio', currency: null });
  });

  it("gives a point for every day of the range, zeros included, on the agency's days", async () => {
    const kpis = await week();
    for (const key of [
      'searches',
      'bookings',
      'tickets',
      'spend',
      'refunds',
      'cancellations',
      'voids',
    ] as const) {
      expect(
        kpis[key].series.map((point) => point.date),
        key,
      ).toEqual(DAYS);
    }
    // 23:59 on 7 March and X2's 23:30 and 23:45 on 3 March are the next day in UTC.
    expect(seriesOf(kpis.searches)).toEqual([3, 0, 0, 0, 0, 0, 1]);
    expect(seriesOf(kpis.bookings)).toEqual([0, 1, 1, 0, 1, 1, 1]);
    expect(seriesOf(kpis.tickets)).toEqual([0, 2, 1, 0, 0, 0, 0]);
    expect(seriesOf(kpis.spend)).toEqual([0, 1000, 500, 0, 0, 0, 0]);
    expect(seriesOf(kpis.refunds)).toEqual([300, 0, 0, 0, 0, 0, 150]);
    expect(seriesOf(kpis.cancellations)).toEqual([0, 0, 0, 0, 1, 0, 0]);
    expect(seriesOf(kpis.voids)).toEqual([1, 0, 0, 0, 0, 0, 0]);
    // Averages over the range have no series.
    expect(kpis.average_ticket_value.series).toEqual([]);
    expect(kpis.look_to_book.series).toEqual([]);
  });

  it('ranks routes, airlines and staff by bookings, with the spend of their tickets', async () => {
    const kpis = await week();
    const ownerName = await nameOf(owner.user.id);
    const colleagueName = await nameOf(colleague.id);
    expect(kpis.top_routes).toMatchObject({
      value: 5,
      unit: 'count',
      currency: 'USD',
      previous: null,
      series: [],
    });
    expect(kpis.top_routes.items).toEqual([
      { key: 'LHR-JFK', label: 'LHR → JFK', value: 3, amount: 1000, margin: 65 },
      { key: 'JFK-LHR', label: 'JFK → LHR', value: 1, amount: 500, margin: 25 },
      { key: 'DXB-LHR', label: 'DXB → LHR', value: 1, amount: 0, margin: -30 },
    ]);
    expect(kpis.top_airlines.items).toEqual([
      { key: 'BA', label: 'British Airways', value: 3, amount: 1000, margin: 65 },
      { key: 'AA', label: 'American Airlines', value: 1, amount: 500, margin: 25 },
      { key: 'EK', label: 'Emirates', value: 1, amount: 0, margin: -30 },
    ]);
    // Margin by who made the booking: X2 is the colleague's, although the owner issued its invoice.
    expect(kpis.staff.items).toEqual([
      { key: owner.user.id, label: ownerName, value: 3, amount: 1000, margin: 35 },
      { key: colleague.id, label: colleagueName, value: 2, amount: 500, margin: 25 },
    ]);
  });

  it('adds up sales, net cost and margin from the client paperwork, credit notes taking back', async () => {
    const kpis = await week();
    const plain = (key: KpiKey) => ({
      value: kpis[key].value,
      previous: kpis[key].previous,
      unit: kpis[key].unit,
      currency: kpis[key].currency,
    });
    expect(plain('sales')).toEqual({ value: 1110, previous: 330, unit: 'money', currency: 'USD' });
    expect(plain('net_cost')).toEqual({ value: 1050, previous: 300, unit: 'money', currency: 'USD' });
    expect(plain('margin')).toEqual({ value: 60, previous: 30, unit: 'money', currency: 'USD' });
    expect(plain('margin_percent')).toEqual({ value: 5.4, previous: 9.1, unit: 'percent', currency: null });
    // X2's 23:50 on 3 March is 4 March in UTC, and counts on the 3rd.
    expect(seriesOf(kpis.sales)).toEqual([-330, 1080, 525, 0, 0, 0, -165]);
    expect(seriesOf(kpis.margin)).toEqual([-30, 80, 25, 0, 0, 0, -15]);
    expect(seriesOf(kpis.margin_percent)).toEqual([9.1, 7.4, 4.8, 0, 0, 0, 9.1]);
  });

  it("tells what became of the week's bookings, largest first, holds still live included", async () => {
    const { outcomes } = await week();
    expect(outcomes).toMatchObject({ value: 7, unit: 'count', previous: null, series: [] });
    expect(outcomes.items).toEqual([
      { key: 'ticketed', label: 'Ticketed', value: 2, amount: null },
      { key: 'cancelled', label: 'Cancelled', value: 1, amount: null },
      { key: 'voided', label: 'Voided', value: 1, amount: null },
      { key: 'refunded', label: 'Refunded', value: 1, amount: null },
      { key: 'expired', label: 'Expired', value: 1, amount: null },
      { key: 'on_hold', label: 'On hold', value: 1, amount: null },
    ]);
  });

  it("never counts another agency's history", async () => {
    // The other agency has the same week and 40 searches more: its figures are its own.
    const mine = await week();
    const theirs = await week(other);
    expect(theirs.searches.value).toBe(mine.searches.value + 40);
    expect(theirs.bookings.value).toBe(mine.bookings.value);
    expect(theirs.staff.items.map((item) => item.key)).not.toContain(owner.user.id);
    expect(mine.staff.items.map((item) => item.key)).not.toContain(other.user.id);
  });

  it('reads the same to a colleague holding analytics.view, and 403 without it', async () => {
    expect(await week(colleague)).toEqual(await week());
    const blind = await staffMember(
      t,
      owner.companyId,
      PERMISSIONS.filter((permission) => permission !== 'analytics.view'),
    );
    const res = await companyKpi(t, await staffSession(t, blind), WEEK);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toContain(SERVER.forbidden);
    expect(res.json().message).toContain('analytics.view');
  });

  it("counts the days of the agency's zone as it stands, recounted when it changes", async () => {
    const agency = await bookingAgent(t);
    const mate = await staffMember(t, agency.companyId, []);
    expect((await setTimeZone(t, agency, ZONE)).statusCode).toBe(200);
    await writeWeek(
      t,
      agency.companyId,
      agency.user.id,
      mate.id,
      new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    );
    // In Tokyo (UTC+9, 14 hours ahead of New York) X2's 23:30 and 23:45 are 4 March, 13:30 and
    // 13:45; X3's 10:00 on 5 March is 00:00 on the 6th, X5's noon on the 6th is the 7th; the
    // searches at noon on 1 March are the 2nd, the one at 23:00 on 28 Feb is 1 March, and 23:59 on
    // 7 March is the 8th, out of the week.
    expect((await setTimeZone(t, agency, 'Asia/Tokyo')).statusCode).toBe(200);
    const tokyo = await week(agency);
    expect(seriesOf(tokyo.bookings)).toEqual([0, 1, 0, 1, 0, 1, 2]);
    expect(seriesOf(tokyo.spend)).toEqual([0, 1000, 0, 500, 0, 0, 0]);
    expect(seriesOf(tokyo.searches)).toEqual([1, 3, 0, 0, 0, 0, 0]);
    // Back to the country's (Dubai, UTC+4): 23:30 in New York is 08:30 the next morning there.
    expect((await setTimeZone(t, agency, '')).statusCode).toBe(200);
    const dubai = await week(agency);
    expect(seriesOf(dubai.bookings)).toEqual([0, 1, 0, 1, 1, 1, 1]);
    expect(seriesOf(dubai.searches)).toEqual([4, 0, 0, 0, 0, 0, 0]);
  });

  it("defaults to the last 30 of the agency's days up to its today", async () => {
    // The test clock: 22 Nov 2026 12:00 UTC. At UTC+14 it is 23 November already.
    const agency = await bookingAgent(t);
    const defaulted = byKey((await companyKpi(t, agency)).json().data);
    expect(defaulted.searches.series.map((point) => point.date)).toEqual(
      Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 9, 24 + i)).toISOString().slice(0, 10)),
    );
    expect((await setTimeZone(t, agency, 'Pacific/Kiritimati')).statusCode).toBe(200);
    const ahead = byKey((await companyKpi(t, agency)).json().data);
    expect(ahead.searches.series.at(-1)?.date).toBe('2026-11-23');
    expect(ahead.searches.series).toHaveLength(30);
    // An end alone takes the 30 days before it; a start alone runs to today.
    const ending = byKey((await companyKpi(t, agency, { toDate: '2026-03-07' })).json().data);
    expect(ending.searches.series.map((point) => point.date).slice(0, 1)).toEqual(['2026-02-06']);
    const starting = byKey((await companyKpi(t, agency, { fromDate: '2026-11-20' })).json().data);
    expect(starting.searches.series.map((point) => point.date)).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
    ]);
  });

  it('refuses ranges it cannot answer with 422 naming the field', async () => {
    const refused = async (query: string, field: string) => {
      const res = await callAs(t, owner, 'GET', `/api/company/company-kpi?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().data.errors), query).toContain(field);
    };
    await refused('fromDate=2026-03-08&toDate=2026-03-07', 'toDate');
    await refused('fromDate=2024-01-01&toDate=2026-01-01', 'toDate');
    await refused('fromDate=2026-02-30', 'fromDate');
    await refused('toDate=07/03/2026', 'toDate');
    await refused('fromDate=1999-12-31', 'fromDate');
    await refused('from=2026-03-01', 'from');
    // A start alone must leave a range up to today (22 Nov 2026 in New York), at most 731 days.
    await refused('fromDate=2026-12-01', 'fromDate');
    await refused('fromDate=2020-01-01', 'fromDate');
    // Two years and a day is the longest (a leap year's).
    const longest = await companyKpi(t, owner, { fromDate: '2024-01-01', toDate: '2025-12-31' });
    expect(longest.statusCode, longest.body).toBe(200);
    expect(byKey(longest.json().data).searches.series).toHaveLength(731);
  });

  it("counts the app's own searches, holds, tickets, cancellations and voids on the agency's today", async () => {
    // The ledger and the search history take their time from the database and the wall clock:
    // the test clock stands at the real time here, and the range spans the days around it.
    t.clock.set(new Date());
    let agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
    agent = await signInAgain(t, agent);
    const date = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await searchOffer(t, agent, { date });
    const hold = async () => {
      const res = await post(t, '/api/booking', bookingBody(await searchOffer(t, agent, { date })), {
        token: agent.token,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: string; pnr: string; total: { Amount: number } };
    };
    const issue = async (pnr: string) => {
      const res = await post(t, '/api/booking-issue', { pnr }, { token: agent.token });
      expect(res.statusCode, res.body).toBe(200);
    };
    const cancel = async (id: string) => {
      const res = await post(
        t,
        '/api/request-cancel-booking',
        { booking_id: id, reason: 'KPI test' },
        { token: agent.token },
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    const ticketed = await hold();
    await issue(ticketed.pnr);
    const cancelled = await hold();
    await cancel(cancelled.id);
    const voided = await hold();
    await issue(voided.pnr);
    await cancel(voided.id);
    // Reading the search history writes what is queued of it.
    expect((await callAs(t, agent, 'GET', '/api/searchhistory')).statusCode).toBe(200);

    const around = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const kpis = await week(agent, { fromDate: around(-1), toDate: around(1) });
    const spend = ticketed.total.Amount + voided.total.Amount;
    expect(kpis.searches.value).toBe(4);
    expect(kpis.bookings.value).toBe(3);
    expect(kpis.tickets.value).toBe(2);
    expect(kpis.spend.value).toBeCloseTo(spend, 2);
    expect(kpis.refunds.value).toBeCloseTo(voided.total.Amount, 2);
    expect(kpis.cancellations.value).toBe(1);
    expect(kpis.voids.value).toBe(1);
    expect(kpis.average_ticket_value.value).toBeCloseTo(Math.round((spend * 100) / 2) / 100, 2);
    expect(kpis.look_to_book.value).toBeCloseTo(4 / 3, 2);
    // Sold at net (no markup rules): no margin.
    expect(kpis.top_routes.items).toEqual([
      { key: 'LHR-JFK', label: 'LHR → JFK', value: 3, amount: spend, margin: 0 },
    ]);
    expect(kpis.margin.value).toBe(0);
    expect(kpis.outcomes.items.find((item) => item.key === 'ticketed')?.value).toBe(2);
    t.clock.set(new Date('2026-11-22T12:00:00Z'));
  });

  async function nameOf(userId: string) {
    const row = await t.store.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.name;
  }
});
