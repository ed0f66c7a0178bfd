import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** How many of the versions 1..upTo the store has recorded as applied (0 before the first). */
export async function appliedMigrationCount(db: Kysely<Database>, upTo: number): Promise<number> {
  // to_regclass: a store never migrated has no table yet, and that is a finding, not an error.
  const result = await sql<{ applied: number }>`
    select case when to_regclass('schema_migrations') is null then 0
      else (select count(*)::int from schema_migrations where version between 1 and ${upTo}) end as applied`.execute(
    db,
  );
  return result.rows[0]?.applied ?? 0;
}
