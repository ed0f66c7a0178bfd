import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from './store.js';

/**
 * Kysely's statements on PGlite run as named prepared statements (pglite-statements.ts): the same
 * answers as `PGlite.query()` gave, one prepared statement per text, none left on an old plan after
 * a schema change, and a failure that spoils nothing.
 */
describe('statements on the embedded store', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ kind: 'pglite' });
    await sql`create table prepared_probe (id int primary key, at date, big int8, doc jsonb, tags text[], note text)`.execute(
      store.db,
    );
  });
  afterAll(() => store.close());

  const named = async () =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from pg_prepared_statements where name like 'skydesk_k%'`.execute(store.db)
    ).rows[0]!.n;

  it('answers as PGlite.query did, each type parsed the store’s way', async () => {
    await store.db
      .insertInto('prepared_probe' as never)
      .values({
        id: 1,
        at: '2026-12-20',
        big: 9_007_199_254_740_991,
        doc: JSON.stringify({ a: [1, 2] }),
        tags: ['x', 'y'],
        note: null,
      } as never)
      .execute();
    const row = await sql`select * from prepared_probe where id = ${1}`.execute(store.db);
    expect(row.rows).toEqual([
      {
        id: 1,
        at: '2026-12-20',
        big: 9_007_199_254_740_991,
        doc: { a: [1, 2] },
        tags: ['x', 'y'],
        note: null,
      },
    ]);
    const updated = await sql`update prepared_probe set note = ${'n'} where id = ${1}`.execute(store.db);
    expect(updated.numAffectedRows).toBe(1n);
  });

  it('prepares a text once, however often it runs', async () => {
    const before = await named();
    for (let i = 0; i < 5; i++) await sql`select id from prepared_probe where id = ${i}`.execute(store.db);
    expect(await named()).toBe(before + 1);
  });

  it('runs again after a failure, in a transaction or out of one', async () => {
    const insert = (id: number) => sql`insert into prepared_probe (id) values (${id})`.execute(store.db);
    await insert(2);
    await expect(insert(2)).rejects.toMatchObject({ code: '23505' });
    await expect(
      store.db.transaction().execute(async (trx) => {
        await sql`insert into prepared_probe (id) values (${3})`.execute(trx);
        await sql`insert into prepared_probe (id) values (${3})`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await insert(3);
    const ids = await sql<{ id: number }>`select id from prepared_probe where id > ${0} order by id`.execute(
      store.db,
    );
    expect(ids.rows.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('plans nothing on a table that changed: a schema change forgets the prepared statements', async () => {
    const all = () =>
      sql<Record<string, unknown>>`select * from prepared_probe where id = ${1}`.execute(store.db);
    expect(Object.keys((await all()).rows[0]!)).not.toContain('added');
    await sql`alter table prepared_probe add column added int default 7`.execute(store.db);
    expect((await all()).rows[0]).toMatchObject({ id: 1, added: 7 });
  });
});
