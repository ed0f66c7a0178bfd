import { AppError } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, storeKinds, type TestStore } from '../../../test/support/stores.js';
import { createManualClock } from '../clock.js';
import { createRateLimiter } from './rate-limit.js';

describe.each(storeKinds())('the rate limiter on %s', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(kind);
  });
  afterAll(() => store?.dispose());

  const rule = { bucket: 'test.sends', limit: 2, windowSeconds: 60 };

  it('lets the window’s limit through, then refuses 429 with the seconds left in the window', async () => {
    const clock = createManualClock(new Date('2026-11-22T12:00:15Z'));
    const limiter = createRateLimiter(store.db, clock.now);
    await limiter.consume(rule, 'agent-1');
    await limiter.consume(rule, 'agent-1');
    const refused = await limiter.consume(rule, 'agent-1').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'rate_limited', retryAfter: 45 });
  });

  it('starts over in the next window, and counts each key and bucket apart', async () => {
    const clock = createManualClock(new Date('2026-11-22T13:00:00Z'));
    const limiter = createRateLimiter(store.db, clock.now);
    await limiter.consume(rule, 'agent-2');
    await limiter.consume(rule, 'agent-2');
    await limiter.consume(rule, 'agent-3');
    await limiter.consume({ ...rule, bucket: 'test.other' }, 'agent-2');
    await expect(limiter.consume(rule, 'agent-2')).rejects.toThrow();
    clock.advance(60_000);
    await limiter.consume(rule, 'agent-2');
  });
});
