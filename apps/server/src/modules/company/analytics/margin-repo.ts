import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import type { DayRange } from './repo.js';

/**
 * The agency's earnings figures (issue 33), read from its client paperwork: every invoice, credit
 * note and supplementary invoice counts on the day (the agency's) it was issued — sales its amount
 * before the tax on earnings, net what the agency paid for what it bills — credit notes negative.
 * A booking exchanged or refunded thus counts once, with its net effect: the original invoice plus
 * what was issued against it.
 */

type Db = Kysely<Database> | Transaction<Database>;

export type MarginFigures = { sales_minor: number; net_minor: number };

/** Instants of the range's days in the agency's zone. */
const issuedIn = (zone: string, range: DayRange) =>
  sql`i.issued_at >= (${range.from}::date::timestamp at time zone ${zone})
    and i.issued_at < ((${range.to}::date + 1)::timestamp at time zone ${zone})`;

/** Each day of the range, oldest first, with zeros for a day without paperwork. */
export async function dailyMargin(
  db: Db,
  companyId: string,
  zone: string,
  range: DayRange,
  days: number,
): Promise<(MarginFigures & { day: string })[]> {
  const { rows } = await sql<MarginFigures & { day: string }>`
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(m.sales_minor, 0)::bigint as sales_minor,
      coalesce(m.net_minor, 0)::bigint as net_minor
    from (select ${range.from}::date + n as day from generate_series(0, ${days - 1}::int) as n) d
    left join (
      select (i.issued_at at time zone ${zone})::date as day,
        sum(i.subtotal_minor) as sales_minor, sum(i.net_minor) as net_minor
      from invoices i
      where i.company_id = ${companyId} and ${issuedIn(zone, range)}
      group by 1
    ) m on m.day = d.day
    order by d.day
  `.execute(db);
  return rows;
}

/** The figures summed over the range. */
export async function periodMargin(
  db: Db,
  companyId: string,
  zone: string,
  range: DayRange,
): Promise<MarginFigures> {
  const { rows } = await sql<MarginFigures>`
    select coalesce(sum(i.subtotal_minor), 0)::bigint as sales_minor,
      coalesce(sum(i.net_minor), 0)::bigint as net_minor
    from invoices i
    where i.company_id = ${companyId} and ${issuedIn(zone, range)}
  `.execute(db);
  return rows[0]!;
}

/** The bookings' column each breakdown of the figures groups by. */
const BREAKDOWN_COLUMNS = { route: 'route', airline: 'validating_carrier', staff: 'created_by' } as const;

/** The margin (sales − net) over the range of each of `keys`: routes, airlines or makers. */
export async function marginByKey(
  db: Db,
  companyId: string,
  zone: string,
  range: DayRange,
  dimension: keyof typeof BREAKDOWN_COLUMNS,
  keys: readonly string[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const column = sql.ref(`b.${BREAKDOWN_COLUMNS[dimension]}`);
  const { rows } = await sql<{ key: string; margin_minor: number }>`
    select ${column}::text as key, sum(i.subtotal_minor - i.net_minor)::bigint as margin_minor
    from invoices i
    join bookings b on b.id = i.booking_id
    where i.company_id = ${companyId} and ${issuedIn(zone, range)}
      and ${column}::text in (${sql.join(keys)})
    group by 1
  `.execute(db);
  return new Map(rows.map((row) => [row.key, row.margin_minor]));
}
