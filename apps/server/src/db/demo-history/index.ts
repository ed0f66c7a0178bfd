import { randomBytes, randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { EMPTY_INVENTORY } from '../../supplier/inventory.js';
import {
  createRandom,
  createSandboxSupplier,
  type SandboxSupplier,
  sharedTimetable,
} from '../../supplier/sandbox/index.js';
import { writeOperatorAudit } from './audit.js';
import { numberOrders, writeBookingEvents, writeBookings, writeHeldSeats, writeOrders } from './bookings.js';
import { planHistory } from './history.js';
import { writeDeposits, writeLedger } from './money.js';
import type { DemoAgency, DemoHistoryOptions, DemoHistorySummary, Planner } from './plan.js';
import { writeSearches } from './searches.js';
import { STAFF, writeAgencyPast, writeStaff } from './staff.js';
import { writeSavedTravellers } from './travellers.js';

/**
 * A few months of the demo agency's past (issue 15), so a newcomer's dashboard shows a living
 * agency rather than zeros: staff who search and hold flights most days, most holds ticketed, some
 * cancelled, expired, voided or refunded; deposits approved whenever the credits run low; and the
 * present — holds live now (two of them close to their deadline) and tickets departing today and
 * tomorrow.
 *
 * Every booking is what the sandbox GDS really sold: its itinerary is the answer of a search made
 * as of the moment it was booked (`searchAt`), on routes the network flies with the carriers that
 * fly them. Every row is shaped as the services write it — statuses, tickets, orders, history
 * lines in the services' words, and ledger lines numbered 1..n in posting order with the balance
 * and the credits after each — so the invariants the bookings and statement tests hold (the
 * ledger sums to the balance, a live booking holds exactly its flying passengers' seats, seats sold
 * are what live bookings hold) hold of the demo too.
 *
 * The history is planned here in TypeScript, because it needs the supplier's itineraries, the
 * fare rules' refund amounts and the balance in posting order to decide when the agency deposits;
 * it goes into the store as one multi-row INSERT per table (a few statements, not a round trip per
 * row), and the seats its live bookings hold by one INSERT … SELECT. The analytics rollups are kept
 * by the store's own triggers as these rows go in.
 *
 * The folder, by what it makes: staff.ts (the agency before its history, its staff),
 * travellers.ts, bookings.ts (itineraries, what became of them, orders, seats held), money.ts (the
 * ledger and the deposits that kept it paying), searches.ts and audit.ts (the operators'
 * decisions); history.ts plans the days, plan.ts holds the plan's shapes and rows.ts writes a
 * table's rows at once. This file is the folder's one entry (seed-demo.ts, main.ts).
 */

export { receiptPdf } from './money.js';
export type { DemoAgency, DemoHistoryOptions, DemoHistorySummary } from './plan.js';

/** Where the demo agency (San Francisco) lives when its profile names no zone. */
export const DEMO_TIME_ZONE = 'America/Los_Angeles';
/** About four months of days before today. */
export const DEMO_HISTORY_DAYS = 122;

/**
 * The sandbox GDS the history books from: the server's own network (built once per process and
 * shared with the server that starts next), with no seats sold.
 */
export async function demoSupplier(currency: string): Promise<SandboxSupplier> {
  return createSandboxSupplier({
    timetable: await sharedTimetable(),
    inventory: EMPTY_INVENTORY,
    currency,
    offerKey: randomBytes(32),
  });
}

/**
 * Seeds the demo agency's history inside the seeding transaction (seed-demo.ts), on a store whose
 * agency has no ledger line yet: the opening credits are the history's first line.
 */
export async function seedDemoHistory(
  trx: Transaction<Database>,
  agency: DemoAgency,
  options: DemoHistoryOptions,
): Promise<DemoHistorySummary> {
  const planner: Planner = {
    random: createRandom(options.seed ?? 15),
    supplier: options.supplier ?? (await demoSupplier(agency.currency)),
    agency,
    options: {
      now: options.now,
      timeZone: options.timeZone,
      days: options.days ?? DEMO_HISTORY_DAYS,
      hold: options.hold ?? { holdMinutes: 24 * 60, cutoffMinutes: 180 },
    },
  };
  // The staff who book and keep the money, there since the history's start; they sign in with
  // the demo password (the owner's hash) and enrol their own authenticator.
  const roles = await trx
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('company_id', '=', agency.companyId)
    .execute();
  const roleId = (name: string) => {
    const role = roles.find((row) => row.name === name);
    if (!role) throw new Error(`The demo agency has no ${name} role`);
    return role.id;
  };
  const staff = STAFF.map((member) => ({ id: randomUUID(), ...member }));
  const plan = await planHistory(planner, staff);
  const { companyId, currency } = agency;
  const started = plan.start;

  await writeAgencyPast(trx, agency, started);
  await writeStaff(trx, agency, plan, roleId);
  const savedIds = await writeSavedTravellers(trx, plan, companyId);
  await writeBookings(trx, plan, { companyId, currency, savedIds });
  const { orders, orderNoOf, renameOrders } = await numberOrders(trx, plan);
  const ledger = await writeLedger(trx, plan, { companyId, currency, now: options.now, renameOrders });
  await writeDeposits(trx, plan, {
    companyId,
    currency,
    operatorId: agency.operatorId,
    files: options.files,
  });
  await writeOrders(trx, orders, { companyId, currency, orderNoOf });
  await writeBookingEvents(trx, plan, renameOrders);
  await writeSearches(trx, plan, companyId);
  await writeOperatorAudit(trx, plan, orders, { operatorId: agency.operatorId, currency });
  await writeHeldSeats(trx, companyId, options.now);

  const byStatus: DemoHistorySummary['byStatus'] = {};
  for (const booking of plan.bookings) byStatus[booking.status] = (byStatus[booking.status] ?? 0) + 1;
  return {
    bookings: plan.bookings.length,
    byStatus,
    ledgerLines: ledger.lines,
    balanceMinor: ledger.balanceMinor,
    deposits: plan.deposits.length,
    searches: plan.searches.length,
    liveHolds: byStatus.booked ?? 0,
  };
}
