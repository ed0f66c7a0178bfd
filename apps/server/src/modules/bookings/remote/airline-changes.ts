import type { AppError } from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import { commitRequestSoFar } from '../../../platform/db/request-transaction.js';
import type { Database } from '../../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import type { FlightShopping } from '../../../supplier/port.js';
import type { RemoteAirlineChange, RemoteChanges } from '../../../supplier/remote-changes.js';
import { SupplierCallError } from '../../../supplier/remote-orders.js';
import type { CountryOf, NewTimes } from '../schedule-changes/record.js';
import { recordBookingScheduleChange } from '../schedule-changes/record.js';
import { pendingSupplierChangeOf } from './change-repo.js';
import { findSupplierBooking, lockSupplierBooking, type SupplierBookingRow } from './repo.js';

/**
 * Issue 32: a remote supplier's airline-initiated changes (Duffel's schedule changes) feed the
 * schedule changes' records (schedule-changes/record.ts), so a Duffel booking shows the same banner
 * with the same answers as a sandbox one:
 *
 * - `record`: when the supplier tells of a change (`order.airline_initiated_change_detected`) — or
 *   any settlement reads the order — the order's changes are read
 *   (`GET /air/airline_initiated_changes?order_id=`) and each one still open is recorded once (by
 *   its supplier id) against the booking's flights it moves (its removed slices' segments, found by
 *   the supplier's segment ids of the booking, with the added slices' new local times; a flight with
 *   no counterpart is cancelled). No money moves.
 * - `acceptAtSupplier`: the agent's accept answers the airline first
 *   (`POST /air/airline_initiated_changes/{id}/actions/accept`, outside any transaction: it moves
 *   no money, and accepting one already accepted is read, not refused), then the schedule module
 *   records the answer as for any booking.
 */

export type AirlineChangeDeps = {
  db: Kysely<Database>;
  clock: Clock;
  changes: RemoteChanges;
  /** Airports' countries (the minimum connection time depends on them). */
  countryOf: () => Promise<CountryOf>;
  /** A supplier's refusal as the agent's answer (409, 410, 503). */
  refusal: (error: SupplierCallError) => AppError;
};

/** Airports' countries from the supplier's route map, read once (as the schedule module reads them). */
export function routeCountries(shopping: Pick<FlightShopping, 'routes'>): () => Promise<CountryOf> {
  let countries: Promise<Map<string, string>> | undefined;
  return async () => {
    countries ??= shopping
      .routes()
      .then((routes) => new Map(routes.Airports.map((airport) => [airport.code, airport.country_code])))
      .catch(() => new Map<string, string>());
    const map = await countries;
    return (code) => map.get(code);
  };
}

/** The booking's flights (0-based positions across the trip) the change moves, with their new times. */
export function flightsMoved(
  booking: Pick<SupplierBookingRow, 'supplier_offer'>,
  change: RemoteAirlineChange,
): Map<number, NewTimes> {
  const segmentIds = booking.supplier_offer?.segmentIds ?? [];
  const moved = new Map<number, NewTimes>();
  change.removed.forEach((slice, sliceIndex) => {
    const added = change.added[sliceIndex];
    slice.segmentIds.forEach((segmentId, k) => {
      const index = segmentIds.indexOf(segmentId);
      if (index < 0) return;
      const next = added?.segments[k];
      moved.set(index, next ? { departsAt: next.DepartureDateTime, arrivesAt: next.ArrivalDateTime } : null);
    });
  });
  return moved;
}

export function createAirlineChangeSteps(deps: AirlineChangeDeps) {
  const { db, clock, changes } = deps;

  /** Reads the order's airline changes and records each open one not recorded yet; how many were. */
  async function record(bookingId: string): Promise<number> {
    const booking = await findSupplierBooking(db, bookingId);
    if (!booking?.supplier_order_id || booking.supplier === 'sandbox') return 0;
    const found = await changes.airlineChanges(booking.supplier_order_id);
    let recorded = 0;
    for (const change of found.filter((candidate) => candidate.actionTaken === null)) {
      const flights = flightsMoved(booking, change);
      if (flights.size === 0) continue;
      const countryOf = await deps.countryOf();
      const id = await db.transaction().execute(async (trx) => {
        const locked = await lockSupplierBooking(trx, bookingId);
        if (!locked) return null;
        return recordBookingScheduleChange(trx, {
          booking: locked,
          supplier: booking.supplier,
          supplierChangeId: change.id,
          flights,
          countryOf,
          publishedAt: change.createdAt,
          now: clock.now(),
        });
      });
      if (id) recorded += 1;
    }
    return recorded;
  }

  /**
   * Before the schedule module records the agent's accept of a remote booking's change: the airline
   * is answered. Another agency's booking, a sandbox booking or a change not the supplier's: nothing
   * (the schedule module answers those as for any booking).
   */
  async function acceptAtSupplier(principal: CompanyPrincipal, bookingId: string): Promise<void> {
    const booking = await findSupplierBooking(db, bookingId);
    if (!booking || booking.company_id !== principal.companyId || booking.supplier === 'sandbox') return;
    if (!booking.supplier_order_id) return;
    const pending = await pendingSupplierChangeOf(db, booking.id);
    // A cancelled flight or a broken connection is not accepted (the schedule module says why).
    if (!pending?.supplier_change_id || pending.kind === 'cancelled' || pending.connection_broken) return;
    await commitRequestSoFar();
    try {
      await changes.acceptAirlineChange(booking.supplier_order_id, pending.supplier_change_id);
    } catch (error) {
      if (error instanceof SupplierCallError) throw deps.refusal(error);
      throw error;
    }
  }

  return { record, acceptAtSupplier };
}

export type AirlineChangeSteps = ReturnType<typeof createAirlineChangeSteps>;
