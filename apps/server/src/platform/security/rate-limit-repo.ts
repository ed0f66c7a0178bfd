import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Counts one hit in a fixed window's counter (rate_limit_counters), made on its first hit, and
 * answers the window's hits so far: one statement, so concurrent hits in every process add up.
 */
export async function countHit(
  db: Kysely<Database>,
  counter: { bucket: string; key: string; windowStart: Date },
): Promise<number> {
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ bucket: counter.bucket, key: counter.key, window_start: counter.windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['bucket', 'key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_counters.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits;
}
