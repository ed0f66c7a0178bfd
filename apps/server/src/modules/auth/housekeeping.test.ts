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

  it('deletes throttle counters a day past their window unless they hold a wait, and sources unused for 30 days', async () => {
    store = await createTestStore(kind);
    const now = new Date('2026-11-22T12:00:00Z');
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const counter = (source: string, windowStart: Date, blockedUntil: Date | null) => ({
      principal: 'user' as const,
      step: 'password' as const,
      scope: 'pair' as const,
      account: 'someone@agency.test',
      source,
      failures: 7,
      window_start: windowStart,
      blocked_until: blockedUntil,
    });
    await store.db
      .insertInto('sign_in_throttle')
      .values([
        counter('spent', hoursAgo(49), hoursAgo(40)),
        counter('still-waiting', hoursAgo(49), new Date(now.getTime() + 60_000)),
        counter('recent', hoursAgo(47), null),
      ])
      .execute();
    const known = (source: string, trustedAt: Date) => ({
      principal: 'user' as const,
      account: 'someone@agency.test',
      source,
      trusted_at: trustedAt,
    });
    await store.db
      .insertInto('sign_in_known_sources')
      .values([known('stale', hoursAgo(31 * 24)), known('fresh', hoursAgo(29 * 24))])
      .execute();

    await pruneSpentAuthState(store.db, now);

    const counters = await store.db
      .selectFrom('sign_in_throttle')
      .select('source')
      .orderBy('source')
      .execute();
    expect(counters.map((row) => row.source)).toEqual(['recent', 'still-waiting']);
    const sources = await store.db.selectFrom('sign_in_known_sources').select('source').execute();
    expect(sources.map((row) => row.source)).toEqual(['fresh']);
  });
});
