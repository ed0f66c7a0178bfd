import { AppError, SERVER } from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { countHit } from './rate-limit-repo.js';

export type RateRule = { bucket: string; limit: number; windowSeconds: number };

/**
 * Fixed-window counters in the database, so every server process shares them (docs/architecture.md §1).
 * `consume` counts one hit and throws 429 with Retry-After once the window's limit is passed.
 */
export function createRateLimiter(db: Kysely<Database>, now: () => Date) {
  return {
    async consume(rule: RateRule, key: string): Promise<void> {
      const at = now().getTime();
      const windowMs = rule.windowSeconds * 1000;
      const windowStart = new Date(Math.floor(at / windowMs) * windowMs);
      const hits = await countHit(db, { bucket: rule.bucket, key, windowStart });
      if (hits > rule.limit) {
        const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - at) / 1000));
        throw new AppError('rate_limited', SERVER.rateLimited, { retryAfter });
      }
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
