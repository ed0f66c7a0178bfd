import type { PricedItinerary } from '@skydesk/contract';
import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type {
  Database,
  ScheduleChangeBookingStatus,
  ScheduleChangeBookingsTable,
  ScheduleChangesTable,
  StoredScheduledFlight,
} from '../../../platform/db/schema.js';

/**
 * The SQL of airlines' schedule changes (issue 32, migration 0023): a change of one flight-day and
 * the bookings it touches with each agency's answer. Writes take the caller's transaction, so a
 * booking's answer is recorded with what it does (a refund, an exchange).
 */

type Db = Kysely<Database> | Transaction<Database>;

export type ScheduleChangeRow = Selectable<ScheduleChangesTable>;
export type AffectedRow = Selectable<ScheduleChangeBookingsTable>;

/** A booking's change still waiting for its answer, as the exchange's alternative reads it. */
export type PendingScheduleChange = {
  /** The schedule change (schedule_changes.id). */
  id: string;
  kind: 'retimed' | 'cancelled';
  /** The booking's flights it touches: 0-based positions in booking_segments. */
  segmentIndexes: number[];
  before: StoredScheduledFlight[];
  after: StoredScheduledFlight[];
  deadline: Date;
};

export type AnsweredStatus = Exclude<ScheduleChangeBookingStatus, 'pending'>;

/**
 * The booking's schedule change waiting for an answer (the latest detected when the airline moved
 * two of its flights), or null. Seam for the exchange: its change offers for the changed legs are
 * the free alternative while this answers a change.
 */
export async function pendingScheduleChangeOf(
  db: Db,
  bookingId: string,
): Promise<PendingScheduleChange | null> {
  const row = await db
    .selectFrom('schedule_change_bookings as a')
    .innerJoin('schedule_changes as c', 'c.id', 'a.schedule_change_id')
    .select(['c.id', 'c.kind', 'a.segment_indexes', 'a.before', 'a.after', 'a.deadline'])
    .where('a.booking_id', '=', bookingId)
    .where('a.status', '=', 'pending')
    .orderBy('a.detected_at', 'desc')
    // Two changes of one moment (an operator's twice over): the later recorded is the latest.
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id')
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    segmentIndexes: [...row.segment_indexes].map(Number),
    before: row.before,
    after: row.after,
    deadline: new Date(row.deadline),
  };
}

/**
 * Records the agency's answer to every change of the booking still pending (an exchange onto an
 * alternative answers for all of them: the booking flies new flights), in the caller's
 * transaction. Returns how many were answered; 0 when none was pending (answered already).
 */
