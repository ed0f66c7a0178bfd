import { afterEach, describe, expect, it } from 'vitest';
import { createTestStore, storeKinds, type TestStore } from '../../../test/support/stores.js';
import { pruneSpentAuthState } from './housekeeping.js';

describe.each(storeKinds())('auth housekeeping on %s', (kind) => {
  let store: TestStore;
  afterEach(async () => store?.dispose());

  it('deletes rate-limit windows and challenges older than a day, and keeps recent ones', async () => {
    store = await createTestStore(kind);
    const now = new Date('2026-11-22T12:00:00Z');
    const old = new Date('2026-11-20T12:00:00Z');
    const recent = new Date('2026-11-22T11:00:00Z');
    await store.db
      .insertInto('rate_limit_counters')
      .values([
        { bucket: 'login:ip', key: 'a', window_start: old, hits: 3 },
        { bucket: 'login:ip', key: 'a', window_start: recent, hits: 1 },
      ])
      .execute();
    const subject = '0b9f3c9e-6f43-4a5e-9a77-3c1c1d1f5e01';
    await store.db
      .insertInto('auth_challenges')
      .values([
        { principal: 'user', subject_id: subject, stage: 'verify_2fa', expires_at: old },
        { principal: 'user', subject_id: subject, stage: 'verify_2fa', expires_at: recent },
      ])
      .execute();

    await pruneSpentAuthState(store.db, now);

    const windows = await store.db.selectFrom('rate_limit_counters').select('window_start').execute();
    expect(windows.map((row) => row.window_start.toISOString())).toEqual([recent.toISOString()]);
    const challenges = await store.db.selectFrom('auth_challenges').select('expires_at').execute();
    expect(challenges.map((row) => row.expires_at.toISOString())).toEqual([recent.toISOString()]);
  });
});
