import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatement } from './prepared.js';
import { RequestTransaction } from './request-transaction.js';
import { openStore, type Store } from './store.js';

/**
 * An Idempotency-Key request runs in one transaction that holds the embedded store's only
 * connection until the request ends. The store's prepared reads (the session check, the seats
 * sold) used to wait for that connection in line: inside such a request, after its first
 * statement, they waited for the request itself, and a keyed booking that read seats hung.
 */
describe("a prepared read in a request's transaction on the embedded store", () => {
  let store: Store;
  const COUNT = preparedStatement<{ n: number }>(
    'request_probe_count',
    ['text'],
    'select count(*)::int as n from request_probe where note = $1',
  );
  beforeAll(async () => {
    store = await openStore({ kind: 'pglite' });
    await sql`create table request_probe (note text not null)`.execute(store.db);
  });
  afterAll(() => store.close());

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
