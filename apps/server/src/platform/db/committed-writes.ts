import type {
  CompiledQuery,
  InsertQueryNode,
  OperationNode,
  PrimitiveValueListNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
} from 'kysely';

/**
 * The business facts the metrics count (issue 17), seen where they are written: every booking
 * status change inserts one `booking_events` row (bookings/booking/repo.ts recordEvent) and every
 * ledger posting one `ledger_entries` row (payments/ledger-repo.ts appendEntry). The store's
 * guarded driver (guarded-dialect.ts) shows each insert here and holds the ones made inside a
 * transaction until it commits — a rolled-back booking is no booking — so a count moves for each
 * change that really happened in this process, whichever path made it: an API call, a sweep, a
 * timer. Nothing is inspected while nobody listens (metrics off).
 */

export type CommittedWrite =
  | { table: 'booking_events'; toStatus: string }
  | { table: 'ledger_entries'; kind: string };

type Listener = (write: CommittedWrite) => void;

const listeners = new Set<Listener>();

/** Calls `listener` with each committed write of this process; returns the unsubscribe. */
export function onCommittedWrite(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const watchingWrites = () => listeners.size > 0;

export function announce(writes: readonly CommittedWrite[]) {
  for (const write of writes) for (const listener of listeners) listener(write);
}

/** The column each watched table's fact is read from. */
const WATCHED: Record<CommittedWrite['table'], string> = {
  booking_events: 'to_status',
  ledger_entries: 'kind',
};

/** The facts an executed statement wrote: one per row of an insert into a watched table. */
export function writesOf(query: CompiledQuery): CommittedWrite[] {
  // Transaction control may come without a tree (PGlite's driver sends bare 'begin').
  const node = query.query as OperationNode | undefined;
  if (node?.kind !== 'InsertQueryNode') return [];
  const insert = node as InsertQueryNode;
  const table = insert.into?.table.identifier.name;
  if (table !== 'booking_events' && table !== 'ledger_entries') return [];
  const index = insert.columns?.findIndex((column) => column.column.name === WATCHED[table]) ?? -1;
  const rows = insert.values?.kind === 'ValuesNode' ? (insert.values as ValuesNode).values : [];
  return rows.map((row) => {
    const value = index === -1 ? undefined : valueAt(row, index);
    const fact = typeof value === 'string' ? value : 'unknown';
    return table === 'booking_events' ? { table, toStatus: fact } : { table, kind: fact };
  });
}

/** A row of `values(…)`: Kysely keeps plain values as a list, and wraps them when any is an expression. */
function valueAt(row: PrimitiveValueListNode | ValueListNode, index: number): unknown {
  if (row.kind === 'PrimitiveValueListNode') return row.values[index];
  const cell = row.values[index];
  return cell?.kind === 'ValueNode' ? (cell as ValueNode).value : undefined;
}
