import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/**
 * The agency's time zone (its own, or its country's: migration 0012's view), in which the texts
 * written for it read their moments (docs/architecture.md §8); UTC for an agency it can't find.
 */
export async function agencyTimeZone(
  db: Kysely<Database> | Transaction<Database>,
  companyId: string,
): Promise<string> {
  const { rows } = await sql<{ time_zone: string | null }>`
    select (select z.time_zone from company_time_zones z where z.company_id = ${companyId}) as time_zone`.execute(
    db,
  );
  return rows[0]?.time_zone ?? 'UTC';
}
