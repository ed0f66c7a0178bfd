import type { BookingStatus } from '@skydesk/contract';
import {
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  sql,
  type Transaction,
} from 'kysely';
import type {
  BookingPassengersTable,
  BookingSegmentsTable,
  BookingsTable,
  Database,
  OrdersTable,
  TicketsTable,
} from '../../../platform/db/schema.js';
import type { HeldSeats } from '../../../supplier/port.js';
import { type BookingScheduleChange, latestScheduleChanges } from '../schedule-changes/repo.js';
import { newPnr } from './references.js';
import { bookingTotalMinor, servicesTotalMinor } from './total.js';

/**
 * The bookings' SQL. Every read that starts from a request is scoped (`BookingScope`): to the
 * session's company (docs/architecture.md §6), and for a user whose role reaches only their own bookings, to
 * those they made (issue 13); a booking out of scope is not found, exactly as a missing one. Writes
 * take a transaction, so the caller decides what else happens with them (seats, credits, orders).
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Whose bookings a request reaches: its company's, and only those `createdBy` made when set. */
export type BookingScope = { companyId: string; createdBy: string | null };

/** The one filter every scoped read applies to `bookings`. */
const inScope = (scope: BookingScope) => (eb: ExpressionBuilder<Database, 'bookings'>) =>
  eb.and([
    eb('bookings.company_id', '=', scope.companyId),
    ...(scope.createdBy === null ? [] : [eb('bookings.created_by', '=', scope.createdBy)]),
  ]);

export type BookingRow = Selectable<BookingsTable>;
export type PassengerRow = Selectable<BookingPassengersTable>;
export type TicketRow = Selectable<TicketsTable>;
export type OrderRow = Selectable<OrdersTable>;

/** A booking with what its answer shows: creator, passengers in order, tickets, its total. */
export type BookingRecord = {
  booking: BookingRow;
  creator: { id: string; name: string };
  passengers: PassengerRow[];
  tickets: TicketRow[];
  /** What the agency pays for it, fare and seats and bags (total.ts: the one rule). */
  totalMinor: number;
  /** The seats and bags part of it. */
  servicesMinor: number;
  /** Issue 32: the airline's latest schedule change of its flights, pending or answered. */
  scheduleChange?: BookingScheduleChange | null;
};

export type HistoryRow = {
  id: string;
  action: string;
  from_status: BookingStatus | null;
  to_status: BookingStatus;
  note: string | null;
  actor_id: string | null;
  actor_name: string | null;
  created_at: Date;
};

// ── reads ───────────────────────────────────────────────────────────────────────────────────

export const findBookingId = (db: Db, scope: BookingScope, bookingId: string) =>
  db.selectFrom('bookings').select('id').where('id', '=', bookingId).where(inScope(scope)).executeTakeFirst();

export const findBookingIdByPnr = (db: Db, scope: BookingScope, pnr: string) =>
  db
    .selectFrom('bookings')
    .select(['id', 'supplier'])
    .where('pnr', '=', pnr)
    .where(inScope(scope))
    .executeTakeFirst();

/**
 * Holds the hold-expiry paths may expire: not one whose supplier order step is under way (the
 * airline was asked to pay or cancel it; the saga settles it, decision 020).
 */
const expirable = (eb: ExpressionBuilder<Database, 'bookings'>) =>
  eb.or([
    eb('bookings.supplier_state', 'is', null),
    eb('bookings.supplier_state', 'not in', ['confirming', 'paying', 'ordering', 'cancelling']),
  ]);

/** The booking row in scope, unlocked (quotes), or undefined. */
export const findScopedBooking = (db: Db, scope: BookingScope, bookingId: string) =>
  db.selectFrom('bookings').selectAll().where('id', '=', bookingId).where(inScope(scope)).executeTakeFirst();

/**
 * The booking row in scope, locked until the caller's transaction ends: every status change
 * (issue, cancel, void, refund, expiry) starts here, so two of them on one booking queue up and the
 * second sees what the first did.
 */
export const loadBookingForUpdate = (trx: Transaction<Database>, scope: BookingScope, bookingId: string) =>
  trx
    .selectFrom('bookings')
    .selectAll()
    .where('id', '=', bookingId)
    .where(inScope(scope))
    .forUpdate()
    .executeTakeFirst();

