import type { CompanyStatus } from '@skydesk/contract';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/**
 * The platform's figures (GET /api/admin/kpi): the agencies' rollups summed (migration 0012), and
 * what the back office decides (agencies, deposits) aggregated where it is kept. Every day is the
 * agency's own (its zone), as its rollups count it, so a platform day is the sum of the agencies'
 * days of that date. Money in minor units of the platform's currency: an agency in another one is
 * left out of the money.
 */

type Db = Kysely<Database> | Transaction<Database>;

export type DayRange = { from: string; to: string };

/** The agency's day of an instant: `at` read in the agency's `zone`. */
const localDay = (at: RawBuilder<unknown>, zone: RawBuilder<unknown>) =>
  sql`(${at} at time zone ${zone})::date`;

/**
 * Instants that may fall on the days of `range` in some agency's zone (UTC−12 … UTC+14), for an
 * index to narrow before the exact day of each row is worked out.
 */
const mayFallIn = (at: RawBuilder<unknown>, range: DayRange) =>
  sql`${at} >= ((${range.from}::date - 1)::timestamp at time zone 'UTC')
    and ${at} < ((${range.to}::date + 2)::timestamp at time zone 'UTC')`;

const between = (day: RawBuilder<unknown>, range: DayRange) =>
  sql`${day} between ${range.from}::date and ${range.to}::date`;

export type PlatformDay = {
  registrations: number;
  bookings: number;
  tickets: number;
  sales_minor: number;
  refunds_minor: number;
  deposits_minor: number;
};

/** Each day of the range, oldest first, zeros included. */
export async function platformDays(
  db: Db,
  range: DayRange,
  days: number,
  currency: string,
): Promise<(PlatformDay & { day: string })[]> {
  const { rows } = await sql<PlatformDay & { day: string }>`
    with stats as (
      select s.day, sum(s.bookings) as bookings, sum(s.tickets) as tickets,
        sum(s.spend_minor) filter (where c.currency = ${currency}) as sales_minor,
        sum(s.refunds_minor) filter (where c.currency = ${currency}) as refunds_minor,
        sum(s.deposits_minor) filter (where c.currency = ${currency}) as deposits_minor
      from company_daily_stats s
      join companies c on c.id = s.company_id
      where ${between(sql`s.day`, range)}
      group by s.day
    ),
    registrations as (
      select ${localDay(sql`c.created_at`, sql`z.time_zone`)} as day, count(*) as registrations
      from companies c
      join company_time_zones z on z.company_id = c.id
      where ${mayFallIn(sql`c.created_at`, range)}
      group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(r.registrations, 0)::bigint as registrations,
      coalesce(s.bookings, 0)::bigint as bookings,
      coalesce(s.tickets, 0)::bigint as tickets,
      coalesce(s.sales_minor, 0)::bigint as sales_minor,
      coalesce(s.refunds_minor, 0)::bigint as refunds_minor,
      coalesce(s.deposits_minor, 0)::bigint as deposits_minor
    from (select ${range.from}::date + n as day from generate_series(0, ${days - 1}::int) as n) d
    left join stats s on s.day = d.day
    left join registrations r on r.day = d.day
    order by d.day
  `.execute(db);
  return rows;
}

/** The same figures summed over a range. */
export async function platformTotals(db: Db, range: DayRange, currency: string): Promise<PlatformDay> {
  const { rows } = await sql<PlatformDay>`
    select
      (select count(*) from companies c join company_time_zones z on z.company_id = c.id
       where ${mayFallIn(sql`c.created_at`, range)}
         and ${between(localDay(sql`c.created_at`, sql`z.time_zone`), range)})::bigint as registrations,
      coalesce(sum(s.bookings), 0)::bigint as bookings,
      coalesce(sum(s.tickets), 0)::bigint as tickets,
      coalesce(sum(s.spend_minor) filter (where c.currency = ${currency}), 0)::bigint as sales_minor,
      coalesce(sum(s.refunds_minor) filter (where c.currency = ${currency}), 0)::bigint as refunds_minor,
      coalesce(sum(s.deposits_minor) filter (where c.currency = ${currency}), 0)::bigint as deposits_minor
    from company_daily_stats s
    join companies c on c.id = s.company_id
    where ${between(sql`s.day`, range)}
  `.execute(db);
  return rows[0]!;
}

/** How many agencies are in each verification status now (statuses without any left out). */
export const agenciesByStatus = (db: Db) =>
  db
    .selectFrom('companies')
    .select((eb) => ['verification_status', eb.fn.countAll<number>().as('count')])
    .groupBy('verification_status')
    .execute() as Promise<{ verification_status: CompanyStatus; count: number }[]>;

/** Deposits waiting for an operator now: how many, and their amount in the platform's currency. */
export async function pendingDeposits(db: Db, currency: string) {
  const { rows } = await sql<{ count: number; amount_minor: number }>`
    select count(*)::int as count,
      coalesce(sum(amount_minor) filter (where currency = ${currency}), 0)::bigint as amount_minor
    from deposit_transactions
    where status = 'pending'
  `.execute(db);
  return rows[0]!;
}

/** How many decisions were taken and their average hours (null when none was). */
export type DecisionTimes = { decisions: number; hours: number | null };

