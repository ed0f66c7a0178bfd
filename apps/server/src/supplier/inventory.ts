import type { Cabin } from '@skydesk/contract';

/**
 * Where sold seats come from. The sandbox prices with whatever this says; the database inventory
 * (seats sold per flight, date and cabin, docs/architecture.md §4) plugs in here later. A search asks for
 * every flight it prices in one call, so a database answers with one query.
 */

export type SeatQuery = {
  /** Flight designator, 'BA117'. */
  flight: string;
  /** Local departure date at the flight's origin, 'YYYY-MM-DD'. */
  date: string;
  cabin: Cabin;
};

export type SeatInventory = {
  soldSeats(queries: readonly SeatQuery[]): readonly number[] | Promise<readonly number[]>;
};

/** What a search read from the inventory: the seats it asked about and how many of each were sold. */
export type SeatReading = { seats: SeatQuery[]; sold: number[] };

/**
 * The inventory, keeping what it is asked and answers: a search then says which seat counts it
 * priced with, and the shopping cache need not read them again.
 */
export function recordingReads(inventory: SeatInventory): { inventory: SeatInventory; reading: SeatReading } {
  const reading: SeatReading = { seats: [], sold: [] };
  return {
    reading,
    inventory: {
      async soldSeats(queries) {
        const sold = await inventory.soldSeats(queries);
        reading.seats.push(...queries);
        reading.sold.push(...sold);
        return sold;
      },
    },
  };
}

/** Nothing sold yet: the default until the database inventory exists. */
export const EMPTY_INVENTORY: SeatInventory = { soldSeats: (queries) => queries.map(() => 0) };

/** An inventory from a `soldSeats(flight, date, cabin)` function. */
export function inventoryFromLookup(
  lookup: (flight: string, date: string, cabin: Cabin) => number,
): SeatInventory {
  return { soldSeats: (queries) => queries.map((query) => lookup(query.flight, query.date, query.cabin)) };
}

/** The key inventoryFromMap reads: 'BA117/2026-12-20/Economy'. */
export function seatKey(flight: string, date: string, cabin: Cabin): string {
  return `${flight}/${date}/${cabin}`;
}

/** An inventory from a map of seatKey → seats sold (missing keys: none sold). */
export function inventoryFromMap(sold: ReadonlyMap<string, number>): SeatInventory {
  return inventoryFromLookup((flight, date, cabin) => sold.get(seatKey(flight, date, cabin)) ?? 0);
}
