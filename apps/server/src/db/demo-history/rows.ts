import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/**
 * One INSERT … SELECT per table: the rows travel as one JSON document that
 * `jsonb_populate_recordset` turns into the table's own row type, so the store parses a single
 * parameter instead of binding thousands (several times faster on PGlite than a multi-row VALUES
 * of the same rows). Columns left out of the rows take their defaults; jsonb columns take objects.
 */
export async function insertRows<T extends keyof Database & string>(
  trx: Transaction<Database>,
  table: T,
  rows: Partial<Record<keyof Database[T] & string, unknown>>[],
) {
  if (rows.length === 0) return;
  const columns = sql.join(Object.keys(rows[0]!).map((column) => sql.id(column)));
  await sql`
    insert into ${sql.table(table)} (${columns})
    select ${columns} from jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)
  `.execute(trx);
}
