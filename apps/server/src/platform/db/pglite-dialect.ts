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

/**
 * A Kysely dialect over embedded PGlite. PGlite is one connection, so the driver hands it out to
 * one holder at a time: a transaction keeps it from BEGIN to COMMIT and nobody else's statements
 * can slip into it. (PGlite runs one transaction at a time; concurrency tests prove things only
 * on PostgreSQL — docs/architecture.md §3.)
 */
export class PGliteDialect implements Dialect {
  private readonly turns = new Turns();
  constructor(private readonly pglite: PGlite) {}

  /** Runs `work` on PGlite directly, in the same line as every Kysely statement and transaction. */
  async exclusive<T>(work: (pglite: PGlite) => Promise<T>): Promise<T> {
    const release = await this.turns.take();
    try {
      return await work(this.pglite);
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
    return new PGliteDriver(this.pglite, this.turns);
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

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;

  constructor(
    pglite: PGlite,
    private readonly turns: Turns,
  ) {
    this.connection = new PGliteConnection(pglite);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    this.connection.release = await this.turns.take();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery({ sql: 'begin', parameters: [] } as unknown as CompiledQuery);
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery({ sql: 'commit', parameters: [] } as unknown as CompiledQuery);
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery({ sql: 'rollback', parameters: [] } as unknown as CompiledQuery);
  }
  async releaseConnection(connection: DatabaseConnection) {
    (connection as PGliteConnection).release();
  }
  async destroy() {}
}

class PGliteConnection implements DatabaseConnection {
  release: () => void = () => {};
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // A statement without parameters may be a multi-statement script (migrations): PGlite's
    // exec() runs those; query() uses the extended protocol, which allows one statement only.
    if (query.parameters.length === 0) {
      const results = await this.pglite.exec(query.sql);
      const last = results[results.length - 1];
      return {
        rows: (last?.rows ?? []) as R[],
        numAffectedRows: last?.affectedRows === undefined ? undefined : BigInt(last.affectedRows),
      };
    }
    const result = await this.pglite.query<R>(query.sql, [...query.parameters]);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not supported by PGlite; Kysely requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }
}
