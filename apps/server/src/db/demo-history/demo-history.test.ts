import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testSecrets } from '../../../test/support/app.js';
import { get, post, type TestApp, totpCode } from '../../../test/support/auth-flow.js';
import { DEMO_OPERATOR, operatorSignIn } from '../../../test/support/operator-sign-in.js';
import { storeKinds } from '../../../test/support/stores.js';
import { reservedMinor } from '../../modules/bookings/booking/repo.js';
import { rollupDrift } from '../../modules/company/analytics/recount-repo.js';
import { createSecretBox } from '../../platform/security/encryption.js';
import { createPasswordHasher } from '../../platform/security/password.js';
import { createLocalFileStore } from '../../platform/storage/file-store.js';
import { localDate } from '../../supplier/sandbox/index.js';
import { DEMO, seedDemoData } from '../seed-demo.js';
import { DEMO_TIME_ZONE, type DemoHistorySummary, receiptPdf } from './index.js';

/**
 * Issue 15: the demo agency comes with four months of history. Seeded once per store into a real
 * app (the contract's response schemas check every answer), then read as the services and the
 * agent would: the history must be what the services themselves would have written.
 */

const HOUR_MS = 3_600_000;
const LIVE = ['booked', 'ticketed', 'refund_requested', 'partially_refunded'];
const SEAT_HOLDING_TICKET = ['issued', 'refund_requested', 'refund_rejected'];

