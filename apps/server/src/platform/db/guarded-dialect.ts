import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { announce, type CommittedWrite, watchingWrites, writesOf } from './committed-writes.js';
import { traceTransaction, tracingTransactions } from './transaction-trace.js';

/**
 * A Kysely dialect whose every statement's failure — transaction control included — passes
 * through `translate` before reaching the caller (store-health.ts turns "cannot write" into a
 * 503). It also shows the metrics the watched inserts once they are committed (committed-writes.ts),
 * and a listening test each transaction's statements (transaction-trace.ts).
 * Everything else is the wrapped dialect's own.
 */
export function guardDialect(dialect: Dialect, translate: (error: unknown) => unknown): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new GuardedDriver(dialect.createDriver(), translate),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

class GuardedDriver implements Driver {
  /** Each driver connection keeps one guard; drivers reuse their connections. */
  private readonly guards = new WeakMap<DatabaseConnection, GuardedConnection>();

  constructor(
    private readonly driver: Driver,
    private readonly translate: (error: unknown) => unknown,
  ) {}

  init() {
    return this.driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let connection: DatabaseConnection;
    try {
      connection = await this.driver.acquireConnection();
    } catch (error) {
      // A connection that can't be had is a failure like a statement's: the embedded store down
      // after a storage failure is a 503 (pglite-engine.ts), a refused connection too.
      throw this.translate(error);
    }
    let guard = this.guards.get(connection);
    if (!guard) {
      guard = new GuardedConnection(connection, this.translate);
      this.guards.set(connection, guard);
    }
    return guard;
  }

  // Transaction control runs through the guard too (a COMMIT can fail for want of space).
  // The watched writes of a transaction wait for its COMMIT; a ROLLBACK drops them.
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.driver.beginTransaction(connection, settings);
    if (connection instanceof GuardedConnection) {
      connection.pending = [];
      connection.traced = tracingTransactions() ? [] : null;
    }
  }
  async commitTransaction(connection: DatabaseConnection) {
    await this.driver.commitTransaction(connection);
    if (connection instanceof GuardedConnection) announce(connection.endTransaction());
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    try {
      await this.driver.rollbackTransaction(connection);
    } finally {
      if (connection instanceof GuardedConnection) connection.endTransaction();
    }
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.supported('savepoint').call(this.driver, connection, name, compile);
    if (connection instanceof GuardedConnection)
      connection.savepoints.set(name, connection.pending?.length ?? 0);
  }
  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.supported('rollbackToSavepoint').call(this.driver, connection, name, compile);
    if (connection instanceof GuardedConnection) {
      connection.pending?.splice(connection.savepoints.get(name) ?? connection.pending.length);
    }
  }
  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.supported('releaseSavepoint').call(this.driver, connection, name, compile);
  }

  /** The driver gets back the connection it handed out (drivers release through private state). */
  releaseConnection(connection: DatabaseConnection) {
    return this.driver.releaseConnection(
      connection instanceof GuardedConnection ? connection.connection : connection,
    );
  }

  destroy() {
    return this.driver.destroy();
  }

  private supported<M extends 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint'>(method: M) {
    const implementation = this.driver[method];
    if (!implementation) throw new Error(`This store's driver does not support ${method}`);
    return implementation;
  }
}

class GuardedConnection implements DatabaseConnection {
  /** Watched writes of the open transaction, announced on its commit; null outside one. */
  pending: CommittedWrite[] | null = null;
  /** How many were pending at each savepoint of the open transaction. */
  readonly savepoints = new Map<string, number>();
  /** The open transaction's statements while a test traces them (transaction-trace.ts); else null. */
  traced: CompiledQuery[] | null = null;

  constructor(
    readonly connection: DatabaseConnection,
    private readonly translate: (error: unknown) => unknown,
  ) {}

  /** The last statement sent, which the next one waits for. */
  private turn: Promise<unknown> = Promise.resolve();

  /**
   * One statement at a time, in the order they were sent: code may send several at once on one
   * connection (a `Promise.all` of reads inside a transaction), which node-postgres 8 queues with a
   * deprecation warning and node-postgres 9 refuses.
   */
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const run = this.turn.then(() => this.execute<R>(query));
    this.turn = run.catch(() => {});
    return run;
  }

  private async execute<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    let result: QueryResult<R>;
    try {
      result = await this.connection.executeQuery<R>(query);
    } catch (error) {
      throw this.translate(error);
    }
    this.traced?.push(query);
    if (watchingWrites()) {
      const writes = writesOf(query);
      if (writes.length > 0) {
        if (this.pending) this.pending.push(...writes);
        else announce(writes);
      }
    }
    return result;
  }

  endTransaction(): CommittedWrite[] {
    const writes = this.pending ?? [];
    this.pending = null;
    if (this.traced) traceTransaction(this.traced);
    this.traced = null;
    this.savepoints.clear();
    return writes;
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.connection.streamQuery<R>(query, chunkSize);
    } catch (error) {
      throw this.translate(error);
    }
  }
}
