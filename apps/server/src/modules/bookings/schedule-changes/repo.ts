import type { Kysely, Selectable, Transaction } from 'kysely';
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
