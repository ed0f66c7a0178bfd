import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/**
 * A Kysely dialect whose every statement's failure — transaction control included — passes
 * through `translate` before reaching the caller (store-health.ts turns "cannot write" into a
 * 503). Everything else is the wrapped dialect's own.
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
    const connection = await this.driver.acquireConnection();
    let guard = this.guards.get(connection);
    if (!guard) {
      guard = new GuardedConnection(connection, this.translate);
      this.guards.set(connection, guard);
    }
    return guard;
  }

  // Transaction control runs through the guard too (a COMMIT can fail for want of space).
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.driver.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.driver.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.driver.rollbackTransaction(connection);
  }
  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.supported('savepoint').call(this.driver, connection, name, compile);
  }
  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.supported('rollbackToSavepoint').call(this.driver, connection, name, compile);
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
  constructor(
    readonly connection: DatabaseConnection,
    private readonly translate: (error: unknown) => unknown,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.connection.executeQuery<R>(query).catch((error: unknown) => {
      throw this.translate(error);
    });
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.connection.streamQuery<R>(query, chunkSize);
    } catch (error) {
      throw this.translate(error);
    }
  }
}
