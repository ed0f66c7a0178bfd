import { AppError, HOLD_LIMIT, type HoldLimitExceeded, minorToAmount } from '@skydesk/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import { lockAvailableCredits } from '../../payments/index.js';
import { heldSeatsOnFlights, reservedMinor } from './repo.js';

/**
 * Seat hoarding (docs/architecture.md §5): a hold takes seats for a day without paying, so an agency's live
 * holds are bounded — their total value by its available credits (balance + credit limit) times
 * `valueRatio`, and the seats it holds on one flight and date by `maxSeatsPerFlight`. 0 turns
 * either bound off (HOLD_VALUE_RATIO, MAX_HELD_SEATS_PER_FLIGHT).
 */
export type HoldLimits = { valueRatio: number; maxSeatsPerFlight: number };

export type NewHold = {
  companyId: string;
  totalMinor: number;
  currency: string;
  /** Seats the hold takes on each of its flights. */
  flights: readonly { flight: string; date: string; seats: number }[];
};

/**
 * Refuses (409, naming the limit) a hold that would take the agency past a limit. Call it inside
 * the booking's transaction before any seat is taken: it locks the company's balance row first, so
 * the agency's holds are checked one after another (two can't both pass on one margin) and the
 * lock order is the ledger's (balance row, then seats). Holds past their deadline don't count,
 * whether the sweep has expired them yet or not.
 */
export async function checkHoldLimits(
  trx: Transaction<Database>,
  limits: HoldLimits,
  hold: NewHold,
  now: Date,
): Promise<void> {
  const credits = await lockAvailableCredits(trx, hold.companyId);
  if (limits.valueRatio > 0) {
    const allowedMinor = Math.floor(credits.availableMinor * limits.valueRatio);
    const heldMinor = await reservedMinor(trx, hold.companyId, now);
    if (heldMinor + hold.totalMinor > allowedMinor) {
      const money = (minor: number) => ({ Amount: minorToAmount(minor), CurrencyCode: hold.currency });
      const text = (minor: number) => `${minorToAmount(minor).toFixed(2)} ${hold.currency}`;
      const data: HoldLimitExceeded = {
        limit: 'hold_value',
        held: money(heldMinor),
        booking_total: money(hold.totalMinor),
        allowed: money(allowedMinor),
      };
      throw new AppError(
        'conflict',
        HOLD_LIMIT.value({
          held: heldMinor > 0 ? text(heldMinor) : undefined,
          booking: text(hold.totalMinor),
          allowed: text(allowedMinor),
        }),
        { data },
      );
    }
  }

  if (limits.maxSeatsPerFlight > 0) {
    const flights = perFlight(hold.flights);
    const held = await heldSeatsOnFlights(trx, hold.companyId, flights, now);
    for (const flight of flights) {
      const heldSeats = held.find((h) => h.flight === flight.flight && h.date === flight.date)?.seats ?? 0;
      if (heldSeats + flight.seats <= limits.maxSeatsPerFlight) continue;
      const data: HoldLimitExceeded = {
        limit: 'held_seats_per_flight',
        flight: flight.flight,
        date: flight.date,
        held_seats: heldSeats,
        booking_seats: flight.seats,
        max_seats: limits.maxSeatsPerFlight,
      };
      throw new AppError(
        'conflict',
        HOLD_LIMIT.seats({
          held: heldSeats,
          booking: flight.seats,
          flight: flight.flight,
          date: flight.date,
          max: limits.maxSeatsPerFlight,
        }),
        { data },
      );
    }
  }
}

/** One entry per flight and date, its seats summed (an itinerary could fly one flight twice). */
function perFlight(flights: NewHold['flights']): NewHold['flights'] {
  const merged = new Map<string, { flight: string; date: string; seats: number }>();
  for (const { flight, date, seats } of flights) {
    const key = `${flight}|${date}`;
    const entry = merged.get(key);
    if (entry) entry.seats += seats;
    else merged.set(key, { flight, date, seats });
  }
  return [...merged.values()];
}
