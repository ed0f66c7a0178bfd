import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, storeKinds, type TestStore } from '../../../test/support/stores.js';
import { createSearchHistoryWriter } from './search-history-writer.js';

describe.each(storeKinds())('search history written behind the answer, on %s', (kind) => {
  let store: TestStore;
  let companyId: string;
  let userId: string;

  beforeAll(async () => {
    store = await createTestStore(kind);
    const company = await store.db
      .insertInto('companies')
      .values({
        name: 'History Travels',
        contact_name: 'Hal Story',
        email: `${randomUUID()}@example.test`,
        phone: '+971500000001',
        country: 'AE',
        city: 'Dubai',
        address: '2 Creek Road',
        currency: 'USD',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    companyId = company.id;
    const role = await store.db
      .insertInto('roles')
      .values({ company_id: companyId, name: 'Agent' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await store.db
      .insertInto('users')
      .values({
        company_id: companyId,
        role_id: role.id,
        name: 'Hal Story',
        email: `${randomUUID()}@example.test`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = user.id;
  });
  afterAll(() => store?.dispose());

  const row = (resultCount: number) => ({
    company_id: companyId,
    user_id: userId,
    trip_type: 'OneWay' as const,
    origin_destinations: JSON.stringify([
      { departure_date_time: '2026-12-01', origin_location_code: 'LHR', destination_location_code: 'JFK' },
    ]),
    adult_quantity: 1,
    child_quantity: 0,
    infant_quantity: 0,
    cabin: 'Economy' as const,
    result_count: resultCount,
  });
  const stored = () =>
    store.db
      .selectFrom('search_history')
      .select(['id', 'result_count', 'created_at'])
      .where('company_id', '=', companyId)
      .orderBy('created_at', 'desc')
      .execute();

  it('gives each search its id at once and writes the queued rows on flush, in order', async () => {
    const errors: unknown[] = [];
    const writer = createSearchHistoryWriter({
      db: store.db,
      flushAfterMs: 60_000,
      onError: (e) => errors.push(e),
    });
    const ids = [1, 2, 3, 4, 5].map((count) => writer.record(row(count)));
    expect(new Set(ids).size).toBe(5);
    expect(await stored()).toHaveLength(0);

    await writer.flush();
    const rows = await stored();
    // Newest first, even though the five share one insert (and maybe one millisecond).
    expect(rows.map((r) => r.result_count)).toEqual([5, 4, 3, 2, 1]);
    expect(rows.map((r) => r.id)).toEqual([...ids].reverse());
    expect(errors).toEqual([]);
  });

  it('flushes by itself after a short delay, and at once when a batch is full', async () => {
    const before = (await stored()).length;
    const writer = createSearchHistoryWriter({
      db: store.db,
      flushAfterMs: 20,
      maxBatch: 3,
      onError: () => {},
    });
    writer.record(row(10));
    writer.record(row(11));
    writer.record(row(12));
    await writer.flush();
    expect((await stored()).length).toBe(before + 3);
    writer.record(row(13));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await stored()).length).toBe(before + 4);
  });

  it('reports a batch the database refuses, and goes on with the next', async () => {
    const errors: unknown[] = [];
    const writer = createSearchHistoryWriter({
      db: store.db,
      flushAfterMs: 60_000,
      onError: (e) => errors.push(e),
    });
    writer.record({ ...row(20), user_id: randomUUID() }); // no such user: the foreign key refuses it
    await writer.flush();
    expect(errors).toHaveLength(1);
    writer.record(row(21));
    await writer.flush();
    expect((await stored())[0]?.result_count).toBe(21);
  });
});