/**
 * The average hours from an agency's registration, or its last vendor form before the decision,
 * to its approval, over the approvals of the range (null when none).
 */
export async function agencyApprovalHours(db: Db, range: DayRange): Promise<DecisionTimes> {
  const { rows } = await sql<DecisionTimes>`
    select count(*)::int as decisions, avg(extract(epoch from d.created_at - coalesce(
        (select max(v.created_at) from vendor_submissions v
         where v.company_id = d.company_id and v.created_at <= d.created_at),
        c.created_at)) / 3600)::float8 as hours
    from company_decisions d
    join companies c on c.id = d.company_id
    join company_time_zones z on z.company_id = d.company_id
    where d.action = 'approve'
      and ${mayFallIn(sql`d.created_at`, range)}
      and ${between(localDay(sql`d.created_at`, sql`z.time_zone`), range)}
  `.execute(db);
  return rows[0] ?? { decisions: 0, hours: null };
}

/** The average hours from a deposit's recording to its decision, over the decisions of the range. */
export async function depositDecisionHours(db: Db, range: DayRange): Promise<DecisionTimes> {
  const { rows } = await sql<DecisionTimes>`
    select count(*)::int as decisions, avg(extract(epoch from t.decided_at - t.created_at) / 3600)::float8 as hours
    from deposit_transactions t
    join company_time_zones z on z.company_id = t.company_id
    where t.status in ('approved', 'rejected') and t.decided_at is not null
      and ${mayFallIn(sql`t.decided_at`, range)}
      and ${between(localDay(sql`t.decided_at`, sql`z.time_zone`), range)}
  `.execute(db);
  return rows[0] ?? { decisions: 0, hours: null };
}

export type AgencySales = { company_id: string; name: string; bookings: number; sales_minor: number };

/** The `limit` agencies that sold the most in the range (then by bookings). */
export async function topAgencies(db: Db, range: DayRange, currency: string, limit: number) {
  const { rows } = await sql<AgencySales>`
    select s.company_id, c.name, sum(s.bookings)::bigint as bookings, sum(s.spend_minor)::bigint as sales_minor
    from company_daily_stats s
    join companies c on c.id = s.company_id
    where ${between(sql`s.day`, range)} and c.currency = ${currency}
    group by s.company_id, c.name
    having sum(s.spend_minor) > 0 or sum(s.bookings) > 0
    order by sales_minor desc, bookings desc, c.name, s.company_id
    limit ${limit}
  `.execute(db);
  return rows;
}

/**
 * The platform's margin (issue 33): what its rules added to suppliers' prices (`markup_minor`) on
 * the bookings ticketed on the agency's day, a booking voided since counting nothing (its agency got
 * everything back). Only the platform's currency.
 */
const ticketedBookings = (range: DayRange, currency: string) => sql`
  select b.company_id, b.supplier, b.markup_minor,
    ${localDay(sql`b.issued_at`, sql`z.time_zone`)} as day
  from bookings b
  join company_time_zones z on z.company_id = b.company_id
  where b.issued_at is not null and b.status <> 'voided' and b.currency = ${currency}
    and ${mayFallIn(sql`b.issued_at`, range)}`;

/** The margin of each day of the range, oldest first, zeros included. */
export async function platformMarginDays(db: Db, range: DayRange, days: number, currency: string) {
  const { rows } = await sql<{ day: string; margin_minor: number }>`
    with ticketed as (${ticketedBookings(range, currency)})
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(sum(t.markup_minor), 0)::bigint as margin_minor
    from (select ${range.from}::date + n as day from generate_series(0, ${days - 1}::int) as n) d
    left join ticketed t on t.day = d.day
    group by d.day
    order by d.day
  `.execute(db);
  return rows;
}

/** The margin over a range. */
export async function platformMargin(db: Db, range: DayRange, currency: string): Promise<number> {
  const { rows } = await sql<{ margin_minor: number }>`
    with ticketed as (${ticketedBookings(range, currency)})
    select coalesce(sum(markup_minor), 0)::bigint as margin_minor from ticketed
    where ${between(sql`day`, range)}
  `.execute(db);
  return rows[0]!.margin_minor;
}

export type MarginLine = { key: string; name: string; bookings: number; margin_minor: number };

/** The margin over a range by supplier or by agency, largest first (then by bookings). */
export async function platformMarginBy(
  db: Db,
  range: DayRange,
  currency: string,
  by: 'supplier' | 'agency',
  limit: number,
): Promise<MarginLine[]> {
  const key = by === 'supplier' ? sql`t.supplier::text` : sql`t.company_id::text`;
  const name = by === 'supplier' ? sql`t.supplier::text` : sql`c.name`;
  const { rows } = await sql<MarginLine>`
    with ticketed as (${ticketedBookings(range, currency)})
    select ${key} as key, ${name} as name, count(*)::bigint as bookings,
      sum(t.markup_minor)::bigint as margin_minor
    from ticketed t
    join companies c on c.id = t.company_id
    where ${between(sql`t.day`, range)}
    group by 1, 2
    order by margin_minor desc, bookings desc, name
    limit ${limit}
  `.execute(db);
  return rows;
}
