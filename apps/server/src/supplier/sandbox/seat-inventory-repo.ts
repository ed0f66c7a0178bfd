import { AppError, type Cabin } from '@skydesk/contract';
import { sql, type Transaction } from 'kysely';
import { preparedStatement } from '../../platform/db/prepared.js';
import type { Database } from '../../platform/db/schema.js';
import type { Store } from '../../platform/db/store.js';
import type { SeatInventory } from '../inventory.js';
import { seatKey } from '../inventory.js';

/** Seats sold on the flights of a search: prepared, as nearly every search reads them. */
const SEATS_SOLD = preparedStatement<{
  flight: string;
  departure_date: string;
  cabin: Cabin;
  seats_sold: number;
}>(
  'seats_sold',
  ['text[]', 'text[]'],
  // Two array parameters, not one per flight: a search prices hundreds of flights.
  `select flight, departure_date, cabin, seats_sold from seat_inventory
    where flight = any($1::text[]) and departure_date = any($2::text[]::date[])`,
);

/**
 * Seats sold, from the database (docs/architecture.md §4). A search asks for every flight it prices at once;
 * one query fetches the rows of those flights on those dates, and flights without a row have sold
 * nothing.
 */
export function createDbSeatInventory(store: Store): SeatInventory {
  return {
    async soldSeats(queries) {
      if (queries.length === 0) return [];
      const flights = [...new Set(queries.map((query) => query.flight))];
      const dates = [...new Set(queries.map((query) => query.date))];
      const rows = await store.query(SEATS_SOLD, [flights, dates]);
      const sold = new Map(
        rows.map((row) => [seatKey(row.flight, row.departure_date, row.cabin), row.seats_sold]),
      );
      return queries.map((query) => sold.get(seatKey(query.flight, query.date, query.cabin)) ?? 0);
    },
  };
}

/** Seats one booking holds on one flight (docs/architecture.md §4), and the cabin's capacity on that flight. */
export type SeatHold = {
  /** Flight designator, 'BA117'. */
  flight: string;
  /** Local departure date at the flight's origin, 'YYYY-MM-DD'. */
  date: string;
  cabin: Cabin;
  seats: number;
  capacity: number;
};

/**
 * Takes the seats of every hold, all or none, inside the caller's transaction: a flight without
 * enough seats left throws 409 and the caller's rollback gives back what earlier holds took.
 *
 * Never oversells whatever the concurrency: each hold is one upsert whose `where` re-checks the
 * capacity against the row as it is when the update gets its lock (PostgreSQL re-reads the latest
 * version under read committed), so a refused row returns nothing instead of going over. Holds
 * are taken in one fixed order, so two bookings sharing flights wait for each other instead of
 * deadlocking.
 */
export async function takeSeats(trx: Transaction<Database>, holds: SeatHold[]): Promise<void> {
  for (const hold of mergeHolds(holds)) {
    if (!Number.isSafeInteger(hold.capacity) || hold.capacity < 0) {
      throw new Error(`A cabin holds a whole, non-negative number of seats (got ${hold.capacity})`);
    }
    const taken =
      hold.seats <= hold.capacity
        ? await trx
            .insertInto('seat_inventory')
            .values({
              flight: hold.flight,
              departure_date: hold.date,
              cabin: hold.cabin,
              seats_sold: hold.seats,
            })
            .onConflict((conflict) =>
              conflict
                .columns(['flight', 'departure_date', 'cabin'])
                .doUpdateSet({
                  seats_sold: sql<number>`seat_inventory.seats_sold + excluded.seats_sold`,
                  updated_at: sql<Date>`now()`,
                })
                .where(sql<boolean>`seat_inventory.seats_sold + excluded.seats_sold <= ${hold.capacity}`),
            )
            .returning('seats_sold')
            .executeTakeFirst()
        : undefined;
    if (!taken) {
      throw new AppError('conflict', `Seats are no longer available on ${hold.flight} on ${hold.date}`, {
        data: { flight: hold.flight, departure_date: hold.date, cabin: hold.cabin },
      });
    }
  }
}

/**
 * Gives back the seats of every hold (cancellation, hold expiry), in the same order takeSeats
 * locks rows. Never below zero: a release of more than was sold leaves zero (the check constraint
 * would otherwise abort the caller's transaction over a count that is already as low as it goes).
 */
export async function releaseSeats(
  trx: Transaction<Database>,
  holds: readonly Omit<SeatHold, 'capacity'>[],
): Promise<void> {
  for (const hold of mergeHolds(holds.map((hold) => ({ ...hold, capacity: 0 })))) {
    await trx
      .updateTable('seat_inventory')
      .set({
        seats_sold: sql<number>`greatest(seats_sold - ${hold.seats}, 0)`,
        updated_at: sql<Date>`now()`,
      })
      .where('flight', '=', hold.flight)
      .where('departure_date', '=', hold.date)
      .where('cabin', '=', hold.cabin)
      .execute();
  }
}

/**
 * One hold per flight, date and cabin (a booking may name a flight twice), sorted by that key:
 * every caller then locks rows in the same order. Duplicates keep the smaller capacity.
 */
function mergeHolds(holds: SeatHold[]): SeatHold[] {
  const merged = new Map<string, SeatHold>();
  for (const hold of holds) {
    if (!Number.isSafeInteger(hold.seats) || hold.seats <= 0) {
      throw new Error(`A hold takes a whole, positive number of seats (got ${hold.seats} on ${hold.flight})`);
    }
    const key = seatKey(hold.flight, hold.date, hold.cabin);
    const earlier = merged.get(key);
    merged.set(
      key,
      earlier
        ? {
            ...earlier,
            seats: earlier.seats + hold.seats,
            capacity: Math.min(earlier.capacity, hold.capacity),
          }
        : { ...hold },
    );
  }
  return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, hold]) => hold);
}
