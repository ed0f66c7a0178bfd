import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/**
 * The analytics rollups (`company_daily_stats`, `company_daily_searches`, `company_daily_breakdown`)
 * are kept by triggers of migration 0012 in the transaction of every booking event, ledger entry
 * and search; `analytics_recount()`, defined beside them, rebuilds them from the source rows with
 * the same rules (the migration's `*_deltas` views). These are the calls the server, the tests and
 * the bulk loaders make of it.
 *
 * Bulk loads (the benchmark's generator, a seed of history): insert with the triggers
 * `booking_events_analytics`, `ledger_entries_analytics` and `search_history_analytics` disabled
 * (`alter table … disable trigger …`, or `set session_replication_role = replica` on the loading
 * connection), enable them again, then call `recountAnalytics(db)` once — every agency in one pass
 * (it locks the three rollup tables; run it when nothing else writes) — or
 * `recountAnalytics(db, companyId)` per agency (under that agency's analytics lock, safe while it
 * books).
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Rebuilds one agency's rollups, or every agency's when `companyId` is left out. */
export async function recountAnalytics(db: Db, companyId: string | null = null): Promise<void> {
  await sql`select analytics_recount(${companyId}::uuid)`.execute(db);
}

/**
 * Takes the agency's analytics lock, exclusive until the transaction ends: the one the recount of
 * one agency takes and every trigger takes shared before reading the agency's zone (migration
 * 0012, key (1512, hashtext(company id))). A change of the agency's zone takes it before touching
 * the company row — writers holding it shared go on to lock that row for key share (foreign keys),
 * so the other order could deadlock.
 */
export async function lockAgencyAnalytics(trx: Transaction<Database>, companyId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(1512, hashtext(${companyId}::text))`.execute(trx);
}

export type RollupDrift = { table: string; side: 'kept only' | 'recounted only'; row: unknown };

/**
 * Where the agency's rollups differ from what a recount would make of its source rows, row by row
 * (nothing when they agree); the rollups are left as they are.
 */
export async function rollupDrift(db: Db, companyId: string): Promise<RollupDrift[]> {
  const { rows } = await sql<RollupDrift>`
    select 'company_daily_stats' as table, 'kept only' as side, to_jsonb(r) as row from (
      select * from company_daily_stats where company_id = ${companyId}
      except all select * from analytics_stats_rows(${companyId})) r
    union all
    select 'company_daily_stats', 'recounted only', to_jsonb(r) from (
      select * from analytics_stats_rows(${companyId})
      except all select * from company_daily_stats where company_id = ${companyId}) r
    union all
    select 'company_daily_searches', 'kept only', to_jsonb(r) from (
      select * from company_daily_searches where company_id = ${companyId}
      except all select * from analytics_search_rows(${companyId})) r
    union all
    select 'company_daily_searches', 'recounted only', to_jsonb(r) from (
      select * from analytics_search_rows(${companyId})
      except all select * from company_daily_searches where company_id = ${companyId}) r
    union all
    select 'company_daily_breakdown', 'kept only', to_jsonb(r) from (
      select * from company_daily_breakdown where company_id = ${companyId}
      except all select * from analytics_breakdown_rows(${companyId})) r
    union all
    select 'company_daily_breakdown', 'recounted only', to_jsonb(r) from (
      select * from analytics_breakdown_rows(${companyId})
      except all select * from company_daily_breakdown where company_id = ${companyId}) r
  `.execute(db);
  return rows;
}
