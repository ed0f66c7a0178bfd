import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { SeatInventory } from '../../supplier/inventory.js';
import { seatKey } from '../../supplier/inventory.js';

/**
 * Seats sold, from the database (DESIGN.md §4). A search asks for every flight it prices at once;
 * one query fetches the rows of those flights on those dates, and flights without a row have sold
 * nothing.
 */
export function createDbSeatInventory(db: Kysely<Database>): SeatInventory {
  return {
    async soldSeats(queries) {
      if (queries.length === 0) return [];
      const flights = [...new Set(queries.map((query) => query.flight))];
      const dates = [...new Set(queries.map((query) => query.date))];
      const rows = await db
        .selectFrom('seat_inventory')
        .select(['flight', 'departure_date', 'cabin', 'seats_sold'])
        // Two array parameters, not one per flight: a search prices hundreds of flights, and a
        // statement with hundreds of parameters costs more to parse than to run.
        .where(sql<boolean>`flight = any(${flights}::text[])`)
        .where(sql<boolean>`departure_date = any(${dates}::date[])`)
        .execute();
      const sold = new Map(
        rows.map((row) => [seatKey(row.flight, row.departure_date, row.cabin), row.seats_sold]),
      );
      return queries.map((query) => sold.get(seatKey(query.flight, query.date, query.cabin)) ?? 0);
    },
  };
}