describe.each(storeKinds())('the demo agency’s history on %s', (kind) => {
  let t: TestApp;
  let companyId: string;
  let token: string;
  let summary: DemoHistorySummary | undefined;
  const now = () => t.clock.now();
  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(t.store.db)).rows;

  beforeAll(async () => {
    const secrets = testSecrets();
    const files = createLocalFileStore(join(mkdtempSync(join(tmpdir(), 'skydesk-demo-')), 'uploads'));
    t = await createTestApp(kind, { secrets, files });
    const seeded = await seedDemoData(t.store.db, {
      hasher: createPasswordHasher(10),
      secretBox: createSecretBox(secrets.dataEncryptionKey),
      currency: 'USD',
      now: t.clock.now(),
      history: {
        files,
        onSeeded: (made) => {
          summary = made;
        },
      },
    });
    expect(seeded).toBe(true);
    const login = await post(t, '/api/login', { email: DEMO.ownerEmail, password: DEMO.password });
    expect(login.statusCode, login.body).toBe(200);
    const session = await post(
      t,
      '/api/user/verify-google-authenticator',
      { code: totpCode(DEMO.totpSecret, t.clock.now()) },
      { token: login.json().data.challenge_token },
    );
    expect(session.statusCode, session.body).toBe(200);
    token = session.json().data.token;
    companyId = session.json().data.user.company_id;
  }, 120_000);
  afterAll(async () => t?.close());

  it('spans four months of the agency’s days up to now, with every outcome', async () => {
    expect(summary).toBeDefined();
    const [span] = await rows(sql<{ first: Date; last: Date; days: number; bookings: number }>`
      select min(created_at) as first, max(created_at) as last,
        count(distinct (created_at at time zone ${DEMO_TIME_ZONE})::date)::int as days, count(*)::int as bookings
      from bookings where company_id = ${companyId}`);
    const daysBack = (now().getTime() - span!.first.getTime()) / (24 * HOUR_MS);
    expect(daysBack).toBeGreaterThan(115);
    expect(daysBack).toBeLessThan(125);
    expect(span!.last.getTime()).toBeLessThanOrEqual(now().getTime());
    // Most working days have bookings: a living agency, not a few scattered rows.
    expect(span!.days).toBeGreaterThan(70);
    expect(span!.bookings).toBe(summary!.bookings);
    // Registered and approved before its first booking, not on the day the store was seeded.
    const [agency] = await rows(sql<{ created_at: Date; approved_at: Date }>`
      select c.created_at, d.created_at as approved_at from companies c
      join company_decisions d on d.company_id = c.id and d.action = 'approve'
      where c.id = ${companyId}`);
    expect(agency!.created_at.getTime()).toBeLessThan(agency!.approved_at.getTime());
    expect(agency!.approved_at.getTime()).toBeLessThan(span!.first.getTime());

    const statuses = await rows(sql<{ status: string; count: number }>`
      select status, count(*)::int as count from bookings where company_id = ${companyId} group by status`);
    const count = Object.fromEntries(statuses.map((row) => [row.status, row.count]));
    for (const status of [
      'booked',
      'ticketed',
      'cancelled',
      'expired',
      'voided',
      'refunded',
      'partially_refunded',
    ]) {
      expect(count[status], status).toBeGreaterThan(0);
    }
    // Most holds are ticketed.
    const ticketedEver = (count.ticketed ?? 0) + (count.voided ?? 0) + (count.refunded ?? 0);
    expect(ticketedEver / span!.bookings).toBeGreaterThan(0.55);

    // Staff who book, and searches: more looks than bookings.
    const staff = await rows(sql<{ name: string; bookings: number }>`
      select u.name, count(b.id)::int as bookings from users u
      left join bookings b on b.created_by = u.id
      where u.company_id = ${companyId} group by u.name order by u.name`);
    expect(staff.map((row) => row.name)).toEqual(['Dana Demo', 'Grace Kim', 'Marco Rossi', 'Priya Shah']);
    expect(staff.filter((row) => row.bookings > 0)).toHaveLength(3);
    const [searches] = await rows(sql<{ count: number }>`
      select count(*)::int as count from search_history where company_id = ${companyId}`);
    expect(searches!.count).toBeGreaterThan(2 * span!.bookings);
  });

  it('is counted in the rollups as it went in, in the agency’s days, as a recount counts it', async () => {
    expect(await rollupDrift(t.store.db, companyId)).toEqual([]);
    // The dashboard's last 30 days are not zeros.
    const [month] = await rows(sql<{ bookings: number; tickets: number; spend: number; searches: number }>`
      select
        (select sum(bookings)::int from company_daily_stats where company_id = ${companyId} and day > ${now()}::date - 31) as bookings,
        (select sum(tickets)::int from company_daily_stats where company_id = ${companyId} and day > ${now()}::date - 31) as tickets,
        (select sum(spend_minor)::float8 from company_daily_stats where company_id = ${companyId} and day > ${now()}::date - 31) as spend,
        (select sum(searches)::int from company_daily_searches where company_id = ${companyId} and day > ${now()}::date - 31) as searches`);
    expect(month!.bookings).toBeGreaterThan(20);
    expect(month!.tickets).toBeGreaterThan(20);
    expect(month!.spend).toBeGreaterThan(0);
    expect(month!.searches).toBeGreaterThan(month!.bookings);
  });

  it('fills the dashboard: the last 30 days’ KPIs are real figures, against a real month before', async () => {
    const res = await get(t, '/api/company/company-kpi', { token });
    expect(res.statusCode, res.body).toBe(200);
    const kpis = res.json().data as {
      key: string;
      value: number;
      previous: number | null;
      series: unknown[];
      items: { label: string }[];
    }[];
    const kpi = (key: string) => kpis.find((figure) => figure.key === key)!;
    for (const key of ['searches', 'bookings', 'tickets', 'spend', 'average_ticket_value', 'look_to_book']) {
      expect(kpi(key).value, key).toBeGreaterThan(0);
      expect(kpi(key).previous, key).toBeGreaterThan(0);
    }
    expect(kpi('bookings').series).toHaveLength(30);
    expect(kpi('top_routes').items.length).toBeGreaterThan(5);
    expect(kpi('top_airlines').items.length).toBeGreaterThan(5);
    expect(
      kpi('staff')
        .items.map((item) => item.label)
        .sort(),
    ).toEqual(['Dana Demo', 'Marco Rossi', 'Priya Shah']);
    expect(kpi('outcomes').items.length).toBeGreaterThan(2);
  });

  it('keeps the ledger a numbered, gapless sum equal to the balance, opened by the 10,000.00 credits', async () => {
    const lines = await rows(sql<{
      seq: string;
      kind: string;
      amount_minor: string;
      balance_after_minor: string;
      credits_after_minor: string;
      created_at: Date;
      note: string | null;
    }>`select seq, kind, amount_minor, balance_after_minor, credits_after_minor, created_at, note
       from ledger_entries where company_id = ${companyId} order by seq`);
    const [balance] = await rows(sql<{
      balance_minor: string;
      entry_count: string;
      credits_total_minor: string;
    }>`
      select balance_minor, entry_count, credits_total_minor from credit_balances where company_id = ${companyId}`);
    expect(lines[0]).toMatchObject({ kind: 'adjustment', note: 'Demo credits' });
    expect(Number(lines[0]!.amount_minor)).toBe(DEMO.creditsMinor);
    let running = 0;
    let credits = 0;
    lines.forEach((line, index) => {
      running += Number(line.amount_minor);
      credits += Math.max(Number(line.amount_minor), 0);
      expect(Number(line.seq)).toBe(index + 1);
      expect(Number(line.balance_after_minor)).toBe(running);
      expect(Number(line.credits_after_minor)).toBe(credits);
      // Never overdrawn (no credit limit), and posted in time order (the statement relies on it).
      expect(running).toBeGreaterThanOrEqual(0);
      if (index > 0)
        expect(line.created_at.getTime()).toBeGreaterThanOrEqual(lines[index - 1]!.created_at.getTime());
    });
    expect(Number(balance!.balance_minor)).toBe(running);
    expect(Number(balance!.entry_count)).toBe(lines.length);
    expect(Number(balance!.credits_total_minor)).toBe(credits);
    expect(summary!.balanceMinor).toBe(running);

    // A sensible end: positive, above the low-balance threshold (10 % of the last deposit), and
    // room for the live holds (HOLD_VALUE_RATIO 1).
    const lastDeposit = [...lines].reverse().find((line) => line.kind === 'deposit');
    expect(running).toBeGreaterThan(Number(lastDeposit!.amount_minor) / 10);
    expect(await reservedMinor(t.store.db, companyId, now())).toBeLessThanOrEqual(running);

    // Deposits approved every few weeks, each exactly one deposit line; one rejected, one waiting.
    const deposits = await rows(sql<{
      status: string;
      amount_minor: string;
      entry_minor: string | null;
      kind: string | null;
    }>`
      select d.status, d.amount_minor, l.amount_minor as entry_minor, l.kind
      from deposit_transactions d left join ledger_entries l on l.transaction_id = d.id
      where d.company_id = ${companyId}`);
    const approved = deposits.filter((deposit) => deposit.status === 'approved');
    expect(approved.length).toBeGreaterThanOrEqual(3);
    expect(approved.length).toBeLessThanOrEqual(12);
    for (const deposit of approved) {
      expect(deposit.kind).toBe('deposit');
      expect(deposit.entry_minor).toBe(deposit.amount_minor);
    }
    expect(deposits.filter((deposit) => deposit.status === 'rejected')).toHaveLength(1);
    expect(deposits.filter((deposit) => deposit.status === 'pending')).toHaveLength(1);
    expect(deposits.filter((deposit) => deposit.status !== 'approved').every((d) => d.kind === null)).toBe(
      true,
    );
  });

  it('shapes every booking as the services would have: tickets, money, orders, history and seats', async () => {
    const db = t.store.db;
    const bookings = await db
      .selectFrom('bookings')
      .select(['id', 'pnr', 'status', 'total_minor', 'issued_at', 'ticketing_deadline', 'created_at'])
      .where('company_id', '=', companyId)
      .execute();
    const ids = bookings.map((booking) => booking.id);
    const passengers = await db
      .selectFrom('booking_passengers')
      .selectAll()
      .where('booking_id', 'in', ids)
      .execute();
    const tickets = await db.selectFrom('tickets').selectAll().where('booking_id', 'in', ids).execute();
    const segments = await db
      .selectFrom('booking_segments')
      .selectAll()
      .where('booking_id', 'in', ids)
      .execute();
    const events = await db
      .selectFrom('booking_events')
      .selectAll()
      .where('booking_id', 'in', ids)
      .orderBy('created_at')
      .execute();
    const ledger = await db
      .selectFrom('ledger_entries')
      .select(['id', 'booking_id', 'amount_minor'])
      .where('company_id', '=', companyId)
      .execute();
    const orders = await db.selectFrom('orders').selectAll().where('company_id', '=', companyId).execute();

    const held = new Map<string, number>();
    for (const booking of bookings) {
      const where = booking.pnr;
      const own = passengers.filter((p) => p.booking_id === booking.id);
      const ownTickets = tickets.filter((ticket) => ticket.booking_id === booking.id);
      const statuses = ownTickets.map((ticket) => ticket.status);
      expect(own.length, where).toBeGreaterThan(0);
      expect(
        own.reduce((sum, p) => sum + p.fare_minor + p.taxes_minor, 0),
        where,
      ).toBe(booking.total_minor);
      switch (booking.status) {
        case 'booked':
          expect(booking.ticketing_deadline.getTime(), where).toBeGreaterThan(now().getTime());
          expect(ownTickets, where).toEqual([]);
          break;
        case 'cancelled':
        case 'expired':
          expect(ownTickets, where).toEqual([]);
          break;
        case 'ticketed':
          expect(
            statuses.every((status) => status === 'issued'),
            where,
          ).toBe(true);
          break;
        case 'voided':
          expect(
            statuses.every((status) => status === 'voided'),
            where,
          ).toBe(true);
          break;
        case 'refunded':
          expect(
            statuses.every((status) => status === 'refunded'),
            where,
          ).toBe(true);
          break;
        case 'partially_refunded':
          expect(statuses.includes('refunded') && statuses.includes('issued'), where).toBe(true);
          break;
        case 'refund_requested':
          expect(statuses.includes('refund_requested'), where).toBe(true);
          break;
        default:
          throw new Error(`unexpected status ${where} ${booking.status}`);
      }
      if (ownTickets.length > 0) {
        expect(ownTickets.length, where).toBe(own.length);
        for (const ticket of ownTickets) expect(ticket.ticket_number, where).toMatch(/^\d{13}$/);
      }
      // Money: paid on issue, back on a void or a settled refund, nothing else.
      const paid = ownTickets.reduce((sum, ticket) => sum + ticket.paid_minor, 0);
      const back = ownTickets.reduce(
        (sum, ticket) =>
          sum + (ticket.status === 'voided' ? ticket.paid_minor : 0) + (ticket.refunded_minor ?? 0),
        0,
      );
      const moved = ledger
        .filter((line) => line.booking_id === booking.id)
        .reduce((sum, line) => sum + line.amount_minor, 0);
      expect(moved, where).toBe(back - paid);
      if (ownTickets.length > 0) expect(paid, where).toBe(booking.total_minor);
      // One order per money movement, its ledger line named.
      const ownOrders = orders.filter((order) => order.booking_id === booking.id);
      expect(ownOrders.filter((order) => order.kind === 'ticket').length, where).toBe(
        ownTickets.length > 0 ? 1 : 0,
      );
      for (const order of ownOrders) {
        expect(order.order_no, where).toMatch(/^ORD-\d+$/);
        if (order.status === 'completed' && order.amount_minor > 0) {
          expect(ledger.find((line) => line.id === order.ledger_entry_id)?.booking_id, where).toBe(
            booking.id,
          );
        }
      }
      // The history: one line per status change, from 'booked' to the status it has now.
      const history = events.filter((event) => event.booking_id === booking.id);
      expect(history[0], where).toMatchObject({ action: 'booked', from_status: null, to_status: 'booked' });
      expect(history.at(-1)!.to_status, where).toBe(booking.status);
      history.forEach((event, index) => {
        if (index > 0) expect(event.from_status, where).toBe(history[index - 1]!.to_status);
        expect(event.created_at.getTime(), where).toBeLessThanOrEqual(now().getTime());
      });
      // Seats: a live booking holds one per seated passenger still flying on each of its flights.
      if (LIVE.includes(booking.status)) {
        const flying = own.filter((p) => {
          const ticket = ownTickets.find((tk) => tk.passenger_id === p.id);
          return !ticket || SEAT_HOLDING_TICKET.includes(ticket.status);
        });
        const seated = flying.filter((p) => p.passenger_type !== 'infant').length;
        for (const segment of segments.filter((s) => s.booking_id === booking.id)) {
          expect(segment.seats, where).toBe(seated);
          const key = `${segment.flight}|${segment.departure_date}|${segment.cabin}`;
          held.set(key, (held.get(key) ?? 0) + segment.seats);
        }
      }
    }
    // Order numbers follow the order the orders were made in.
    const byNumber = [...orders].sort((a, b) => Number(a.order_no.slice(4)) - Number(b.order_no.slice(4)));
    byNumber.forEach((order, index) => {
      if (index > 0)
        expect(order.created_at.getTime()).toBeGreaterThanOrEqual(byNumber[index - 1]!.created_at.getTime());
    });
    // The sandbox's seats sold are exactly what the live bookings hold.
    const inventory = await db.selectFrom('seat_inventory').selectAll().execute();
    expect(
      new Map(inventory.map((row) => [`${row.flight}|${row.departure_date}|${row.cabin}`, row.seats_sold])),
    ).toEqual(held);
  });

  it('has holds due within hours and tickets departing today and tomorrow, as the dashboard lists them', async () => {
    const holds = await get(t, `/api/booking/company/${companyId}?status=booked`, { token });
    expect(holds.statusCode, holds.body).toBe(200);
    const live = holds.json().data as {
      pnr: string;
      ticketing_deadline: string;
      allowed_actions: string[];
    }[];
    expect(live.length).toBeGreaterThanOrEqual(2);
    const dueSoon = live.filter(
      (hold) => Date.parse(hold.ticketing_deadline) - now().getTime() < 6 * HOUR_MS,
    );
    expect(dueSoon.length).toBeGreaterThanOrEqual(2);
    for (const hold of live) expect(Date.parse(hold.ticketing_deadline)).toBeGreaterThan(now().getTime());

    const today = localDate(DEMO_TIME_ZONE, Math.floor(now().getTime() / 60_000));
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 24 * HOUR_MS).toISOString().slice(0, 10);
    const departing = await rows(sql<{ day: string; count: number }>`
      select substr(b.itinerary #>> '{AirItinerary,OriginDestinationOptions,OriginDestinationOption,0,FlightSegment,0,DepartureDateTime}', 1, 10) as day,
        count(*)::int as count
      from bookings b where b.company_id = ${companyId} and b.status = 'ticketed'
      group by 1`);
    const on = (day: string) => departing.find((row) => row.day === day)?.count ?? 0;
    expect(on(today)).toBeGreaterThanOrEqual(2);
    expect(on(tomorrow)).toBeGreaterThanOrEqual(2);

    // One click issues a hold due soon: the history's holds are real holds.
    const issued = await post(t, '/api/booking-issue', { pnr: dueSoon[0]!.pnr }, { token });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().data.status).toBe('ticketed');
  });

  it('reads back through the app: bookings, details, orders, deposits with receipts, the statement', async () => {
    const list = await get(t, `/api/booking/company/${companyId}?limit=100`, { token });
    expect(list.statusCode, list.body).toBe(200);
    const bookings = list.json().data as { id: string; status: string }[];
    expect(bookings).toHaveLength(100);
    for (const status of ['ticketed', 'cancelled', 'refunded']) {
      const one = bookings.find((booking) => booking.status === status);
      if (!one) continue;
      const details = await get(t, `/api/booking/${one.id}`, { token });
      expect(details.statusCode, details.body).toBe(200);
      expect(details.json().data.history.length).toBeGreaterThan(1);
    }
    const orders = await get(t, '/api/orders/company', { token });
    expect(orders.statusCode, orders.body).toBe(200);

    const deposits = await get(t, '/api/company/user-transactions', { token });
    expect(deposits.statusCode, deposits.body).toBe(200);
    const first = (deposits.json().data as { id: string }[])[0]!;
    const receipt = await get(t, `/api/company/transactions/${first.id}/receipt`, { token });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toContain('application/pdf');

    const statement = await get(t, '/api/company/statement', { token });
    expect(statement.statusCode, statement.body).toBe(200);
    const { data } = statement.json();
    expect(data.total).toBeGreaterThan(100);
  });
  it('is a world an operator could audit: documents on file, everyone enrolled, figures that add up (issue 30)', async () => {
    const operator = await operatorSignIn(t, DEMO_OPERATOR);
    const res = await get(t, `/api/admin/companies/${companyId}`, { token: operator.token });
    expect(res.statusCode, res.body).toBe(200);
    const details = res.json().data as {
      company: { verification_status: string };
      vendor_form: {
        submitted_at: string;
        documents: { kind: string; url: string; content_type: string }[];
      } | null;
      users: { name: string; is_active: boolean; email_verified: boolean; two_factor_enabled: boolean }[];
      history: { action: string; created_at: string }[];
    };
    // Approved on documents the operator can open, sent before the approval that read them.
    expect(details.company.verification_status).toBe('approved');
    expect(details.vendor_form?.documents.map((document) => document.kind).sort()).toEqual([
      'owner_id_document',
      'trade_license',
    ]);
    const approved = details.history.find((decision) => decision.action === 'approve')!;
    expect(Date.parse(details.vendor_form!.submitted_at)).toBeLessThan(Date.parse(approved.created_at));
    for (const document of details.vendor_form!.documents) {
      const file = await get(t, document.url, { token: operator.token });
      expect(file.statusCode, document.kind).toBe(200);
      expect(file.headers['content-type']).toContain('application/pdf');
      expect(file.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    }
    // Two-step sign-in is mandatory: nobody shows "No authenticator yet", and each can sign in.
    expect(details.users).toHaveLength(4);
    for (const user of details.users) {
      expect(user, user.name).toMatchObject({
        is_active: true,
        email_verified: true,
        two_factor_enabled: true,
      });
    }
    const staffLogin = await post(t, '/api/login', { email: 'priya@skydesk.local', password: DEMO.password });
    expect(staffLogin.statusCode, staffLogin.body).toBe(200);
    expect(staffLogin.json().data.next).toBe('verify_2fa');

    // Over the whole history every booking made has one first outcome — ticketed, cancelled,
    // expired, or still on hold — and voids and refunds are later outcomes of ticketed ones.
    const [span] = await rows(sql<{ first: string }>`
      select min((created_at at time zone ${DEMO_TIME_ZONE})::date)::text as first
      from bookings where company_id = ${companyId}`);
    const today = localDate(DEMO_TIME_ZONE, Math.floor(now().getTime() / 60_000));
    const kpiRes = await get(t, `/api/company/company-kpi?fromDate=${span!.first}&toDate=${today}`, {
      token,
    });
    expect(kpiRes.statusCode, kpiRes.body).toBe(200);
    const kpis = kpiRes.json().data as {
      key: string;
      value: number;
      items: { key: string; value: number }[];
    }[];
    const bookings = kpis.find((kpi) => kpi.key === 'bookings')!.value;
    const outcome = Object.fromEntries(
      kpis.find((kpi) => kpi.key === 'outcomes')!.items.map((item) => [item.key, item.value]),
    );
    const [made] = await rows(sql<{ count: number }>`
      select count(*)::int as count from bookings where company_id = ${companyId}`);
    expect(bookings).toBe(made!.count);
    expect(outcome.ticketed! + outcome.cancelled! + outcome.expired! + outcome.on_hold!).toBe(bookings);
    expect(outcome.voided! + outcome.refunded!).toBeLessThanOrEqual(outcome.ticketed!);
  });
});

describe('a deposit receipt', () => {
  it('is a PDF that says what was transferred', () => {
    const pdf = receiptPdf(['Bank transfer advice', 'Reference: FT26004711 (test)']).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain('(Reference: FT26004711 \\(test\\)) Tj');
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
  });
});