/** Full records of the bookings in scope, in the order of `ids` (missing or out-of-scope ids dropped). */
export async function loadBookingRecords(
  db: Db,
  scope: BookingScope,
  ids: readonly string[],
): Promise<BookingRecord[]> {
  if (ids.length === 0) return [];
  const [rows, passengers, tickets, services, scheduleChanges] = await Promise.all([
    db
      .selectFrom('bookings')
      .innerJoin('users', 'users.id', 'bookings.created_by')
      .selectAll('bookings')
      .select('users.name as creator_name')
      .where('bookings.id', 'in', ids)
      .where(inScope(scope))
      .execute(),
    db
      .selectFrom('booking_passengers')
      .selectAll()
      .where('booking_id', 'in', ids)
      .orderBy('booking_id')
      .orderBy('position')
      .execute(),
    db.selectFrom('tickets').selectAll().where('booking_id', 'in', ids).execute(),
    servicesInTotals(db, ids),
    latestScheduleChanges(db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { creator_name, ...booking } = row;
    const ownPassengers = passengers.filter((passenger) => passenger.booking_id === id);
    const ownServices = services.filter((service) => service.booking_id === id);
    const order = new Map(ownPassengers.map((passenger) => [passenger.id, passenger.position]));
    return [
      {
        booking,
        creator: { id: booking.created_by, name: creator_name },
        totalMinor: bookingTotalMinor(booking, ownServices),
        servicesMinor: servicesTotalMinor(ownServices),
        scheduleChange: scheduleChanges.get(id) ?? null,
        passengers: ownPassengers,
        tickets: tickets
          .filter((ticket) => ticket.booking_id === id)
          .sort(
            (a, b) =>
              (order.get(a.passenger_id) ?? 0) - (order.get(b.passenger_id) ?? 0) ||
              // Issue 32: a passenger's replaced tickets first, then the one that replaced them.
              a.issued_at.getTime() - b.issued_at.getTime(),
          ),
      },
    ];
  });
}

/** The seats and bags each booking's total reads (total.ts), for the bookings of `ids`. */
const servicesInTotals = (db: Db, ids: readonly string[]) =>
  db
    .selectFrom('booking_services')
    .select(['booking_id', 'amount_minor', 'status', 'issued_at', 'created_at'])
    .where('booking_id', 'in', ids)
    .execute();

/**
 * What the agency pays for each booking of `ids` (total.ts), for modules that show a booking beside
 * their own rows (the operator's refund queue, the support desk): the stored `total_minor` alone is
 * the fare on the sandbox, so no module outside this one reads it (structure test).
 */
export async function loadBookingTotals(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const [bookings, services] = await Promise.all([
    db
      .selectFrom('bookings')
      .select(['id', 'total_minor', 'supplier', 'created_at'])
      .where('id', 'in', ids)
      .execute(),
    servicesInTotals(db, ids),
  ]);
  return new Map(
    bookings.map((booking) => [
      booking.id,
      bookingTotalMinor(
        booking,
        services.filter((service) => service.booking_id === booking.id),
      ),
    ]),
  );
}

export async function loadBookingRecord(db: Db, scope: BookingScope, bookingId: string) {
  const [record] = await loadBookingRecords(db, scope, [bookingId]);
  return record;
}

/** The booking's history, oldest first, with who acted (null: the system). */
export const loadHistory = (db: Db, bookingId: string): Promise<HistoryRow[]> =>
  db
    .selectFrom('booking_events')
    .leftJoin('users', 'users.id', 'booking_events.actor_user_id')
    .select([
      'booking_events.id',
      'booking_events.action',
      'booking_events.from_status',
      'booking_events.to_status',
      'booking_events.note',
      'booking_events.created_at',
      'users.id as actor_id',
      'users.name as actor_name',
    ])
    .where('booking_events.booking_id', '=', bookingId)
    .orderBy('booking_events.created_at')
    .orderBy('booking_events.id')
    .execute();

export type BookingFilters = {
  statuses?: BookingStatus[] | undefined;
  /** Creation dates (UTC), inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  /** First-departure dates, inclusive, airport-local (the itinerary's first flight's date). */
  departsFrom?: string | undefined;
  departsTo?: string | undefined;
  /** A PNR or part of a passenger's name, any case. */
  q?: string | undefined;
  /** Newest first (created), nearest ticketing deadline first, or soonest first departure first. */
  sort?: 'created' | 'deadline' | 'departure';
  page: number;
  limit: number;
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

/** A booking whose PNR or one of whose passengers' names holds `text`, any case. */
const pnrOrPassenger = (text: string) => (eb: ExpressionBuilder<Database, 'bookings'>) => {
  const pattern = likePattern(text);
  return eb.or([
    eb('bookings.pnr', 'ilike', pattern),
    eb.exists(
      eb
        .selectFrom('booking_passengers')
        .select('booking_passengers.id')
        .whereRef('booking_passengers.booking_id', '=', 'bookings.id')
        .where((name) =>
          name.or([
            name('booking_passengers.first_name', 'ilike', pattern),
            name('booking_passengers.last_name', 'ilike', pattern),
            name(
              sql<string>`booking_passengers.first_name || ' ' || booking_passengers.last_name`,
              'ilike',
              pattern,
            ),
          ]),
        ),
    ),
  ]);
};

/** Ids of the bookings in scope matching the filters, in the order asked (newest first), one page. */
export async function listBookingIds(
  db: Db,
  scope: BookingScope,
  filters: BookingFilters,
): Promise<string[]> {
  let query = db.selectFrom('bookings').select('bookings.id').where(inScope(scope));
  if (filters.statuses && filters.statuses.length > 0) {
    query = query.where('bookings.status', 'in', filters.statuses);
  }
  if (filters.from) query = query.where('bookings.created_at', '>=', new Date(`${filters.from}T00:00:00Z`));
  if (filters.to) query = query.where('bookings.created_at', '<', nextDay(filters.to));
  // bookings_company_departure_idx: (company_id, first_departure_date).
  if (filters.departsFrom) query = query.where('bookings.first_departure_date', '>=', filters.departsFrom);
  if (filters.departsTo) query = query.where('bookings.first_departure_date', '<=', filters.departsTo);
  const q = filters.q?.trim();
  if (q) query = query.where(pnrOrPassenger(q));
  switch (filters.sort ?? 'created') {
    case 'deadline':
      query = query.orderBy('bookings.ticketing_deadline').orderBy('bookings.id');
      break;
    case 'departure':
      query = query.orderBy('bookings.first_departure_at').orderBy('bookings.id');
      break;
    case 'created':
      query = query.orderBy('bookings.created_at', 'desc').orderBy('bookings.id', 'desc');
      break;
  }
  const rows = await query
    .limit(filters.limit)
    .offset(filters.page * filters.limit)
    .execute();
  return rows.map((row) => row.id);
}

/** What ticketing the company's live holds would take, in minor units. */
export async function reservedMinor(db: Db, companyId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_minor'), eb.lit(0)).as('reserved'))
    .where('company_id', '=', companyId)
    .where('status', '=', 'booked')
    .where('ticketing_deadline', '>', now)
    .executeTakeFirstOrThrow();
  // Issue 31: a sandbox hold's seats and bags are charged beside its total, with its tickets (a
  // remote offer's are folded into its total already).
  const services = await db
    .selectFrom('booking_services')
    .innerJoin('bookings', 'bookings.id', 'booking_services.booking_id')
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number>('booking_services.amount_minor'), eb.lit(0)).as('reserved'),
    )
    .where('bookings.company_id', '=', companyId)
    .where('bookings.status', '=', 'booked')
    .where('bookings.ticketing_deadline', '>', now)
    .where('bookings.supplier', '=', 'sandbox')
    .where('booking_services.status', '=', 'held')
    .executeTakeFirstOrThrow();
  return Number(row.reserved) + Number(services.reserved);
}

