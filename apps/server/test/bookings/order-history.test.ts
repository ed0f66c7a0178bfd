import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBooking } from '../analytics/history.js';
import { createTestApp } from '../support/app.js';
import {
  get,
  makeApprovedCompany,
  onboardedOwner,
  type SignedIn,
  type TestApp,
} from '../support/auth-flow.js';
import { storeKinds } from '../support/stores.js';

type Kind = 'ticket' | 'void' | 'refund';
type Status = 'completed' | 'pending' | 'rejected';
type Made = { bookingId: string; pnr: string; kind: Kind; status: Status; amountMinor: number; at: Date };
type OrderJson = { id: string; pnr: string; kind: Kind; status: Status; amount: number; created_at: string };

const DAY_MS = 86_400_000;
const START = Date.parse('2026-07-01T09:00:00Z');

/** Issue 30: order history pages on the server, filtered, counted and totalled. */
describe.each(storeKinds())('order history pages on %s', (kind) => {
  let t: TestApp;
  let agent: SignedIn;
  const made: Made[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await onboardedOwner(t);
    await makeApprovedCompany(t.store.db, agent.user.company_id);
    // 70 bookings, each ticketed; every third refunded or voided, one day apart.
    for (let i = 0; i < 70; i++) {
      const at = new Date(START + i * DAY_MS);
      const bookingId = await addBooking(t.store.db, {
        companyId: agent.user.company_id,
        createdBy: agent.user.id,
        route: 'LHR-JFK',
        carrier: 'BA',
        passengers: 1,
        bookedAt: at.toISOString(),
        status: 'ticketed',
      });
      const { pnr } = await t.store.db
        .selectFrom('bookings')
        .select('pnr')
        .where('id', '=', bookingId)
        .executeTakeFirstOrThrow();
      if (i === 7) {
        await t.store.db
          .updateTable('booking_passengers')
          .set({ first_name: 'ZELDA', last_name: 'QUILL' })
          .where('booking_id', '=', bookingId)
          .execute();
      }
      made.push({ bookingId, pnr, kind: 'ticket', status: 'completed', amountMinor: 10_000 + i, at });
      if (i % 3 === 0) {
        made.push({
          bookingId,
          pnr,
          kind: i % 2 === 0 ? 'refund' : 'void',
          status: i % 4 === 0 ? 'rejected' : i % 5 === 0 ? 'pending' : 'completed',
          amountMinor: 5_000,
          at: new Date(at.getTime() + 3_600_000),
        });
      }
    }
    await t.store.db
      .insertInto('orders')
      .values(
        made.map((order, i) => ({
          order_no: `ORD-${String(i).padStart(6, '0')}`,
          company_id: agent.user.company_id,
          booking_id: order.bookingId,
          kind: order.kind,
          amount_minor: order.amountMinor,
          currency: 'USD',
          status: order.status,
          ticket_numbers: [],
          ledger_entry_id: null,
          allowed_minor: null,
          created_at: order.at,
        })),
      )
      .execute();
  });
  afterAll(async () => t?.close());

  const orders = (query: string) => get(t, `/api/orders/company${query}`, { token: agent.token });

  it('still answers the bare list of every order without view=page', async () => {
    const res = await orders('');
    expect(res.statusCode, res.body).toBe(200);
    const list: OrderJson[] = res.json().data;
    expect(list).toHaveLength(made.length);
    expect(list[0]!.created_at).toBe(made.at(-1)!.at.toISOString());
  });

  it('pages newest first, every order once, with how many there are and the totals per kind', async () => {
    const first = (await orders('?view=page')).json().data;
    expect(first.total).toBe(made.length);
    expect(first.totalPages).toBe(Math.ceil(made.length / 20));
    expect(first.orders).toHaveLength(20);
    const seen: OrderJson[] = [];
    for (let page = 0; page < first.totalPages; page++) {
      seen.push(...(await orders(`?view=page&page=${page}`)).json().data.orders);
    }
    expect(new Set(seen.map((order) => order.id)).size).toBe(made.length);
    const times = seen.map((order) => order.created_at);
    expect(times).toEqual([...times].sort().reverse());
    for (const kindOf of ['ticket', 'void', 'refund'] as const) {
      const ofKind = made.filter((order) => order.kind === kindOf);
      const total = first.totals.find((row: { kind: Kind }) => row.kind === kindOf);
      expect(total).toEqual({
        kind: kindOf,
        currency: 'USD',
        count: ofKind.length,
        // A rejected order moved no money: counted, not added.
        amount:
          ofKind.filter((order) => order.status !== 'rejected').reduce((sum, o) => sum + o.amountMinor, 0) /
          100,
      });
    }
  });

  it('filters by status, kind, PNR or passenger, and days', async () => {
    const pending = (await orders('?view=page&status=pending&limit=100')).json().data;
    expect(pending.total).toBe(made.filter((order) => order.status === 'pending').length);
    expect(pending.orders.every((order: OrderJson) => order.status === 'pending')).toBe(true);
    const refunds = (await orders('?view=page&kind=refund&status=completed')).json().data;
    expect(refunds.total).toBe(made.filter((o) => o.kind === 'refund' && o.status === 'completed').length);
    const byPnr = (await orders(`?view=page&q=${made[9]!.pnr.toLowerCase()}`)).json().data;
    expect(byPnr.orders.map((order: OrderJson) => order.pnr)).toEqual(
      made.filter((order) => order.pnr === made[9]!.pnr).map((order) => order.pnr),
    );
    const byName = (await orders('?view=page&q=zelda%20quill')).json().data;
    const zelda = made.find((order) => order.at.getTime() === START + 7 * DAY_MS)!;
    expect(byName.orders.map((order: OrderJson) => order.pnr)).toEqual(
      made.filter((order) => order.pnr === zelda.pnr).map((order) => order.pnr),
    );
    const days = (await orders('?view=page&from=2026-07-01&to=2026-07-02')).json().data;
    // Day 0: its ticket and its refund; day 1: a ticket.
    expect(days.total).toBe(3);
    expect((await orders('?view=page&from=2026-07-03&to=2026-07-02')).statusCode).toBe(422);
    expect((await orders('?status=cancelled')).statusCode).toBe(422);
  });

  it("counts only the agency's own orders", async () => {
    const other = await onboardedOwner(t);
    await makeApprovedCompany(t.store.db, other.user.company_id);
    const theirs = (await get(t, '/api/orders/company?view=page', { token: other.token })).json().data;
    expect(theirs).toEqual({ orders: [], total: 0, totalPages: 0, totals: [] });
  });
});
