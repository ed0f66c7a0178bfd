import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, storeKinds, type TestStore } from '../../../test/support/stores.js';
import { executeStatement, preparedStatement } from './prepared.js';

/** Prepared statements for the hottest reads: the same rows as Kysely, with values kept as data. */

const SEATS = preparedStatement<{ flight: string; departure_date: string; seats_sold: number }>(
  'test_seats',
  ['text[]', 'text'],
  `select flight, departure_date, seats_sold from seat_inventory
    where flight = any($1::text[]) and cabin = $2::text order by flight`,
);

describe('EXECUTE statements', () => {
  it('quote every value as a literal, doubling quotes', () => {
    expect(executeStatement(SEATS, [['BA1', "x'); drop table users; --"], "Econ'omy"])).toBe(
      "execute test_seats(array['BA1','x''); drop table users; --']::text[], 'Econ''omy')",
    );
    expect(executeStatement(SEATS, [[], 'Economy'])).toBe("execute test_seats(array[]::text[], 'Economy')");
  });

  it('refuse values of the wrong kind or number, and NUL', () => {
    expect(() => executeStatement(SEATS, ['BA1', 'Economy'])).toThrow(/parameter 1 must be text\[\]/);
    expect(() => executeStatement(SEATS, [['BA1'], ['Economy']])).toThrow(/parameter 2 must be text/);
    expect(() => executeStatement(SEATS, [['BA1']])).toThrow(/takes 2 parameters/);
    expect(() => executeStatement(SEATS, [['BA1'], 'a\0b'])).toThrow(/NUL/);
    expect(() => preparedStatement('drop table', [], 'select 1')).toThrow(/Not a statement name/);
  });
});

describe.each(storeKinds())('prepared statements on %s', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(kind);
    await sql`insert into seat_inventory (flight, departure_date, cabin, seats_sold)
              values ('BA1', '2026-12-01', 'Economy', 3), ('BA2', '2026-12-01', 'Economy', 4),
                     ('x''y', '2026-12-01', 'Economy', 5)`.execute(store.db);
  });
  afterAll(() => store?.dispose());

  it('answer the rows Kysely would, again and again', async () => {
    for (let run = 0; run < 3; run += 1) {
      expect(await store.query(SEATS, [['BA1', 'BA2', 'BA9'], 'Economy'])).toEqual([
        { flight: 'BA1', departure_date: '2026-12-01', seats_sold: 3 },
        { flight: 'BA2', departure_date: '2026-12-01', seats_sold: 4 },
      ]);
    }
  });

  it('keep hostile values as data', async () => {
    expect(await store.query(SEATS, [["x'y"], 'Economy'])).toEqual([
      { flight: "x'y", departure_date: '2026-12-01', seats_sold: 5 },
    ]);
    expect(await store.query(SEATS, [["BA1'); delete from seat_inventory; --"], 'Economy'])).toEqual([]);
    const left = await sql<{ count: number }>`select count(*)::int as count from seat_inventory`.execute(
      store.db,
    );
    expect(left.rows[0]?.count).toBe(3);
  });

  it('wait for a transaction in progress instead of running inside it', async () => {
    let inside = false;
    const transaction = store.db.transaction().execute(async (trx) => {
      await sql`update seat_inventory set seats_sold = 9 where flight = 'BA1'`.execute(trx);
      inside = true;
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('rolled back');
    });
    // Handled from the start: on the embedded store the rollback happens while the read below
    // waits, and a rejection nobody listens to yet fails the whole run as unhandled.
    const rolledBack = expect(transaction).rejects.toThrow('rolled back');
    while (!inside) await new Promise((resolve) => setTimeout(resolve, 1));
    const read = await store.query(SEATS, [['BA1'], 'Economy']);
    await rolledBack;
    // Never the uncommitted 9: the embedded store queued the read after the rollback.
    expect(read[0]?.seats_sold).toBe(3);
  });
});
