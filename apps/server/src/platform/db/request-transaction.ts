import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  CompiledQuery as Query,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * One transaction for a whole request (issue 17, crash safety). An Idempotency-Key request's work
 * and its stored answer must commit together: committed apart, a process killed between the two
 * left work done and no answer, and the key's retry either waited minutes or did the work again
 * (a second booking). Inside `RequestTransaction.run`, every statement the request makes through
 * the store's Kysely — whichever service, repository or helper makes it — runs on one connection
 * in one transaction, begun at its first statement; the transactions the code opens become
 * savepoints of it (rolled back alone on their errors, as before); `end` commits or rolls back the
 * lot. Code after the end (a timer, a mail sent later) gets connections as usual.
 */

type Execute = (query: CompiledQuery) => Promise<QueryResult<Record<string, unknown>>>;

const current = new AsyncLocalStorage<RequestTransaction>();

export class RequestTransaction {
  private held: Promise<{ connection: DatabaseConnection; driver: Driver }> | undefined;
  private savepoints: string[] = [];
  private savepointNo = 0;
  ended = false;
  /** An error of `onBegin`, kept whatever the request's code did with it. */
  interruption: unknown;

  /** `onBegin` runs first in the transaction, on its connection (a lock, a look at a row). */
  constructor(private readonly onBegin: (execute: Execute) => Promise<void> = async () => {}) {}

  /** Runs `work` with its statements in this transaction. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return current.run(this, work);
  }

  get started(): boolean {
    return this.held !== undefined;
  }

  /** The held connection, the transaction begun on it on first use. */
  async connection(driver: Driver): Promise<DatabaseConnection> {
    this.held ??= (async () => {
      const connection = await driver.acquireConnection();
      try {
        await driver.beginTransaction(connection, {});
        await this.onBegin((query) => connection.executeQuery(query));
      } catch (error) {
        this.interruption ??= error;
        await driver.rollbackTransaction(connection).catch(() => {});
        await driver.releaseConnection(connection);
        throw error;
      }
      return { connection, driver };
    })();
    return (await this.held).connection;
  }

  /** Commits (or rolls back) everything the request did and gives the connection back. */
  async end(commit: boolean): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    if (!this.held) return;
    let held: { connection: DatabaseConnection; driver: Driver };
    try {
      held = await this.held;
    } catch {
      return; // It never began (rolled back and released then).
    }
    try {
      if (commit) await held.driver.commitTransaction(held.connection);
      else await held.driver.rollbackTransaction(held.connection);
    } catch (error) {
      if (commit) await held.driver.rollbackTransaction(held.connection).catch(() => {});
      throw error;
    } finally {
      await held.driver.releaseConnection(held.connection);
    }
  }

  async beginNested(connection: DatabaseConnection) {
    const name = `skydesk_request_${++this.savepointNo}`;
    await connection.executeQuery(Query.raw(`savepoint ${name}`));
    this.savepoints.push(name);
  }

  async endNested(connection: DatabaseConnection, commit: boolean) {
    const name = this.savepoints.pop();
    if (!name) throw new Error('No transaction of the request is open');
    await connection.executeQuery(
      Query.raw(commit ? `release savepoint ${name}` : `rollback to savepoint ${name}`),
    );
  }
}

/**
 * Commits what the request has done so far, when it runs in a request's transaction (an
 * Idempotency-Key request); nothing otherwise. Everything after runs as outside one: each
 * transaction the code opens commits on its own, and the answer is stored in its own.
 *
 * For a saga around a remote supplier's call (docs/decisions/020-supplier-order-saga.md): the step
 * recorded before the call must be committed before it is made — a crash after the supplier's
 * answer must find it — and no transaction may stay open over a call to another system (on the
 * embedded store, one open transaction holds the only connection, so the whole server would wait
 * on the supplier). The saga then answers for what the request transaction gave: each step is
 * recorded, found and settled after a crash, and a retry finds the booking the first attempt made.
 */
export async function commitRequestSoFar(): Promise<void> {
  const transaction = current.getStore();
  if (transaction && !transaction.ended) await transaction.end(true);
}

/**
 * Whether this code runs in a request's transaction that has not ended (begun or not yet): on the
 * embedded store, a statement that waits for the connection there would wait for its own request
 * (store.ts runs its prepared reads on the request's connection then).
 */
export function inRequestTransaction(): boolean {
  const transaction = current.getStore();
  return transaction !== undefined && !transaction.ended;
}

/** The request's connection, as its code sees it: giving it back keeps it for the request. */
class RequestConnection implements DatabaseConnection {
  constructor(
    readonly connection: DatabaseConnection,
    readonly transaction: RequestTransaction,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.transaction.ended) {
      return Promise.reject(new Error('A statement of a request that has ended its transaction'));
    }
    return this.connection.executeQuery<R>(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.connection.streamQuery<R>(query, chunkSize);
  }
}

/** The store's dialect with requests' transactions (every statement outside one as before). */
export function requestTransactionDialect(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new RequestTransactionDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

class RequestTransactionDriver implements Driver {
  constructor(private readonly driver: Driver) {}

  init() {
    return this.driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const transaction = current.getStore();
    if (!transaction || transaction.ended) return this.driver.acquireConnection();
    return new RequestConnection(await transaction.connection(this.driver), transaction);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    if (connection instanceof RequestConnection) return connection.transaction.beginNested(connection);
    return this.driver.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    if (connection instanceof RequestConnection) return connection.transaction.endNested(connection, true);
    return this.driver.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    if (connection instanceof RequestConnection) return connection.transaction.endNested(connection, false);
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

  async releaseConnection(connection: DatabaseConnection) {
    // The request's connection goes back when its transaction ends.
    if (connection instanceof RequestConnection) return;
    await this.driver.releaseConnection(connection);
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
