import { type Kysely, sql, type Transaction } from 'kysely';
import type { AnalyticsDimension, Database } from '../../../platform/db/schema.js';

/**
 * The agency's figures, read from the rollups of migration 0012 (one row per day of the agency's
 * zone, and per route, airline and maker): every figure is an aggregate in SQL over at most a few
 * hundred rows per year, however many bookings the agency made. Days are 'YYYY-MM-DD' in the
 * agency's zone; money is in minor units of the agency's currency.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Inclusive days of the agency's calendar. */
export type DayRange = { from: string; to: string };

/** The agency's zone, its currency and its today at `now`. */
export async function agencyCalendar(db: Db, companyId: string, now: Date) {
  const { rows } = await sql<{ time_zone: string; currency: string; today: string }>`
    select z.time_zone, c.currency,
      to_char(${now}::timestamptz at time zone z.time_zone, 'YYYY-MM-DD') as today
    from companies c
    join company_time_zones z on z.company_id = c.id
    where c.id = ${companyId}
  `.execute(db);
  return rows[0];
}

/** What the rollups count per day, and what a period sums. */
export type DailyFigures = {
  searches: number;
  bookings: number;
  tickets: number;
  ticketed_bookings: number;
  cancellations: number;
  voids: number;
  expirations: number;
  refunds: number;
  spend_minor: number;
  refunds_minor: number;
};

const STATS_COLUMNS = [
  'bookings',
  'tickets',
  'ticketed_bookings',
  'cancellations',
  'voids',
  'expirations',
  'refunds',
  'spend_minor',
  'refunds_minor',
] as const;

/** Each day of the range, oldest first, with zeros for a day without activity. */
export async function dailyFigures(
  db: Db,
  companyId: string,
  range: DayRange,
  days: number,
): Promise<(DailyFigures & { day: string })[]> {
  const { rows } = await sql<DailyFigures & { day: string }>`
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(q.searches, 0) as searches,
      ${sql.join(STATS_COLUMNS.map((column) => sql`coalesce(s.${sql.ref(column)}, 0)::bigint as ${sql.ref(column)}`))}
    from (select ${range.from}::date + n as day from generate_series(0, ${days - 1}::int) as n) d
    left join company_daily_stats s on s.company_id = ${companyId} and s.day = d.day
    left join company_daily_searches q on q.company_id = ${companyId} and q.day = d.day
    order by d.day
  `.execute(db);
  return rows;
}

/** The figures summed over the range and over the period before it. */
export async function periodTotals(
  db: Db,
  companyId: string,
  range: DayRange,
  previous: DayRange,
): Promise<{ current: DailyFigures; previous: DailyFigures }> {
  const sums = (period: DayRange, prefix: string) =>
    sql.join(
      STATS_COLUMNS.map(
        (column) =>
          sql`coalesce(sum(${sql.ref(column)}) filter (where day between ${period.from}::date and ${period.to}::date), 0)::bigint as ${sql.ref(`${prefix}${column}`)}`,
      ),
    );
  const searches = (period: DayRange) => sql`
    (select coalesce(sum(searches), 0)::bigint from company_daily_searches
     where company_id = ${companyId} and day between ${period.from}::date and ${period.to}::date)`;
  const { rows } = await sql<Record<string, number>>`
    select ${sums(range, 'c_')}, ${sums(previous, 'p_')},
      ${searches(range)} as c_searches, ${searches(previous)} as p_searches
    from company_daily_stats
    where company_id = ${companyId} and day between ${previous.from}::date and ${range.to}::date
  `.execute(db);
  const row = rows[0]!;
  const pick = (prefix: string): DailyFigures => ({
    searches: row[`${prefix}searches`]!,
    bookings: row[`${prefix}bookings`]!,
    tickets: row[`${prefix}tickets`]!,
    ticketed_bookings: row[`${prefix}ticketed_bookings`]!,
    cancellations: row[`${prefix}cancellations`]!,
    voids: row[`${prefix}voids`]!,
    expirations: row[`${prefix}expirations`]!,
    refunds: row[`${prefix}refunds`]!,
    spend_minor: row[`${prefix}spend_minor`]!,
    refunds_minor: row[`${prefix}refunds_minor`]!,
  });
  return { current: pick('c_'), previous: pick('p_') };
}

export type BreakdownLine = { key: string; bookings: number; tickets: number; spend_minor: number };

/** The `limit` routes, airlines or makers with the most bookings in the range (then spend). */
export async function topOf(
  db: Db,
  companyId: string,
  dimension: AnalyticsDimension,
  range: DayRange,
  limit: number,
): Promise<BreakdownLine[]> {
  const rows = await db
    .selectFrom('company_daily_breakdown')
    .select((eb) => [
      'key',
      sql<number>`sum(${eb.ref('bookings')})::bigint`.as('bookings'),
      sql<number>`sum(${eb.ref('tickets')})::bigint`.as('tickets'),
      sql<number>`sum(${eb.ref('spend_minor')})::bigint`.as('spend_minor'),
    ])
    .where('company_id', '=', companyId)
    .where('dimension', '=', dimension)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy('key')
    .orderBy('bookings', 'desc')
    .orderBy('spend_minor', 'desc')
    .orderBy('key')
    .limit(limit)
    .execute();
  return rows;
}

/** Names of the agency's users (deleted ones too: their bookings still name them). */
export async function userNames(db: Db, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Holds made on the range's days (in the agency's zone) that are still live at `now`: what of the
 * period's bookings still waits to be ticketed.
 */
export async function liveHoldsMadeIn(
  db: Db,
  companyId: string,
  zone: string,
  range: DayRange,
  now: Date,
): Promise<number> {
  const { rows } = await sql<{ holds: number }>`
    select count(*)::int as holds from bookings
    where company_id = ${companyId} and status = 'booked' and ticketing_deadline > ${now}
      and created_at >= (${range.from}::date::timestamp at time zone ${zone})
      and created_at < ((${range.to}::date + 1)::timestamp at time zone ${zone})
  `.execute(db);
  return rows[0]!.holds;
}