export async function markScheduleChangeAnswered(
  trx: Db,
  bookingId: string,
  status: AnsweredStatus,
  at: Date,
  actorUserId: string | null = null,
): Promise<number> {
  const result = await trx
    .updateTable('schedule_change_bookings')
    .set({ status, answered_at: at, answered_by: actorUserId })
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A booking's change as the booking answer shows it: the row with its change's kind and minutes. */
export type BookingScheduleChange = AffectedRow & { kind: 'retimed' | 'cancelled'; minutes: number };

/**
 * The latest schedule change of each booking of `ids` (pending or answered), for the booking
 * answer's `schedule_change`.
 */
export async function latestScheduleChanges(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, BookingScheduleChange>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('schedule_change_bookings as a')
    .innerJoin('schedule_changes as c', 'c.id', 'a.schedule_change_id')
    .selectAll('a')
    .select(['c.kind', 'c.minutes'])
    .where('a.booking_id', 'in', ids)
    .orderBy('a.detected_at', 'desc')
    .orderBy('c.created_at', 'desc')
    .orderBy('a.schedule_change_id')
    .execute();
  const latest = new Map<string, BookingScheduleChange>();
  for (const row of rows) if (!latest.has(row.booking_id)) latest.set(row.booking_id, row);
  return latest;
}

/** The booking's pending change, locked in the caller's transaction (answers go through it). */
export const lockPendingChange = (trx: Transaction<Database>, bookingId: string) =>
  trx
    .selectFrom('schedule_change_bookings as a')
    .innerJoin('schedule_changes as c', 'c.id', 'a.schedule_change_id')
    .selectAll('a')
    .select(['c.kind', 'c.minutes'])
    .where('a.booking_id', '=', bookingId)
    .where('a.status', '=', 'pending')
    .orderBy('a.detected_at', 'desc')
    .orderBy('c.created_at', 'desc')
    .forUpdate('a')
    .executeTakeFirst();

/**
 * Pending answers past their deadline, locked (skip locked: a request answering one keeps it):
 * those the sweep accepts (`accept`), or those whose new times cannot be accepted — a cancelled
 * flight or a broken connection of a live sandbox booking — which it cancels with a refund
 * (`refund`). A remote booking's airline refunds it itself: its change is accepted as the airline
 * made it; so is one of a booking no longer live (a refund requested meanwhile).
 */
export const lockDueAnswers = (
  trx: Transaction<Database>,
  now: Date,
  limit: number,
  answer: 'accept' | 'refund',
) =>
  trx
    .selectFrom('schedule_change_bookings as a')
    .innerJoin('schedule_changes as c', 'c.id', 'a.schedule_change_id')
    .innerJoin('bookings as b', 'b.id', 'a.booking_id')
    .selectAll('a')
    .select(['c.kind', 'c.minutes', 'b.pnr', 'b.status as booking_status'])
    .where('a.status', '=', 'pending')
    .where('a.deadline', '<=', now)
    .where((eb) => {
      const cannotAccept = eb.and([
        eb('b.supplier', '=', 'sandbox'),
        eb('b.status', 'in', ['ticketed', 'booked']),
        eb.or([eb('c.kind', '=', 'cancelled'), eb('a.connection_broken', '=', true)]),
      ]);
      return answer === 'refund' ? cannotAccept : eb.not(cannotAccept);
    })
    .orderBy('a.deadline')
    .limit(limit)
    .forUpdate('a')
    .skipLocked()
    .execute();

/**
 * The sandbox flight-days SkyDesk's live bookings fly from `from` on, with no airline change
 * recorded yet: the sweep asks the sandbox's airlines about each.
 */
export const bookedFlightDaysWithoutChange = (db: Db, from: Date) =>
  db
    .selectFrom('booking_segments as s')
    .innerJoin('bookings as b', 'b.id', 's.booking_id')
    .select(['s.flight', 's.departure_date'])
    .distinct()
    .where('b.supplier', '=', 'sandbox')
    .where('b.status', 'in', ['booked', 'ticketed'])
    .where('s.departs_at', '>', from)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('schedule_changes as c')
            .select('c.id')
            .whereRef('c.flight', '=', 's.flight')
            .whereRef('c.departure_date', '=', 's.departure_date')
            .where('c.source', '=', 'airline')
            .where('c.supplier', '=', 'sandbox'),
        ),
      ),
    )
    .execute();

/** Every change, newest first, with the bookings it touches and their agencies (the console's list). */
export async function listScheduleChanges(db: Db, only?: string) {
  let query = db
    .selectFrom('schedule_changes')
    .selectAll()
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .limit(500);
  if (only) query = query.where('id', '=', only);
  const changes = await query.execute();
  const ids = changes.map((change) => change.id);
  const affected =
    ids.length === 0
      ? []
      : await db
          .selectFrom('schedule_change_bookings as a')
          .innerJoin('bookings as b', 'b.id', 'a.booking_id')
          .innerJoin('companies as co', 'co.id', 'a.company_id')
          .select([
            'a.schedule_change_id',
            'a.booking_id',
            'a.status',
            'a.deadline',
            'a.answered_at',
            'b.pnr',
            'co.id as company_id',
            'co.name as company_name',
          ])
          .where('a.schedule_change_id', 'in', ids)
          .orderBy('a.detected_at')
          .orderBy('b.pnr')
          .execute();
  return changes.map((change) => ({
    change,
    bookings: affected.filter((row) => row.schedule_change_id === change.id),
  }));
}

// ── recording a change (record.ts) ─────────────────────────────────────────────────────────────

export const insertChangeRow = async (trx: Transaction<Database>, values: Insertable<ScheduleChangesTable>) =>
  (await trx
    .insertInto('schedule_changes')
    .values(values)
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst()) ?? null;

export const markChangeApplied = async (trx: Transaction<Database>, changeId: string, at: Date) => {
  await trx.updateTable('schedule_changes').set({ applied_at: at }).where('id', '=', changeId).execute();
};

