import type { CompiledQuery } from 'kysely';
import { afterEach } from 'vitest';
import { onTransactionEnd } from '../../src/platform/db/transaction-trace.js';

/**
 * The lock order of docs/booking-and-money.md, checked on every transaction of every test (a
 * setup file of the server's suite): the booking, the agency's balance row, the seats, and last
 * the analytics rollups that each booking event and ledger line adds to through triggers. Two
 * transactions that take two of these in opposite orders can deadlock, but only when their timing
 * is just so — a test meets it rarely, a busy server now and then — so the order is read from the
 * statements each transaction ran (transaction-trace.ts), on both stores, whatever the timing. A
 * void that credited before it gave its seats back broke it; a crash test's run met the deadlock.
 * A test during which some transaction broke the order fails, naming how and its statements.
 */

type Statement = Pick<CompiledQuery, 'sql' | 'parameters'>;

/**
 * What the rollups leave out (migration 0012's analytics_event_deltas and analytics_ledger_deltas):
 * an event or a ledger line of these adds nothing, so its trigger locks no rollup row. Any other is
 * taken to add to them: a new kind the views leave out makes the check fail loudly, never miss a
 * real break.
 */
const NOT_COUNTED = {
  booking_events: {
    column: 'action',
    values: [
      'refund_requested',
      'refund_rejected',
      'e_ticket_sent',
      // The supplier order saga's steps (decision 020): history lines no rollup counts.
      'airline_confirmed',
      'airline_payment',
      'airline_order',
      'airline_refused',
      'airline_cancellation',
      'airline_cancellation_dropped',
      'airline_change',
      'airline_duplicate_cancelled',
    ],
  },
  ledger_entries: { column: 'kind', values: ['adjustment'] },
} as const;

/**
 * Whether an insert into booking_events or ledger_entries adds to the rollups: read from its
 * values when it is one row of parameters (as the repositories write them); otherwise assumed to.
 */
function addsToRollups(statement: Statement): boolean {
  const insert = /^insert into "(booking_events|ledger_entries)" \(([^)]*)\) values \(([^)]*)\)/.exec(
    statement.sql,
  );
  if (!insert) return /^insert into "(booking_events|ledger_entries)"/.test(statement.sql);
  const ignored = NOT_COUNTED[insert[1] as keyof typeof NOT_COUNTED];
  const columns = insert[2]!.split(', ');
  const values = insert[3]!.split(', ');
  const at = columns.indexOf(`"${ignored.column}"`);
  const parameter = /^\$(\d+)$/.exec(values[at] ?? '');
  if (!parameter || values.length !== columns.length) return true;
  return !(ignored.values as readonly unknown[]).includes(statement.parameters[Number(parameter[1]) - 1]);
}

/** The locks in their order, each known by the statements that take it. */
const LOCKS: { name: string; takenBy: (statement: Statement) => boolean }[] = [
  {
    name: 'booking',
    takenBy: ({ sql }) => /^select\b[\s\S]* from "bookings"[\s\S]* for update\b|^update "bookings"/.test(sql),
  },
  {
    name: 'balance',
    takenBy: ({ sql }) => /^(select\b[\s\S]* from|update|insert into) "credit_balances"/.test(sql),
  },
  { name: 'seats', takenBy: ({ sql }) => /^(insert into|update) "seat_inventory"/.test(sql) },
  { name: 'rollups', takenBy: addsToRollups },
];

/** How a transaction broke the order ('rollups, then seats'), or undefined when it kept it. */
export function brokenLockOrder(statements: readonly Statement[]): string | undefined {
  const held: string[] = [];
  let highest = -1;
  for (const statement of statements) {
    const rank = LOCKS.findIndex((lock) => lock.takenBy(statement));
    if (rank === -1 || held.includes(LOCKS[rank]!.name)) continue;
    if (rank < highest) return `${held.join(', ')}, then ${LOCKS[rank]!.name}`;
    held.push(LOCKS[rank]!.name);
    highest = rank;
  }
  return undefined;
}

/** Each way the order was broken since the last test ended, with the statements of the first transaction that did. */
const broken = new Map<string, string[]>();

onTransactionEnd((statements) => {
  const how = brokenLockOrder(statements);
  if (how && !broken.has(how))
    broken.set(
      how,
      statements.map((statement) => statement.sql.slice(0, 100)),
    );
});

afterEach(() => {
  if (broken.size === 0) return;
  const found = [...broken].map(([how, statements]) => `${how}:\n  ${statements.join('\n  ')}`).join('\n');
  broken.clear();
  throw new Error(`A transaction took its locks out of order (test/support/lock-order.ts):\n${found}`);
});
