import { AppError, type Cabin } from '@skydesk/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, storeKinds, type TestStore } from '../../../test/support/stores.js';
import { createDbSeatInventory, releaseSeats, type SeatHold, takeSeats } from './seat-inventory-repo.js';

describe.each(storeKinds())('seat holds on %s', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(kind, { maxConnections: 20 });
  });
  afterAll(() => store?.dispose());

  // Each test flies its own flight numbers, so tests sharing the store never share rows.
  let flightNo = 100;
  const newFlight = (carrier = 'BA') => `${carrier}${flightNo++}`;
  const DATE = '2026-12-01';

  const hold = (flight: string, seats: number, capacity = 9, cabin: Cabin = 'Economy'): SeatHold => ({
    flight,
    date: DATE,
    cabin,
    seats,
    capacity,
  });
  const take = (holds: SeatHold[]) => store.db.transaction().execute((trx) => takeSeats(trx, holds));
  const release = (holds: Omit<SeatHold, 'capacity'>[]) =>
    store.db.transaction().execute((trx) => releaseSeats(trx, holds));
  const sold = async (flight: string, cabin: Cabin = 'Economy') => {
    const row = await store.db
      .selectFrom('seat_inventory')
      .select('seats_sold')
      .where('flight', '=', flight)
      .where('departure_date', '=', DATE)
      .where('cabin', '=', cabin)
      .executeTakeFirst();
    return row?.seats_sold;
  };

  it('adds taken seats and subtracts released ones, per flight, date and cabin', async () => {
    const flight = newFlight();
    await take([hold(flight, 2)]);
    expect(await sold(flight)).toBe(2);
    await take([hold(flight, 3), hold(flight, 1, 30, 'Business')]);
    expect(await sold(flight)).toBe(5);
    expect(await sold(flight, 'Business')).toBe(1);
    await release([{ flight, date: DATE, cabin: 'Economy', seats: 4 }]);
    expect(await sold(flight)).toBe(1);
    expect(await sold(flight, 'Business')).toBe(1);
    // The search reads the same rows.
    const [economy, business, other] = await createDbSeatInventory(store).soldSeats([
      { flight, date: DATE, cabin: 'Economy' },
      { flight, date: DATE, cabin: 'Business' },
      { flight, date: '2026-12-02', cabin: 'Economy' },
    ]);
    expect([economy, business, other]).toEqual([1, 1, 0]);
  });

  it('fills a cabin to exactly its capacity and refuses one seat more with 409 naming the flight', async () => {
    const flight = newFlight();
    await take([hold(flight, 7)]);
    await take([hold(flight, 2)]);
    expect(await sold(flight)).toBe(9);
    const refused = take([hold(flight, 1)]);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      status: 409,
      message: `Seats are no longer available on ${flight} on ${DATE}`,
    });
    expect(await sold(flight)).toBe(9);
  });

  it('refuses a first hold larger than the cabin without creating a row', async () => {
    const flight = newFlight();
    await expect(take([hold(flight, 10)])).rejects.toMatchObject({ status: 409 });
    expect(await sold(flight)).toBeUndefined();
  });

  it('merges holds of the same flight, date and cabin before checking the capacity', async () => {
    const flight = newFlight();
    await take([hold(flight, 5), hold(flight, 4)]);
    expect(await sold(flight)).toBe(9);
    const other = newFlight();
    // 5 + 5 > 9 although each alone fits.
    await expect(take([hold(other, 5), hold(other, 5)])).rejects.toMatchObject({ status: 409 });
    expect(await sold(other)).toBeUndefined();
  });

  it('takes nothing when the second flight of a hold is full: the caller rolls the first back', async () => {
    const first = newFlight('AA');
    const second = newFlight('ZZ');
    await take([hold(first, 3), hold(second, 9)]);
    // The full flight listed first: the fixed order still takes the other one before failing.
    await expect(take([hold(second, 1), hold(first, 2)])).rejects.toMatchObject({
      status: 409,
      message: `Seats are no longer available on ${second} on ${DATE}`,
    });
    expect(await sold(first)).toBe(3);
    expect(await sold(second)).toBe(9);
    // A flight that has no row yet gets none either.
    const fresh = newFlight('AA');
    await expect(take([hold(fresh, 1), hold(second, 1)])).rejects.toMatchObject({ status: 409 });
    expect(await sold(fresh)).toBeUndefined();
  });

  it('never oversells: 200 simultaneous one-seat holds against 9 seats, exactly 9 succeed', async () => {
    const flight = newFlight();
    const results = await Promise.allSettled(Array.from({ length: 200 }, () => take([hold(flight, 1)])));
    const failures = results.filter((result) => result.status === 'rejected');
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(9);
    // Every refusal is the 409, not a deadlock, a serialization failure or a duplicate key.
    for (const failure of failures) {
      expect((failure as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    }
    expect(await sold(flight)).toBe(9);
  });

  it('does not deadlock when bookings hold the same flights listed in opposite orders', async () => {
    const a = newFlight('AA');
    const b = newFlight('ZZ');
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) =>
        store.db.transaction().execute(async (trx) => {
          await takeSeats(
            trx,
            index % 2 ? [hold(a, 1, 100), hold(b, 1, 100)] : [hold(b, 1, 100), hold(a, 1, 100)],
          );
          // Keep the row locks a moment, as a booking does while it writes the rest.
          await sql`select pg_sleep(0.005)`.execute(trx);
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(await sold(a)).toBe(40);
    expect(await sold(b)).toBe(40);
  });

  it('never releases below zero, and a release of a flight without sales changes nothing', async () => {
    const flight = newFlight();
    await take([hold(flight, 2)]);
    await release([{ flight, date: DATE, cabin: 'Economy', seats: 5 }]);
    expect(await sold(flight)).toBe(0);
    const untouched = newFlight();
    await release([{ flight: untouched, date: DATE, cabin: 'Economy', seats: 1 }]);
    expect(await sold(untouched)).toBeUndefined();
    // Seats released are for sale again, up to the capacity.
    await take([hold(flight, 9)]);
    expect(await sold(flight)).toBe(9);
  });

  it('refuses holds of zero, negative or fractional seats as programming errors', async () => {
    const flight = newFlight();
    for (const seats of [0, -1, 1.5]) {
      await expect(take([hold(flight, seats)])).rejects.toThrow(/whole, positive number of seats/);
    }
    expect(await sold(flight)).toBeUndefined();
  });
});
