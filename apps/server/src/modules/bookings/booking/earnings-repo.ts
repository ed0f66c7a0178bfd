import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { BookingFeesTable, Database } from '../../../platform/db/schema.js';

/**
 * Issue 33: the SQL of a booking's earnings — its service fees (booking_fees), the selling price an
 * agent overrode at issue, and what the agency's rules read of a booking.
 */

type Db = Kysely<Database> | Transaction<Database>;
export type BookingFeeRow = Selectable<BookingFeesTable>;

export const insertFees = (trx: Transaction<Database>, rows: Insertable<BookingFeesTable>[]) =>
  trx.insertInto('booking_fees').values(rows).returningAll().execute();

/** The booking's fees, oldest first. */
export const feesOfBooking = (db: Db, bookingId: string): Promise<BookingFeeRow[]> =>
  db
    .selectFrom('booking_fees')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('created_at')
    // One event's fees share its moment: the rules' first, then those added by hand, by name.
    .orderBy(sql`rule_id is null`)
    .orderBy('name')
    .orderBy('id')
    .execute();

/** What the rules read of an agency's booking: its trip and its passengers' fares (none: another's). */
export async function bookingForRules(db: Db, companyId: string, bookingId: string) {
  const booking = await db
    .selectFrom('bookings')
    .select([
      'id',
      'itinerary',
      'supplier',
      'trip_type',
      'cabin',
      'validating_carrier',
      'currency',
      'created_at',
    ])
    .where('id', '=', bookingId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!booking) return undefined;
  const passengers = await db
    .selectFrom('booking_passengers')
    .select(['passenger_type', 'fare_minor', 'taxes_minor'])
    .where('booking_id', '=', bookingId)
    .orderBy('position')
    .execute();
  return { booking, passengers };
}

/** The booking's selling price as stored now (inside the caller's transaction). */
export async function storedSellingMinor(trx: Transaction<Database>, bookingId: string): Promise<number> {
  const row = await trx
    .selectFrom('bookings')
    .select('selling_minor')
    .where('id', '=', bookingId)
    .executeTakeFirstOrThrow();
  return Number(row.selling_minor);
}

/** Records an agent's override: the new selling price, the rules' price it replaced, who, when. */
export async function recordOverride(
  trx: Transaction<Database>,
  input: { bookingId: string; overrideMinor: number; rulesSellingMinor: number; userId: string; at: Date },
) {
  await trx
    .updateTable('bookings')
    .set({
      selling_minor: input.overrideMinor,
      rules_selling_minor: input.rulesSellingMinor,
      selling_override_by: input.userId,
      selling_override_at: input.at,
    })
    .where('id', '=', input.bookingId)
    .execute();
}

/** Who overrode the selling price, by name (the earnings name them). */
export async function overriderName(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const user = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return user?.name ?? null;
}

/**
 * Seats and bags bought after the selling price was set are passed on at their price: the selling
 * price grows by what they cost (the trigger of migration 0026 does the same for a total that moves).
 */
export async function addToSelling(trx: Transaction<Database>, bookingId: string, amountMinor: number) {
  if (amountMinor === 0) return;
  await trx
    .updateTable('bookings')
    .set((eb) => ({ selling_minor: eb('selling_minor', '+', amountMinor) }))
    .where('id', '=', bookingId)
    .execute();
}