/** One booking flagged for a change; undefined when it was flagged for it already. */
export const insertAffectedBooking = (
  trx: Transaction<Database>,
  values: Insertable<ScheduleChangeBookingsTable>,
) =>
  trx
    .insertInto('schedule_change_bookings')
    .values(values)
    .onConflict((conflict) => conflict.columns(['schedule_change_id', 'booking_id']).doNothing())
    .returning('booking_id')
    .executeTakeFirst();

export const setSegmentDeparture = async (
  trx: Transaction<Database>,
  bookingId: string,
  position: number,
  departsAt: Date,
) => {
  await trx
    .updateTable('booking_segments')
    .set({ departs_at: departsAt })
    .where('booking_id', '=', bookingId)
    .where('position', '=', position)
    .execute();
};

/** The booking's itinerary with its moved flights, and its first departure with them. */
export const setRetimedItinerary = async (
  trx: Transaction<Database>,
  bookingId: string,
  values: { itinerary: PricedItinerary; firstDepartureAt: Date; at: Date },
) => {
  await trx
    .updateTable('bookings')
    .set({
      itinerary: JSON.stringify(values.itinerary),
      first_departure_at: values.firstDepartureAt,
      updated_at: values.at,
    })
    .where('id', '=', bookingId)
    .execute();
};

/**
 * The live bookings of a sandbox flight-day, locked for the flagging transaction. An airline's
 * change touches only bookings made before it was published: one made after it was sold at the
 * new times (searches show them).
 */
export function lockSandboxBookingsOn(
  trx: Transaction<Database>,
  flight: { flight: string; departureDate: string; madeBefore: Date | null },
) {
  let query = trx
    .selectFrom('bookings')
    .selectAll('bookings')
    .where('bookings.supplier', '=', 'sandbox')
    .where('bookings.status', 'in', ['booked', 'ticketed'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('booking_segments as s')
          .select(sql`1`.as('one'))
          .whereRef('s.booking_id', '=', 'bookings.id')
          .where('s.flight', '=', flight.flight)
          .where('s.departure_date', '=', flight.departureDate),
      ),
    );
  if (flight.madeBefore) query = query.where('bookings.created_at', '<', flight.madeBefore);
  return query.orderBy('bookings.id').forUpdate().execute();
}

// ── the sweep and the operator (service.ts) ───────────────────────────────────────────────────

export const markAutoAccepted = async (
  trx: Transaction<Database>,
  key: { changeId: string; bookingId: string },
  at: Date,
) => {
  await trx
    .updateTable('schedule_change_bookings')
    .set({ status: 'auto_accepted', answered_at: at })
    .where('schedule_change_id', '=', key.changeId)
    .where('booking_id', '=', key.bookingId)
    .execute();
};

/** Operators' changes of sandbox flights from `date` on, oldest first (told to the sandbox again). */
export const operatorChangesFrom = (db: Db, date: string) =>
  db
    .selectFrom('schedule_changes')
    .select(['flight', 'departure_date', 'kind', 'minutes'])
    .where('source', '=', 'operator')
    .where('supplier', '=', 'sandbox')
    .where('departure_date', '>=', date)
    .orderBy('published_at')
    .execute();

/** One booking's answer to one change, locked, with its PNR. */
export const lockAffectedBooking = (
  trx: Transaction<Database>,
  key: { changeId: string; bookingId: string },
) =>
  trx
    .selectFrom('schedule_change_bookings as a')
    .innerJoin('bookings as b', 'b.id', 'a.booking_id')
    .select(['a.status', 'a.deadline', 'a.company_id', 'b.pnr'])
    .where('a.schedule_change_id', '=', key.changeId)
    .where('a.booking_id', '=', key.bookingId)
    .forUpdate('a')
    .executeTakeFirst();

export const setAnswerDeadline = async (
  trx: Transaction<Database>,
  key: { changeId: string; bookingId: string },
  deadline: Date,
) => {
  await trx
    .updateTable('schedule_change_bookings')
    .set({ deadline })
    .where('schedule_change_id', '=', key.changeId)
    .where('booking_id', '=', key.bookingId)
    .execute();
};
