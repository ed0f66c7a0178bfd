import type { PGlite } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import { type EmbeddedEngine, EmbeddedStoreDownError } from './pglite-engine.js';
import { changesSchema, forgetPrepared, runPrepared } from './pglite-statements.js';
import { TableWrites } from './table-writes.js';

/**
 * A Kysely dialect over embedded PGlite. PGlite is one connection, so the driver hands it out to
 * one holder at a time: a transaction keeps it from BEGIN to COMMIT and nobody else's statements
 * can slip into it. (PGlite runs one transaction at a time; concurrency tests prove things only
 * on PostgreSQL — docs/architecture.md §3.)
 *
 * A failed statement never leaves the connection unusable (issue 28): one that loses the instance
 * (a PANIC: the write-ahead log could not be written or synced) has the engine open PostgreSQL
 * again for the next holder (pglite-engine.ts), and one that leaves a transaction open outside the
 * holder's own BEGIN is rolled back before the connection goes to the next.
 */
export class PGliteDialect implements Dialect {
  private readonly turns = new Turns();
  /** What each statement may write, told to the process's caches of those tables (table-writes.ts). */
  readonly writes = new TableWrites();
  constructor(private readonly engine: EmbeddedEngine) {}

  /** Runs `work` on PGlite directly, in the same line as every Kysely statement and transaction. */
  async exclusive<T>(work: (pglite: PGlite) => Promise<T>): Promise<T> {
    const release = await this.turns.take();
    try {
      const pglite = await this.engine.current();
      try {
        return await work(pglite);
      } catch (error) {
        await settleFailure(this.engine, pglite, error, false);
        throw error;
      }
    } finally {
      release();
    }
  }

  /** The engine back on its data folder if it can be (pglite-engine.ts), in the connection's line. */
  async recover(): Promise<void> {
    const release = await this.turns.take();
    try {
      await this.engine.recover();
    } finally {
      release();
    }
  }

  /** Closes PostgreSQL once the statements queued before have run. */
  async close(): Promise<void> {
    const release = await this.turns.take();
    try {
      await this.engine.close();
    } finally {
      release();
    }
  }

  /** Whether a holder has the connection now, and how many wait their turn (the metrics' gauge). */
  turnsTaken(): { busy: boolean; waiting: number } {
    return { busy: this.turns.held > 0, waiting: Math.max(0, this.turns.held - 1) };
  }

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.engine, this.turns, this.writes);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Parameters<Dialect['createIntrospector']>[0]) {
    return new PostgresIntrospector(db);
  }
}

/** One holder of the connection at a time, in the order they asked. */
class Turns {
  private queue: Promise<void> = Promise.resolve();
  /** Holders that asked and have not released yet: the one running and those queued behind it. */
  held = 0;

  async take(): Promise<() => void> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.queue;
    this.queue = previous.then(() => turn);
    this.held += 1;
    await previous;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held -= 1;
      release();
    };
  }
}

/**
 * After a failed statement: nothing more when the instance is lost (the engine replaces it);
 * otherwise, outside the holder's own transaction, a transaction the failure left open is rolled
 * back, so the next holder starts clean.
 */
async function settleFailure(engine: EmbeddedEngine, pglite: PGlite, error: unknown, inTransaction: boolean) {
  if (engine.noteFailure(pglite, error) || inTransaction) return;
  try {
    if (pglite.isInTransaction()) await pglite.exec('rollback');
  } catch (rollbackError) {
    engine.noteFailure(pglite, rollbackError);
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;

  constructor(
    private readonly engine: EmbeddedEngine,
    private readonly turns: Turns,
    writes: TableWrites,
  ) {
    this.connection = new PGliteConnection(engine, writes);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.turns.take();
    try {
      this.connection.hold(await this.engine.current(), release);
    } catch (error) {
      release();
      throw error;
    }
    return this.connection;
  }

  // `connection` may be a wrapper of this driver's one connection (guarded-dialect.ts): the
  // transaction's state is kept on the connection itself.
  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery({ sql: 'begin', parameters: [] } as unknown as CompiledQuery);
    this.connection.inTransaction = true;
  }
  async commitTransaction(connection: DatabaseConnection) {
    try {
      await connection.executeQuery({ sql: 'commit', parameters: [] } as unknown as CompiledQuery);
    } finally {
      this.connection.inTransaction = false;
    }
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    try {
      await connection.executeQuery({ sql: 'rollback', parameters: [] } as unknown as CompiledQuery);
    } finally {
      this.connection.inTransaction = false;
    }
  }
  async releaseConnection(connection: DatabaseConnection) {
    (connection as PGliteConnection).release();
  }
  async destroy() {}
}

class PGliteConnection implements DatabaseConnection {
  release: () => void = () => {};
  /** The instance the holder took: a replacement is not the same session. */
  private pglite: PGlite | undefined;
  /** Between the holder's BEGIN and its COMMIT or ROLLBACK. */
  inTransaction = false;
  /**
   * The holder wrote a watched table: its caches are told again as it lets the connection go,
   * after its COMMIT or ROLLBACK and before anyone else can read (what they kept meanwhile may be
   * the transaction's own view, or undone).
   */
  private wroteWatched = false;
  constructor(
    private readonly engine: EmbeddedEngine,
    private readonly writes: TableWrites,
  ) {}

  hold(pglite: PGlite, release: () => void) {
    this.pglite = pglite;
    this.inTransaction = false;
    this.wroteWatched = false;
    this.release = () => {
      this.pglite = undefined;
      if (this.wroteWatched) {
        this.wroteWatched = false;
        this.writes.changed();
      }
      release();
    };
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const pglite = this.pglite;
    if (!pglite || !this.engine.usable(pglite)) {
      // The instance was lost under this holder: its transaction went with it, so a rollback is
      // done; anything else fails as the store that cannot write it is.
      if (/^\s*rollback\s*$/i.test(query.sql)) return { rows: [] };
      throw new EmbeddedStoreDownError(this.engine.lostReason());
    }
    const writes = this.writes.statement(query.sql);
    if (writes) this.wroteWatched = true;
    try {
      return await this.run<R>(pglite, query);
    } catch (error) {
      await settleFailure(this.engine, pglite, error, this.inTransaction);
      throw error;
    } finally {
      // Once more when it has run: a cache filled while it ran read the rows before it.
      if (writes) this.writes.statement(query.sql);
    }
  }

  private async run<R>(pglite: PGlite, query: CompiledQuery): Promise<QueryResult<R>> {
    // A statement without parameters may be a multi-statement script (migrations): PGlite's
    // exec() runs those; query() uses the extended protocol, which allows one statement only.
    if (query.parameters.length === 0) {
      // A schema change (a migration, a test's DDL) leaves no prepared statement on an old plan.
      if (changesSchema(query.sql)) forgetPrepared(pglite);
      const results = await pglite.exec(query.sql);
      const last = results[results.length - 1];
      return {
        rows: (last?.rows ?? []) as R[],
        numAffectedRows: last?.affectedRows === undefined ? undefined : BigInt(last.affectedRows),
      };
    }
    // One trip through PGlite per statement, planned once (pglite-statements.ts).
    const result = await runPrepared(pglite, query.sql, query.parameters);
    return {
      rows: result.rows as R[],
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not supported by PGlite; Kysely requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }
}
