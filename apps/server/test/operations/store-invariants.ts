import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/platform/db/schema.js';

/**
 * What must hold in a store whatever happened to the process that wrote it (a SIGKILL mid-request
 * included): the money and seat rules of issue 5, read straight from the tables. Returns the
 * broken rules, one line each (empty when the store is sound), so a test can print them all.
 *
 * - every agency's ledger sums to its balance, its lines numbered 1..n, the balance row knowing n;
 * - a booking is never half made: one that was ticketed has a ticket per passenger and its debit
 *   line; a hold, a cancelled or an expired one has neither;
 * - every approved deposit is exactly one `deposit` line of its amount, any other deposit none;
 * - seats sold on each flight are what live bookings' seated passengers still hold.
 */

const LIVE = ['booked', 'ticketed', 'refund_requested', 'partially_refunded'];
const TICKETED = ['ticketed', 'refund_requested', 'partially_refunded', 'refunded', 'voided'];
const SEAT_HOLDING_TICKET = ['issued', 'refund_requested', 'refund_rejected'];

export async function brokenRules(db: Kysely<Database>): Promise<string[]> {
  const broken: string[] = [];

  const balances = await sql<{
    company_id: string;
    balance_minor: number;
    entry_count: number;
    sum: number | null;
    lines: number;
    max_seq: number | null;
  }>`
    select b.company_id, b.balance_minor, b.entry_count,
           (select sum(amount_minor) from ledger_entries l where l.company_id = b.company_id)::bigint as sum,
           (select count(*) from ledger_entries l where l.company_id = b.company_id)::int as lines,
           (select max(seq) from ledger_entries l where l.company_id = b.company_id)::bigint as max_seq
    from credit_balances b`.execute(db);
  for (const row of balances.rows) {
    if (Number(row.sum ?? 0) !== row.balance_minor) {
      broken.push(`agency ${row.company_id}: ledger sums to ${row.sum}, balance says ${row.balance_minor}`);
    }
    if (row.lines !== Number(row.entry_count) || Number(row.max_seq ?? 0) !== row.lines) {
      broken.push(
        `agency ${row.company_id}: ${row.lines} ledger lines, numbered to ${row.max_seq}, balance counts ${row.entry_count}`,
      );
    }
  }

  const bookings = await db.selectFrom('bookings').select(['id', 'pnr', 'status']).execute();
  const passengers = await db
    .selectFrom('booking_passengers')
    .select(['id', 'booking_id', 'passenger_type'])
    .execute();
  const tickets = await db.selectFrom('tickets').select(['booking_id', 'passenger_id', 'status']).execute();
  const debits = await db
    .selectFrom('ledger_entries')
    .select(['booking_id', 'kind', 'amount_minor'])
    .where('booking_id', 'is not', null)
    .execute();
  const segments = await db
    .selectFrom('booking_segments')
    .select(['booking_id', 'flight', 'departure_date', 'cabin'])
    .execute();

  const held = new Map<string, number>();
  for (const booking of bookings) {
    const where = `booking ${booking.pnr} (${booking.status})`;
    const own = passengers.filter((p) => p.booking_id === booking.id);
    const ownTickets = tickets.filter((ticket) => ticket.booking_id === booking.id);
    const ownDebits = debits.filter((entry) => entry.booking_id === booking.id && entry.amount_minor < 0);
    if (TICKETED.includes(booking.status)) {
      if (ownTickets.length !== own.length) {
        broken.push(`${where}: ${ownTickets.length} tickets for ${own.length} passengers`);
      }
      if (ownDebits.length === 0) broken.push(`${where}: ticketed without a debit on the ledger`);
    } else {
      if (ownTickets.length > 0) broken.push(`${where}: has ${ownTickets.length} tickets`);
      if (debits.some((entry) => entry.booking_id === booking.id)) broken.push(`${where}: has ledger lines`);
    }
    if (!LIVE.includes(booking.status)) continue;
    const seated = own.filter((p) => {
      const ticket = ownTickets.find((tk) => tk.passenger_id === p.id);
      return p.passenger_type !== 'infant' && (!ticket || SEAT_HOLDING_TICKET.includes(ticket.status));
    }).length;
    for (const segment of segments.filter((s) => s.booking_id === booking.id)) {
      const key = `${segment.flight}|${segment.departure_date}|${segment.cabin}`;
      held.set(key, (held.get(key) ?? 0) + seated);
    }
  }
  const inventory = await db
    .selectFrom('seat_inventory')
    .select(['flight', 'departure_date', 'cabin', 'seats_sold'])
    .execute();
  for (const row of inventory) {
    const key = `${row.flight}|${row.departure_date}|${row.cabin}`;
    if (row.seats_sold !== (held.get(key) ?? 0)) {
      broken.push(`flight ${key}: ${row.seats_sold} seats sold, live bookings hold ${held.get(key) ?? 0}`);
    }
    held.delete(key);
  }
  for (const [key, seats] of held) {
    if (seats > 0) broken.push(`flight ${key}: no seats sold, live bookings hold ${seats}`);
  }

  const deposits = await sql<{
    id: string;
    status: string;
    amount_minor: number;
    lines: number;
    line_minor: number | null;
  }>`
    select d.id, d.status, d.amount_minor,
           (select count(*) from ledger_entries l where l.transaction_id = d.id and l.kind = 'deposit')::int as lines,
           (select sum(amount_minor) from ledger_entries l where l.transaction_id = d.id)::bigint as line_minor
    from deposit_transactions d`.execute(db);
  for (const deposit of deposits.rows) {
    const expected = deposit.status === 'approved' ? 1 : 0;
    if (deposit.lines !== expected) {
      broken.push(`deposit ${deposit.id} (${deposit.status}): ${deposit.lines} deposit lines`);
    } else if (expected === 1 && Number(deposit.line_minor) !== deposit.amount_minor) {
      broken.push(`deposit ${deposit.id}: line of ${deposit.line_minor} for ${deposit.amount_minor}`);
    }
  }
  return broken;
}
