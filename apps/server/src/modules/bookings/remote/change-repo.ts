import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/**
 * Issue 32: the reads the remote change step (order-changes.ts) makes of the exchange's tables
 * (migration 0022) beside the exchange's own repository (changes/repo.ts).
 */

type Db = Kysely<Database> | Transaction<Database>;

/** A change offer of this booking (none for another booking's id). */
export const changeOfferOfBooking = (db: Db, bookingId: string, offerId: string) =>
  db
    .selectFrom('change_offers')
    .selectAll()
    .where('id', '=', offerId)
    .where('booking_id', '=', bookingId)
    .executeTakeFirst();

/** The offer a change step journalled (it exists: the step used it). */
export const changeOfferById = (db: Db, offerId: string) =>
  db.selectFrom('change_offers').selectAll().where('id', '=', offerId).executeTakeFirstOrThrow();

/** What each live ticket of the booking was paid, by its number. */
export async function livePaidOf(db: Db, bookingId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('tickets')
    .select(['ticket_number', 'paid_minor'])
    .where('booking_id', '=', bookingId)
    .where('status', '<>', 'exchanged')
    .execute();
  return new Map(rows.map((row) => [row.ticket_number.trim(), Number(row.paid_minor)]));
}

/**
 * The schedule change a remote booking waits to answer, with the supplier's id of it (Duffel's
 * `aic_…`; null when it came from elsewhere), or undefined when none waits.
 */
export async function pendingSupplierChangeOf(db: Db, bookingId: string) {
  return db
    .selectFrom('schedule_change_bookings')
    .innerJoin('schedule_changes', 'schedule_changes.id', 'schedule_change_bookings.schedule_change_id')
    .select([
      'schedule_changes.supplier_change_id',
      'schedule_changes.kind',
      'schedule_change_bookings.connection_broken',
    ])
    .where('schedule_change_bookings.booking_id', '=', bookingId)
    .where('schedule_change_bookings.status', '=', 'pending')
    .orderBy('schedule_change_bookings.detected_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
