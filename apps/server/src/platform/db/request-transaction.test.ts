import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, storeKinds, type TestStore } from '../../../test/support/stores.js';
import { preparedStatement } from './prepared.js';
import { RequestTransaction } from './request-transaction.js';

/**
 * An Idempotency-Key request runs in one transaction that holds a connection until the request
 * ends: the embedded store's only one, or one of PostgreSQL's pool. The store's prepared reads (the
 * session check, the seats sold) took a connection of their own: inside such a request, after its
 * first statement, they waited for the request itself on the embedded store, and on PostgreSQL for
 * a free connection of the pool — for ever once keyed requests held them all (a pool of one here),
 * and a keyed booking that read seats hung.
 */
describe.each(storeKinds())("a prepared read in a request's transaction on %s", (kind) => {
  let store: TestStore;
  const COUNT = preparedStatement<{ n: number }>(
    'request_probe_count',
    ['text'],
    'select count(*)::int as n from request_probe where note = $1',
  );
  beforeAll(async () => {
    store = await createTestStore(kind, { maxConnections: 1 });
    await sql`create table request_probe (note text not null)`.execute(store.db);
  });
  afterAll(() => store.dispose());

  it("runs on the request's connection and sees what the request wrote", async () => {
    const transaction = new RequestTransaction();
    const seen = await transaction.run(async () => {
      await sql`insert into request_probe values (${'held'})`.execute(store.db);
      return (await store.query(COUNT, ['held']))[0]!.n;
    });
    expect(seen).toBe(1);
    await transaction.end(false);
    // Rolled back with the request; the read outside any request waits its turn as before.
    expect((await store.query(COUNT, ['held']))[0]!.n).toBe(0);
  });

  it('runs as the first statement of a request too, and begins its transaction', async () => {
    const transaction = new RequestTransaction();
    const seen = await transaction.run(async () => {
      const before = (await store.query(COUNT, ['first']))[0]!.n;
      await sql`insert into request_probe values (${'first'})`.execute(store.db);
      return [before, (await store.query(COUNT, ['first']))[0]!.n];
    });
    expect(transaction.started).toBe(true);
    await transaction.end(true);
    expect(seen).toEqual([0, 1]);
    expect((await store.query(COUNT, ['first']))[0]!.n).toBe(1);
  });
});