/**
 * Seats the company's live holds take on each of these flights and dates (any cabin); flights it
 * holds nothing on are left out. Like `reservedMinor`, a hold past its deadline no longer counts,
 * swept or not.
 */
export async function heldSeatsOnFlights(
  db: Db,
  companyId: string,
  flights: readonly { flight: string; date: string }[],
  now: Date,
): Promise<{ flight: string; date: string; seats: number }[]> {
  if (flights.length === 0) return [];
  const rows = await db
    .selectFrom('booking_segments')
    .innerJoin('bookings', 'bookings.id', 'booking_segments.booking_id')
    .select(['booking_segments.flight', 'booking_segments.departure_date'])
    .select((eb) => eb.fn.sum<number>('booking_segments.seats').as('seats'))
    .where('bookings.company_id', '=', companyId)
    .where('bookings.status', '=', 'booked')
    .where('bookings.ticketing_deadline', '>', now)
    .where((eb) =>
      eb.or(
        flights.map((f) =>
          eb.and([
            eb('booking_segments.flight', '=', f.flight),
            eb('booking_segments.departure_date', '=', f.date),
          ]),
        ),
      ),
    )
    .groupBy(['booking_segments.flight', 'booking_segments.departure_date'])
    .execute();
  return rows.map((row) => ({ flight: row.flight, date: row.departure_date, seats: Number(row.seats) }));
}

