import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/**
 * The SQL of selling seats and bags after issue (issue 31) beside repo.ts's (which holds, issues
 * and releases them with the booking): when each flight leaves, and a changed seat given up.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Each of the booking's flights' departure instant (UTC), by 0-based segment index. */
export async function segmentDepartures(db: Db, bookingId: string): Promise<Map<number, Date>> {
  const rows = await db
    .selectFrom('booking_segments')
    .select(['position', 'departs_at'])
    .where('booking_id', '=', bookingId)
    .execute();
  return new Map(rows.map((row) => [row.position, row.departs_at]));
}

/** Gives up services of a locked booking (a seat changed for another): the seat is free again. */
export async function releaseServicesById(trx: Transaction<Database>, ids: readonly string[], at: Date) {
  if (ids.length === 0) return;
  await trx
    .updateTable('booking_services')
    .set({ status: 'released', released_at: at })
    .where('id', 'in', ids)
    .where('status', 'in', ['held', 'issued'])
    .execute();
}
