import type { CompiledQuery } from 'kysely';

/**
 * The statements of each transaction, in the order they ran, handed to whoever listens when the
 * transaction ends (committed or rolled back: a refused request took its locks too). The lock-order
 * test (test/bookings/lock-order.test.ts) reads which rows each transaction locked, and in what
 * order, from them. The store's guarded driver (guarded-dialect.ts) collects them; nothing is kept
 * while nobody listens.
 */

type Listener = (statements: readonly CompiledQuery[]) => void;

const listeners = new Set<Listener>();

/** Calls `listener` with the statements of each transaction that ends; returns the unsubscribe. */
export function onTransactionEnd(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const tracingTransactions = () => listeners.size > 0;

export function traceTransaction(statements: readonly CompiledQuery[]) {
  for (const listener of listeners) listener(statements);
}
