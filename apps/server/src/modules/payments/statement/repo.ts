import type { LedgerKind } from '@skydesk/contract';
import { sql } from 'kysely';
import { preparedStatement } from '../../../platform/db/prepared.js';
import type { Store } from '../../../platform/db/store.js';

/**
 * The statement's reads. Each is an index read whatever the ledger's length: a range of days is
 * turned into a range of line numbers on (company_id, created_at, seq), and everything after that
 * — its balances, its totals, any page or export batch — reads lines by (company_id, seq).
 *
 * Prepared (platform/db/prepared.ts): a page is three short reads, and on the embedded store
 * planning them each time cost several times running them.
 */

const RANGE_LINES = preparedStatement<{
  name: string;
  currency: string;
  first_seq: number | null;
  last_seq: number | null;
  max_seq: number | null;
}>(
  'statement_range_lines',
  ['text', 'text', 'text'],
  `select c.name, c.currency,
          case when $2 = '' then
                 (select seq from ledger_entries where company_id = c.id order by seq limit 1)
               else
                 (select seq from ledger_entries
                   where company_id = c.id and created_at >= nullif($2, '')::timestamptz
                   order by created_at, seq limit 1)
          end as first_seq,
          case when $3 = '' then
                 (select seq from ledger_entries where company_id = c.id order by seq desc limit 1)
               else
                 (select seq from ledger_entries
                   where company_id = c.id and created_at < nullif($3, '')::timestamptz
                   order by created_at desc, seq desc limit 1)
          end as last_seq,
          (select seq from ledger_entries where company_id = c.id order by seq desc limit 1) as max_seq
     from companies c
    where c.id = $1::uuid`,
);

/**
 * The agency (undefined for an unknown id) with the first line posted at or after `from`, the
 * last posted before `until` (without a bound: the ledger's first line, its last), and the last
 * line of all.
 */
export async function rangeLines(
  store: Store,
  companyId: string,
  bounds: { from: Date | null; until: Date | null },
) {
  const [row] = await store.query(RANGE_LINES, [
    companyId,
    bounds.from?.toISOString() ?? '',
    bounds.until?.toISOString() ?? '',
  ]);
  if (!row) return undefined;
  return {
    holder: { id: companyId, name: row.name, currency: row.currency },
    firstSeq: row.first_seq,
    lastSeq: row.last_seq,
    maxSeq: row.max_seq,
  };
}

export type StatementHolder = { id: string; name: string; currency: string };

const RANGE_ENDS = preparedStatement<{
  edge: 'before' | 'first' | 'last';
  seq: number;
  balance_after_minor: number;
  credits_after_minor: number;
  created_at: Date;
}>(
  'statement_range_ends',
  ['text', 'text', 'text'],
  // Each end an ordered read of (company_id, seq) with a limit, the one plan a planner working
  // from stale statistics still gets right (PGlite has no autovacuum): looking the numbers up
  // with seq = any(…) was once planned as a scan of the company's every line.
  `(select 'before' as edge, seq, balance_after_minor, credits_after_minor, created_at
      from ledger_entries where company_id = $1::uuid and seq < $2::bigint order by seq desc limit 1)
   union all
   (select 'first', seq, balance_after_minor, credits_after_minor, created_at
      from ledger_entries where company_id = $1::uuid and seq >= $2::bigint order by seq limit 1)
   union all
   (select 'last', seq, balance_after_minor, credits_after_minor, created_at
      from ledger_entries where company_id = $1::uuid and seq <= $3::bigint order by seq desc limit 1)`,
);

/**
 * The lines at a range's ends, with what they carry forward (balance and credits so far) and
 * when: the one before `firstSeq`, `firstSeq` itself and `lastSeq` (each absent when there is none).
 */
export async function rangeEnds(store: Store, companyId: string, firstSeq: number, lastSeq: number) {
  const rows = await store.query(RANGE_ENDS, [companyId, String(firstSeq), String(lastSeq)]);
  const end = (edge: 'before' | 'first' | 'last') => rows.find((row) => row.edge === edge);
  return { before: end('before'), first: end('first'), last: end('last') };
}

export type StatementLine = {
  id: string;
  seq: number;
  kind: LedgerKind;
  amount_minor: number;
  balance_after_minor: number;
  booking_id: string | null;
  pnr: string | null;
  ticket_numbers: string[] | null;
  transaction_id: string | null;
  reference_no: string | null;
  note: string | null;
  created_at: Date;
};

const LINES_BETWEEN = preparedStatement<StatementLine>(
  'statement_lines_between',
  ['text', 'text', 'text'],
  `select e.id, e.seq, e.kind, e.amount_minor, e.balance_after_minor, e.booking_id, b.pnr,
          (select o.ticket_numbers from orders o where o.ledger_entry_id = e.id limit 1) as ticket_numbers,
          e.transaction_id, d.reference_no, e.note, e.created_at
     from ledger_entries e
     left join bookings b on b.id = e.booking_id
     left join deposit_transactions d on d.id = e.transaction_id
    where e.company_id = $1::uuid and e.seq between $2::bigint and $3::bigint
    order by e.seq`,
);

/**
 * Lines `fromSeq`…`toSeq` in order, each with its booking's PNR, the tickets of the order it paid
 * or repaid (ticket, void, refund) and its deposit's bank reference.
 */
export function linesBetween(store: Store, companyId: string, fromSeq: number, toSeq: number) {
  return store.query(LINES_BETWEEN, [companyId, String(fromSeq), String(toSeq)]);
}

/**
 * Issue 30: lines of some kinds only, within `firstSeq`…`lastSeq`, one page in either order, with
 * how many there are. Not prepared: a filtered statement is asked for now and then, not on every
 * request, and the (company_id, seq) index bounds what it reads to the range.
 */
export async function linesOfKinds(
  store: Store,
  companyId: string,
  range: { firstSeq: number; lastSeq: number },
  filter: { kinds: readonly LedgerKind[]; newestFirst: boolean; offset: number; limit: number },
): Promise<{ total: number; lines: StatementLine[] }> {
  const kinds = sql.join(filter.kinds.map((kind) => sql`${kind}`));
  const where = sql`e.company_id = ${companyId}::uuid and e.seq between ${range.firstSeq} and ${range.lastSeq}
    and e.kind in (${kinds})`;
  const counted = await sql<{
    total: string;
  }>`select count(*) as total from ledger_entries e where ${where}`.execute(store.db);
  const total = Number(counted.rows[0]?.total ?? 0);
  if (total === 0 || filter.offset >= total) return { total, lines: [] };
  const { rows } = await sql<StatementLine>`
    select e.id, e.seq, e.kind, e.amount_minor, e.balance_after_minor, e.booking_id, b.pnr,
           (select o.ticket_numbers from orders o where o.ledger_entry_id = e.id limit 1) as ticket_numbers,
           e.transaction_id, d.reference_no, e.note, e.created_at
      from ledger_entries e
      left join bookings b on b.id = e.booking_id
      left join deposit_transactions d on d.id = e.transaction_id
     where ${where}
     order by e.seq ${filter.newestFirst ? sql`desc` : sql`asc`}
     limit ${filter.limit} offset ${filter.offset}`.execute(store.db);
  return { total, lines: rows };
}
