import {
  ADMIN_KPI_KEYS,
  type AdminKpi,
  type AdminKpiKey,
  type AdminKpis,
  COMPANY_STATUSES,
} from '@skydesk/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOperator } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import { setCompanyStatus, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent } from '../support/bookings.js';
import { pendingDeposit } from '../support/deposit-desk.js';
import { type Operator, signedInOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';
import { callAs, setTimeZone } from './analytics-calls.js';
import { addBooking, addEvent, addLedgerEntry, addTicketing } from './history.js';

/**
 * Issue 15, `GET /api/admin/kpi`: the platform's figures over a week, worked out by hand from a
 * history written at chosen instants (history.ts) for agencies in Dubai (UTC+4) and New York
 * (UTC−5): the agencies' rollups summed, each agency's day its own; agencies by status now, zeros
 * included; registrations; the average time to approve an agency and to decide a deposit; the
 * deposits waiting now; the top agencies by sales.
 */

const WEEK = { fromDate: '2026-03-01', toDate: '2026-03-07' };
const dubai = (day: string, time: string) => new Date(`${day}T${time}:00+04:00`).toISOString();
const newYork = (day: string, time: string) => new Date(`${day}T${time}:00-05:00`).toISOString();

const byKey = (kpis: AdminKpi[]) =>
  Object.fromEntries(kpis.map((kpi) => [kpi.key, kpi])) as Record<AdminKpiKey, AdminKpi>;
const seriesOf = (kpi: AdminKpi) => kpi.series.map((point) => point.value);

describe.each(storeKinds())("the platform's KPIs on %s", (kind) => {
  let t: TestApp;
  let operator: Operator;
  /** Dubai, approved: registered 1 Mar, sells 1,000.00 on 2 Mar, voids 200.00 on 3 Mar, deposits 5,000.00 on 4 Mar. */
  let a: Agent;
  /** New York, approved: registered 5 Mar 22:00 (6 Mar in UTC), sells 600.00 at 23:30 on 6 Mar (7 Mar in UTC). */
  let b: Agent;

  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await signedInOperator(t, 'Ada Ops');
    a = await bookingAgent(t);
    b = await bookingAgent(t);
    expect((await setTimeZone(t, b, 'America/New_York')).statusCode).toBe(200);
    const c = await bookingAgent(t);
    const d = await bookingAgent(t);
    const e = await bookingAgent(t);
    await setCompanyStatus(t.store.db, c.companyId, 'registered');
    await setCompanyStatus(t.store.db, d.companyId, 'pending_review');
    await setCompanyStatus(t.store.db, e.companyId, 'suspended');
    const db = t.store.db;
    const registered = (agent: Agent, at: string) =>
      sql`update companies set created_at = ${at} where id = ${agent.companyId}`.execute(db);
    await registered(a, dubai('2026-03-01', '10:00'));
    await registered(b, newYork('2026-03-05', '22:00'));
    await registered(c, dubai('2026-02-27', '10:00'));
    await registered(d, dubai('2026-03-07', '23:00'));
    // The day before the week before: counted in neither.
    await registered(e, dubai('2026-02-21', '23:00'));

    // Sales, refunds and deposits.
    const a1 = await addBooking(db, {
      companyId: a.companyId,
      createdBy: a.user.id,
      route: 'DXB-LHR',
      carrier: 'EK',
      passengers: 1,
      bookedAt: dubai('2026-03-02', '10:00'),
      status: 'ticketed',
    });
    await addLedgerEntry(db, {
      companyId: a.companyId,
      kind: 'ticket',
      amountMinor: -100_000,
      at: dubai('2026-03-02', '10:05'),
      bookingId: a1,
    });
    await addTicketing(db, a1, dubai('2026-03-02', '10:05'));
    await addLedgerEntry(db, {
      companyId: a.companyId,
      kind: 'void',
      amountMinor: 20_000,
      at: dubai('2026-03-03', '09:00'),
      bookingId: a1,
    });
    await addLedgerEntry(db, {
      companyId: a.companyId,
      kind: 'deposit',
      amountMinor: 500_000,
      at: dubai('2026-03-04', '09:00'),
    });
    const b1 = await addBooking(db, {
      companyId: b.companyId,
      createdBy: b.user.id,
      route: 'JFK-LHR',
      carrier: 'AA',
      passengers: 2,
      bookedAt: newYork('2026-03-06', '23:30'),
      status: 'ticketed',
    });
    await addLedgerEntry(db, {
      companyId: b.companyId,
      kind: 'ticket',
      amountMinor: -60_000,
      at: newYork('2026-03-06', '23:30'),
      bookingId: b1,
    });
    await addTicketing(db, b1, newYork('2026-03-06', '23:30'));
    // The week before: one booking of New York's, ticketed for 100.00.
    const b0 = await addBooking(db, {
      companyId: b.companyId,
      createdBy: b.user.id,
      route: 'JFK-LHR',
      carrier: 'AA',
      passengers: 1,
      bookedAt: newYork('2026-02-26', '10:00'),
      status: 'ticketed',
    });
    await addLedgerEntry(db, {
      companyId: b.companyId,
      kind: 'ticket',
      amountMinor: -10_000,
      at: newYork('2026-02-26', '10:00'),
      bookingId: b0,
    });
    await addTicketing(db, b0, newYork('2026-02-26', '10:00'));
    await addEvent(db, b0, 'refund_requested', newYork('2026-03-02', '10:00'));

    // The platform's margin (issue 33): on the day each booking was ticketed, in its agency's zone.
    const ticketedWith = (bookingId: string, markupMinor: number, issuedAt: string) =>
      sql`update bookings set supplier = 'duffel', supplier_state = 'confirmed', supplier_state_at = ${issuedAt},
          markup_minor = ${markupMinor}, net_minor = total_minor - ${markupMinor}, issued_at = ${issuedAt}
        where id = ${bookingId}`.execute(db);
    await ticketedWith(a1, 4_000, dubai('2026-03-02', '10:05'));
    await ticketedWith(b1, 1_500, newYork('2026-03-06', '23:30'));
    await ticketedWith(b0, 500, newYork('2026-02-26', '10:00'));
    // Booked long before, ticketed in the week and voided since: no margin.
    const voided = await addBooking(db, {
      companyId: a.companyId,
      createdBy: a.user.id,
      route: 'DXB-LHR',
      carrier: 'EK',
      passengers: 1,
      bookedAt: dubai('2026-01-05', '10:00'),
      status: 'voided',
    });
    await ticketedWith(voided, 9_999, dubai('2026-03-04', '10:00'));

    // Approvals: A 12 hours after its vendor form; B 24 hours after registering (no form).
    const submission = await db
      .insertInto('vendor_submissions')
      .values({
        company_id: a.companyId,
        submitted_by: a.user.id,
        trade_license_number: 'TL-1',
        tax_number: 'TX-1',
        created_at: '2026-03-01T22:00:00Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(submission.id).toBeTruthy();
    const decision = (agent: Agent, at: string) =>
      db
        .insertInto('company_decisions')
        .values({
          company_id: agent.companyId,
          operator_id: operator.id,
          action: 'approve',
          from_status: 'pending_review',
          to_status: 'approved',
          created_at: at,
        })
        .execute();
    await decision(a, '2026-03-02T10:00:00Z');
    await decision(b, new Date(Date.parse(newYork('2026-03-05', '22:00')) + 24 * 3_600_000).toISOString());

    // Deposits decided: 6 and 24 hours in the week, 3 hours the week before; two waiting now.
    const decided = async (agent: Agent, createdAt: string, hours: number) => {
      const deposit = await pendingDeposit(t, agent.companyId, { amountMinor: 10_000 });
      const decidedAt = new Date(Date.parse(createdAt) + hours * 3_600_000).toISOString();
      await sql`
        update deposit_transactions
        set status = 'rejected', rejection_reason = 'Not on the statement', created_at = ${createdAt},
          decided_at = ${decidedAt}, decided_by = ${operator.id}
        where id = ${deposit.id}`.execute(db);
    };
    await decided(a, '2026-03-03T08:00:00Z', 6);
    await decided(b, '2026-03-04T12:00:00Z', 24);
    await decided(a, '2026-02-24T00:00:00Z', 3);
    await pendingDeposit(t, a.companyId, { amountMinor: 100_000 });
    await pendingDeposit(t, b.companyId, { amountMinor: 25_000 });
  }, 120_000);
  afterAll(async () => t?.close());

  async function kpis(range: { fromDate?: string; toDate?: string } = WEEK): Promise<AdminKpis> {
    const query = new URLSearchParams(range as Record<string, string>).toString();
    const res = await asOperator(t, operator, 'GET', `/api/admin/kpi${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  it('counts the agencies by status now, every status with zeros too', async () => {
    const figures = await kpis();
    expect(figures.agencies_by_status).toEqual(
      COMPANY_STATUSES.map((status) => ({
        status,
        count: { approved: 2, registered: 1, pending_review: 1, suspended: 1 }[status as string] ?? 0,
      })),
    );
    expect(figures).toMatchObject({ from: '2026-03-01', to: '2026-03-07', currency: 'USD' });
    expect(figures.kpis.map((kpi) => kpi.key)).toEqual([...ADMIN_KPI_KEYS]);
  });

  it("sums the agencies' days: bookings, tickets, sales, refunds, deposits, registrations", async () => {
    const week = byKey((await kpis()).kpis);
    const plain = (key: AdminKpiKey) => ({
      value: week[key].value,
      previous: week[key].previous,
      unit: week[key].unit,
    });
    expect(plain('bookings')).toEqual({ value: 2, previous: 1, unit: 'count' });
    expect(plain('tickets')).toEqual({ value: 3, previous: 1, unit: 'count' });
    expect(plain('gross_sales')).toEqual({ value: 1600, previous: 100, unit: 'money' });
    expect(plain('refunds')).toEqual({ value: 200, previous: 0, unit: 'money' });
    expect(plain('deposits_approved')).toEqual({ value: 5000, previous: 0, unit: 'money' });
    expect(plain('registrations')).toEqual({ value: 3, previous: 1, unit: 'count' });
    expect(week.gross_sales.currency).toBe('USD');
    // New York's 23:30 on 6 March is 7 March in UTC, and counts on the 6th; its registration at
    // 22:00 on the 5th likewise; Dubai's registration at 23:00 on the 7th is the 7th there.
    expect(week.bookings.series.map((point) => point.date)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ]);
    expect(seriesOf(week.bookings)).toEqual([0, 1, 0, 0, 0, 1, 0]);
    expect(seriesOf(week.gross_sales)).toEqual([0, 1000, 0, 0, 0, 600, 0]);
    expect(seriesOf(week.refunds)).toEqual([0, 0, 200, 0, 0, 0, 0]);
    expect(seriesOf(week.deposits_approved)).toEqual([0, 0, 0, 5000, 0, 0, 0]);
    expect(seriesOf(week.registrations)).toEqual([1, 0, 0, 0, 1, 0, 1]);
  });

  it('averages the hours to approve an agency and to decide a deposit', async () => {
    const week = byKey((await kpis()).kpis);
    expect(week.agency_approval_hours).toMatchObject({
      value: 18,
      previous: null,
      unit: 'hours',
      series: [],
    });
    expect(week.deposit_approval_hours).toMatchObject({ value: 15, previous: 3, unit: 'hours', series: [] });
    expect(week.agency_approval_hours.items).toEqual([
      { key: 'decisions', label: 'Decisions taken', value: 2, amount: null },
    ]);
    expect(week.deposit_approval_hours.items).toMatchObject([{ key: 'decisions', value: 2 }]);
  });

  it('tells a range without decisions from decisions taken at once', async () => {
    const quiet = byKey((await kpis({ fromDate: '2020-01-01', toDate: '2020-01-07' })).kpis);
    for (const key of ['agency_approval_hours', 'deposit_approval_hours'] as const) {
      expect(quiet[key]).toMatchObject({ value: 0, previous: null });
      expect(quiet[key].items).toMatchObject([{ key: 'decisions', value: 0 }]);
    }
  });

  it('tells the deposits waiting now, and ranks the agencies by sales', async () => {
    const week = byKey((await kpis()).kpis);
    expect(week.deposits_pending).toMatchObject({ value: 2, unit: 'count', currency: 'USD', previous: null });
    expect(week.deposits_pending.items).toEqual([
      { key: 'pending', label: 'Waiting for a decision', value: 2, amount: 1250 },
    ]);
    const names = await t.store.db.selectFrom('companies').select(['id', 'name']).execute();
    const nameOf = (agent: Agent) => names.find((row) => row.id === agent.companyId)!.name;
    expect(week.top_agencies).toMatchObject({ value: 1600, unit: 'money', currency: 'USD' });
    expect(week.top_agencies.items).toEqual([
      { key: a.companyId, label: nameOf(a), value: 1, amount: 1000 },
      { key: b.companyId, label: nameOf(b), value: 1, amount: 600 },
    ]);
  });

  it("adds up the platform's margin by ticketing day, by supplier and by agency, voids counting nothing", async () => {
    const week = byKey((await kpis()).kpis);
    expect(week.platform_margin).toMatchObject({ value: 55, previous: 5, unit: 'money', currency: 'USD' });
    // New York's 23:30 on 6 March counts on the 6th.
    expect(seriesOf(week.platform_margin)).toEqual([0, 40, 0, 0, 0, 15, 0]);
    expect(week.platform_margin.items).toEqual([
      { key: 'duffel', label: 'Duffel', value: 2, amount: null, margin: 55 },
    ]);
    expect(week.platform_margin_by_agency.items.map((item) => [item.key, item.value, item.margin])).toEqual([
      [a.companyId, 1, 40],
      [b.companyId, 1, 15],
    ]);
  });

  it('defaults to the last 30 UTC days, and refuses what it cannot answer', async () => {
    // The test clock stands on 22 Nov 2026.
    const defaulted = await kpis({});
    expect(defaulted).toMatchObject({ from: '2026-10-24', to: '2026-11-22' });
    expect(byKey(defaulted.kpis).bookings.series).toHaveLength(30);
    for (const query of [
      'fromDate=2026-03-08&toDate=2026-03-07',
      'fromDate=2024-01-01&toDate=2026-01-02',
      'toDate=x',
    ]) {
      const res = await asOperator(t, operator, 'GET', `/api/admin/kpi?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(422);
    }
  });

  it("is the operators' alone", async () => {
    const res = await callAs(t, a, 'GET', '/api/admin/kpi');
    expect([401, 403]).toContain(res.statusCode);
  });
});
