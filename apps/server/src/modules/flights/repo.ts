import type { Insertable, Kysely } from 'kysely';
import type { Database, SearchHistoryTable } from '../../platform/db/schema.js';

type Db = Kysely<Database>;

/** A batch of search history rows in one insert (search-history-writer.ts says why batched). */
export const insertSearchHistory = (db: Db, rows: Insertable<SearchHistoryTable>[]) =>
  db.insertInto('search_history').values(rows).execute();

/** The company's latest searches with who made them, newest first. */
export const listSearchHistory = (db: Db, companyId: string, limit: number) =>
  db
    .selectFrom('search_history')
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
    .where('search_history.company_id', '=', companyId)
    .orderBy('search_history.created_at', 'desc')
    .orderBy('search_history.id', 'desc')
    .limit(limit)
    .execute();