export type OrderFilters = {
  status?: OrderRow['status'] | undefined;
  kind?: OrderRow['kind'] | undefined;
  /** A PNR or part of a passenger's name, any case. */
  q?: string | undefined;
  /** Days the orders were made (UTC), inclusive. */
  from?: string | undefined;
  to?: string | undefined;
};

/** The orders of the bookings in scope matching the filters: the list's, count's and totals' one WHERE. */
function matchingOrders(db: Db, scope: BookingScope, filters: OrderFilters) {
  let query = db
    .selectFrom('orders')
    .innerJoin('bookings', 'bookings.id', 'orders.booking_id')
    .where('orders.company_id', '=', scope.companyId)
    .where(inScope(scope));
  if (filters.status) query = query.where('orders.status', '=', filters.status);
  if (filters.kind) query = query.where('orders.kind', '=', filters.kind);
  if (filters.from) query = query.where('orders.created_at', '>=', new Date(`${filters.from}T00:00:00Z`));
  if (filters.to) query = query.where('orders.created_at', '<', nextDay(filters.to));
  const q = filters.q?.trim();
  if (q) query = query.where(pnrOrPassenger(q));
  return query;
}

/** The orders of the bookings in scope matching the filters, with their PNRs, newest first (a page when asked). */
export const listOrders = (
  db: Db,
  scope: BookingScope,
  filters: OrderFilters = {},
  page?: { offset: number; limit: number },
) => {
  const query = matchingOrders(db, scope, filters)
    // Issue 31: the statement line it paid names its seats and bags (noteWithServices).
    .leftJoin('ledger_entries', 'ledger_entries.id', 'orders.ledger_entry_id')
    .selectAll('orders')
    .select(['bookings.pnr', 'ledger_entries.note as ledger_note'])
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.order_no', 'desc');
  return (page ? query.limit(page.limit).offset(page.offset) : query).execute();
};

/** Per kind and currency, how many orders match and the minor units of those not rejected. */
export const orderTotals = (db: Db, scope: BookingScope, filters: OrderFilters) =>
  matchingOrders(db, scope, filters)
    .select((eb) => [
      'orders.kind',
      'orders.currency',
      eb.fn.countAll<string>().as('count'),
      sql<string>`coalesce(sum(abs(orders.amount_minor)) filter (where orders.status <> 'rejected'), 0)`.as(
        'amount_minor',
      ),
    ])
    .groupBy(['orders.kind', 'orders.currency'])
    .execute();

// ── writes ──────────────────────────────────────────────────────────────────────────────────

/** A booking row as inserted; its id and PNR are made by the insert. */
export type NewBooking = Omit<Insertable<BookingsTable>, 'id' | 'pnr'>;

const MAX_DRAWS = 20;

/** Inserts the booking under a fresh PNR, drawing again while the one drawn is taken. */
export async function insertBooking(trx: Transaction<Database>, values: NewBooking) {
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const row = await trx
      .insertInto('bookings')
      .values({ ...values, pnr: newPnr() })
      .onConflict((conflict) => conflict.column('pnr').doNothing())
      .returning(['id', 'pnr'])
      .executeTakeFirst();
    if (row) return row;
  }
  throw new Error(`No free PNR in ${MAX_DRAWS} draws`);
}

export type NewPassenger = Omit<Insertable<BookingPassengersTable>, 'id' | 'booking_id' | 'position'>;

export async function insertPassengers(
  trx: Transaction<Database>,
  bookingId: string,
  passengers: readonly NewPassenger[],
) {
  await trx
    .insertInto('booking_passengers')
    .values(passengers.map((passenger, position) => ({ ...passenger, booking_id: bookingId, position })))
    .execute();
}

export type NewSegment = Omit<Insertable<BookingSegmentsTable>, 'booking_id' | 'position'>;

