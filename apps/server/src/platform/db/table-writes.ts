/**
 * Tells watchers, synchronously, that a statement may have written one of their tables (issue 28,
 * many connections). Only the embedded store has it: one process holds the data folder (the
 * data-dir lock), and every statement of that process goes through its one PGlite connection, so
 * what this sees is every write there is. A cache of rows of those tables is then as fresh as a
 * read: it is told before the statement runs, after it, and again when the transaction that made
 * it ends (a read inside that transaction, or a rollback, must not leave an entry behind).
 *
 * It reads the statement's text, and errs towards telling: a statement that names a watched table
 * and any writing keyword counts (a `select … for update` of `users` too). That is only a cache
 * miss. Nothing in the schema writes these tables from a function or trigger fired by a statement
 * that does not name them (cascades start from a delete of `companies`, `users` or `roles`).
 */
export class TableWrites {
  private readonly watchers = new Set<{ names: RegExp; changed: () => void }>();

  /** Calls `changed` whenever a statement may write one of `tables`; returns how to stop. */
  watch(tables: readonly string[], changed: () => void): () => void {
    for (const table of tables) {
      if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Not a table name: ${table}`);
    }
    const watcher = { names: new RegExp(`\\b(${tables.join('|')})\\b`, 'i'), changed };
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /** Whether `sql` may write a watched table: its watchers are told now (and must be again after). */
  statement(sql: string): boolean {
    if (this.watchers.size === 0 || !WRITES.test(sql)) return false;
    let touched = false;
    for (const watcher of this.watchers) {
      if (watcher.names.test(sql)) {
        touched = true;
        watcher.changed();
      }
    }
    return touched;
  }

  /** Tells every watcher: a transaction that wrote ends, or the data may differ (a new instance). */
  changed(): void {
    for (const watcher of this.watchers) watcher.changed();
  }
}

/** Any statement that may change rows: DML, DDL, a script, a function's body. */
const WRITES = /\b(insert|update|delete|merge|truncate|copy|alter|drop|create|do|call)\b/i;
