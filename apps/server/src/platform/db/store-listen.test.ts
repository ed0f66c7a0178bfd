import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, storeKinds, type TestStore } from '../../../test/support/stores.js';

/** Store.listen (platform/db/store.ts): NOTIFY reaches listeners after commit only, on both stores. */

const ROLLBACK = new Error('rollback');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await pause(10);
  }
}

describe.each(storeKinds())('store.listen on %s', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(kind);
  });
  afterAll(async () => store?.dispose());

  const notifyIn = (payload: string, outcome: 'commit' | 'rollback') =>
    store.db
      .transaction()
      .execute(async (trx) => {
        await sql`select pg_notify('skydesk_listen_test', ${payload})`.execute(trx);
        // Still inside the transaction: nothing may have arrived yet.
        await pause(50);
        if (outcome === 'rollback') throw ROLLBACK;
      })
      .catch((error) => {
        if (error !== ROLLBACK) throw error;
      });

  it('delivers a committed notification, never a rolled-back one, to every handler until it unlistens', async () => {
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await store.listen('skydesk_listen_test', (payload) => first.push(payload));
    const stopSecond = await store.listen('skydesk_listen_test', (payload) => second.push(payload));

    await notifyIn('undone', 'rollback');
    await notifyIn('kept', 'commit');
    await until(() => first.length > 0 && second.length > 0);
    await pause(100);
    expect(first).toEqual(['kept']);
    expect(second).toEqual(['kept']);

    await stopFirst();
    await notifyIn('after', 'commit');
    await until(() => second.length > 1);
    await pause(100);
    expect(first).toEqual(['kept']);
    expect(second).toEqual(['kept', 'after']);

    await stopSecond();
    await notifyIn('nobody', 'commit');
    await pause(150);
    expect(second).toEqual(['kept', 'after']);
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(store.listen('x; drop table users', () => {})).rejects.toThrow(/channel/);
    await expect(store.listen('Upper', () => {})).rejects.toThrow(/channel/);
  });
});