export async function insertSegments(
  trx: Transaction<Database>,
  bookingId: string,
  segments: readonly NewSegment[],
) {
  await trx
    .insertInto('booking_segments')
    .values(segments.map((segment, position) => ({ ...segment, booking_id: bookingId, position })))
    .execute();
}

export type BookingEventInput = {
  bookingId: string;
  action: string;
  from: BookingStatus | null;
  to: BookingStatus;
  note?: string | null;
  /** null when the system acts (hold expiry, automatic refund approval). */
  actorUserId: string | null;
  at: Date;
};

/** One line of the booking's history (who, when, what): every status change records one. */
export async function recordEvent(trx: Transaction<Database>, event: BookingEventInput) {
  await trx
    .insertInto('booking_events')
    .values({
      booking_id: event.bookingId,
      action: event.action,
      from_status: event.from,
      to_status: event.to,
      note: event.note ?? null,
      actor_user_id: event.actorUserId,
      created_at: event.at,
    })
    .execute();
}

/** Moves a locked booking to a new status (and whatever else changes with it). */
export async function updateBooking(
  trx: Transaction<Database>,
  bookingId: string,
  changes: { status: BookingStatus; issued_at?: Date; void_until?: Date | null; updated_at: Date },
) {
  await trx.updateTable('bookings').set(changes).where('id', '=', bookingId).execute();
}

/** The seats the booking's flights hold, to give back (cancellation, expiry, void, refund). */
export async function heldSeatsOf(trx: Transaction<Database>, bookingId: string): Promise<HeldSeats[]> {
  const segments = await trx
    .selectFrom('booking_segments')
    .select(['flight', 'departure_date', 'cabin', 'seats'])
    .where('booking_id', '=', bookingId)
    .execute();
  return segments.map(toHeldSeats);
}

export const toHeldSeats = (
  segment: Pick<NewSegment, 'flight' | 'departure_date' | 'cabin' | 'seats'>,
): HeldSeats => ({
  flight: segment.flight,
  date: segment.departure_date,
  cabin: segment.cabin,
  seats: segment.seats,
});

/**
 * One ticket per passenger under fresh 13-digit numbers of the validating carrier; a number taken
 * already is drawn again. Returns the tickets in passenger order.
 */
export async function insertTickets(
  trx: Transaction<Database>,
  input: {
    bookingId: string;
    carrier: string;
    passengers: readonly { id: string; paidMinor: number }[];
    at: Date;
    /** The supplier's ticket numbering (FlightSupplier.bookings.ticketNumber). */
    ticketNumber: (carrier: string) => string;
  },
): Promise<TicketRow[]> {
  const tickets: TicketRow[] = [];
  for (const passenger of input.passengers) {
    let ticket: TicketRow | undefined;
    for (let draw = 0; draw < MAX_DRAWS && !ticket; draw++) {
      ticket = await trx
        .insertInto('tickets')
        .values({
          ticket_number: input.ticketNumber(input.carrier),
          booking_id: input.bookingId,
          passenger_id: passenger.id,
          status: 'issued',
          paid_minor: passenger.paidMinor,
          issued_at: input.at,
          updated_at: input.at,
        })
        .onConflict((conflict) => conflict.column('ticket_number').doNothing())
        .returningAll()
        .executeTakeFirst();
    }
    if (!ticket) throw new Error(`No free ticket number in ${MAX_DRAWS} draws`);
    tickets.push(ticket);
  }
  return tickets;
}

