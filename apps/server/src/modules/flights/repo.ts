import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database, SearchHistoryTable } from '../../platform/db/schema.js';

type Db = Kysely<Database>;

/** A batch of search history rows in one insert (search-history-writer.ts says why batched). */
export const insertSearchHistory = (db: Db, rows: Insertable<SearchHistoryTable>[]) =>
  db.insertInto('search_history').values(rows).execute();

export type SearchHistoryFilters = {
  /** A leg from this airport; with `destination`, one leg from the one to the other. */
  origin?: string | undefined;
  destination?: string | undefined;
  /** Days the searches were made (UTC), inclusive. */
  from?: string | undefined;
  to?: string | undefined;
};

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

/** The company's searches matching the filters (the history list's and its count's one WHERE). */
function matchingSearches(db: Db, companyId: string, filters: SearchHistoryFilters) {
  let query = db.selectFrom('search_history').where('search_history.company_id', '=', companyId);
  if (filters.from)
    query = query.where('search_history.created_at', '>=', new Date(`${filters.from}T00:00:00Z`));
  if (filters.to) query = query.where('search_history.created_at', '<', nextDay(filters.to));
  const { origin, destination } = filters;
  if (origin || destination) {
    // One leg carries both ends: "London to New York" is not a search from London that later reached New York.
    const leg = sql.join(
      [
        ...(origin ? [sql`leg->>'origin_location_code' = ${origin}`] : []),
        ...(destination ? [sql`leg->>'destination_location_code' = ${destination}`] : []),
      ],
      sql` and `,
    );
    query = query.where(
      sql<boolean>`exists (select 1 from jsonb_array_elements(search_history.origin_destinations) as leg where ${leg})`,
    );
  }
  return query;
}

/** One page of the company's searches with who made them, newest first. */
export const listSearchHistory = (
  db: Db,
  companyId: string,
  filters: SearchHistoryFilters,
  page: { offset: number; limit: number },
) =>
  matchingSearches(db, companyId, filters)
    .innerJoin('users', 'users.id', 'search_history.user_id')
    .select([
      'search_history.id',
      'search_history.trip_type',
      'search_history.origin_destinations',
      'search_history.adult_quantity',
      'search_history.child_quantity',
      'search_history.infant_quantity',
      'search_history.cabin',
      'search_history.result_count',
      'search_history.created_at',
      'users.id as user_id',
      'users.name as user_name',
    ])
    .orderBy('search_history.created_at', 'desc')
    .orderBy('search_history.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

/** How many of the company's searches match the filters. */
export async function countSearchHistory(db: Db, companyId: string, filters: SearchHistoryFilters) {
  const row = await matchingSearches(db, companyId, filters)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Issue 33: the agency's time zone (its own, or its country's: migration 0012's view), whose
 * calendar a rule's booking dates are; UTC for an agency it can't find. The bookings module reads
 * the same (agency-zone-repo.ts); flights asks its own repository, not bookings.
 */
export async function agencyZone(db: Kysely<Database>, companyId: string): Promise<string> {
  const { rows } = await sql<{ time_zone: string | null }>`
    select (select z.time_zone from company_time_zones z where z.company_id = ${companyId}) as time_zone`.execute(
    db,
  );
  return rows[0]?.time_zone ?? 'UTC';
}