/** An order (ticket, void, refund) numbered from the shared sequence: 'ORD-100001'. */
export function insertOrder(
  trx: Transaction<Database>,
  order: {
    companyId: string;
    bookingId: string;
    kind: OrderRow['kind'];
    amountMinor: number;
    currency: string;
    status: OrderRow['status'];
    ticketNumbers: string[];
    ledgerEntryId: string | null;
    at: Date;
  },
) {
  return trx
    .insertInto('orders')
    .values({
      order_no: sql<string>`'ORD-' || nextval('order_no_seq')::text`,
      company_id: order.companyId,
      booking_id: order.bookingId,
      kind: order.kind,
      amount_minor: order.amountMinor,
      currency: order.currency,
      status: order.status,
      ticket_numbers: order.ticketNumbers,
      ledger_entry_id: order.ledgerEntryId,
      created_at: order.at,
      updated_at: order.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The agency as its e-tickets name it. */
export const findAgency = (db: Db, companyId: string) =>
  db
    .selectFrom('companies')
    .select(['name', 'address', 'city', 'country', 'phone', 'email', 'iata_number'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();

/** A user's name (who sent an e-ticket), or undefined for a user since deleted. */
export const userName = async (db: Db, userId: string): Promise<string | undefined> =>
  (await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst())?.name;

/** Holds of one company (or of every company) whose deadline has passed, earliest first. */
export function dueHoldIds(db: Db, now: Date, companyId?: string) {
  let query = db
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', 'booked')
    .where('ticketing_deadline', '<=', now)
    .where(expirable);
  if (companyId) query = query.where('company_id', '=', companyId);
  return query.orderBy('ticketing_deadline').execute();
}

/** What a hold's notifications name: the booking, its agency and who made it. */
const HOLD_COLUMNS = [
  'id',
  'company_id',
  'pnr',
  'ticketing_deadline',
  'created_by',
  'supplier',
  'supplier_state',
  'supplier_order_id',
] as const;

/** Whether the booking is a hold past its deadline: a plain read, taking no lock. */
export const isDueHold = async (db: Db, bookingId: string, now: Date) =>
  (await db
    .selectFrom('bookings')
    .select('id')
    .where('id', '=', bookingId)
    .where('status', '=', 'booked')
    .where(expirable)
    .where('ticketing_deadline', '<=', now)
    .executeTakeFirst()) !== undefined;

/** Locks the booking when it is a hold past its deadline (to expire it); nothing otherwise. */
export const lockDueHold = (trx: Transaction<Database>, bookingId: string, now: Date) =>
  trx
    .selectFrom('bookings')
    .select(HOLD_COLUMNS)
    .where('id', '=', bookingId)
    .where('status', '=', 'booked')
    .where(expirable)
    .where('ticketing_deadline', '<=', now)
    .forUpdate()
    .executeTakeFirst();

/**
 * Locks the hold whose deadline passed longest ago that nobody else has locked (`skip locked`:
 * several sweeps, in one process or many, each take holds nobody else is working on).
 */
export const lockNextDueHold = (trx: Transaction<Database>, now: Date) =>
  trx
    .selectFrom('bookings')
    .select(HOLD_COLUMNS)
    .where('status', '=', 'booked')
    .where(expirable)
    .where('ticketing_deadline', '<=', now)
    .orderBy('ticketing_deadline')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();

export type HeldBooking = NonNullable<Awaited<ReturnType<typeof lockDueHold>>>;

/**
 * Locks up to `limit` live holds whose deadline falls by `until` and that were not warned of it
 * yet, soonest first, that nobody else has locked (`skip locked`: two servers' sweeps never warn
 * of one hold both, and a hold being issued or cancelled right now is left alone).
 */
export const lockHoldsToWarn = (
  trx: Transaction<Database>,
  window: { now: Date; until: Date; limit: number },
) =>
  trx
    .selectFrom('bookings')
    .select(HOLD_COLUMNS)
    .where('status', '=', 'booked')
    .where(expirable)
    .where('expiry_warned_at', 'is', null)
    .where('ticketing_deadline', '>', window.now)
    .where('ticketing_deadline', '<=', window.until)
    .orderBy('ticketing_deadline')
    .limit(window.limit)
    .forUpdate()
    .skipLocked()
    .execute();

export async function markExpiryWarned(trx: Transaction<Database>, bookingIds: string[], at: Date) {
  if (bookingIds.length === 0) return;
  await trx.updateTable('bookings').set({ expiry_warned_at: at }).where('id', 'in', bookingIds).execute();
}

/** The user, while they may still sign in (active, not deleted); undefined otherwise. */
export const activeUser = (db: Db, userId: string) =>
  db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** Locks the booking's row, whatever its company (the caller found it by a scoped query). */
export const lockBooking = (trx: Transaction<Database>, bookingId: string) =>
  trx.selectFrom('bookings').select('id').where('id', '=', bookingId).forUpdate().executeTakeFirst();

/** Each passenger's fare and taxes, in booking order (one ticket each). */
export const passengerFaresOf = (trx: Transaction<Database>, bookingId: string) =>
  trx
    .selectFrom('booking_passengers')
    .select(['id', 'fare_minor', 'taxes_minor'])
    .where('booking_id', '=', bookingId)
    .orderBy('position')
    .execute();
