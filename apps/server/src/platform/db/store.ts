import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { guardDialect } from './guarded-dialect.js';
import {
  assertChannelName,
  ChannelHandlers,
  createPostgresListener,
  type NotificationHandler,
  type Unlisten,
} from './listener.js';
import { PGliteDialect } from './pglite-dialect.js';
import { EmbeddedEngine, EmbeddedStoreDownError, type EngineMode } from './pglite-engine.js';
import type { FileFaults } from './pglite-files.js';
import {
  executeStatement,
  type PreparedStatement,
  type PreparedValue,
  prepareStatement,
} from './prepared.js';
import { inRequestTransaction, requestTransactionDialect } from './request-transaction.js';
import type { Database } from './schema.js';
import { createStoreHealth, type StoreHealth } from './store-health.js';
import { createPostgresTaskLocks, type Exclusively, runAlone } from './task-lock.js';

/**
 * The store: the same PostgreSQL-dialect database whether embedded (PGlite, the default) or a
 * PostgreSQL server (DATABASE_URL). Everything above it speaks Kysely and never knows which.
 */
export type Store = {
  kind: 'pglite' | 'postgres';
  db: Kysely<Database>;
  /** A hot read through a statement prepared once per connection (prepared.ts). */
  query<Row>(statement: PreparedStatement<Row>, values: readonly PreparedValue[]): Promise<Row[]>;
  ping(): Promise<void>;
  /**
   * Whether writes work: a statement that fails for want of space or on a read-only store marks
   * it degraded and fails as a 503 (store-health.ts); a probe clears the mark by itself.
   */
  health: StoreHealth;
  /**
   * Runs `handler` with each payload NOTIFYed on `channel` (a plain lower-case name) by any
   * server on this database. A `pg_notify` in a transaction arrives only once it commits, never
   * if it rolls back: what the live push relies on (docs/decisions/012-live-push.md).
   */
  listen(channel: string, handler: NotificationHandler): Promise<Unlisten>;
  /**
   * Runs a named task unless a server on this database is running it now (answers whether it
   * ran): the periodic sweeps take turns across processes (task-lock.ts). Embedded: always runs.
   */
  exclusively: Exclusively;
  /** The connections' use now, for the metrics (issue 17): read at each scrape, never stored. */
  stats(): StoreStats;
  close(): Promise<void>;
  /** Embedded store only: a tarball of the data folder, loadable with `loadDataDir`. */
  dumpDataDir?(): Promise<Blob>;
  /** What outlives a crash of the machine: the start banner and the runbook say it (issue 28). */
  durability: { synced: boolean; detail: string };
  /**
   * Embedded store only: on its data folder ('primary'), serving reads from a read-only copy of it
   * in memory while the folder can't be written, or down (pglite-engine.ts).
   */
  engineMode?(): EngineMode;
  /** Embedded store only: told when the engine's mode changes, with why (the log says it). */
  onEngineChange?(listener: (mode: EngineMode, reason: string) => void): () => void;
  /**
   * Embedded store only: calls `changed` synchronously whenever a statement may write one of
   * `tables`, and when the transaction that wrote ends (table-writes.ts). Every write of the data
   * goes through this process (the data-dir lock), so a cache it clears is never staler than a
   * read. PostgreSQL has none: another server may write.
   */
  watchWrites?(tables: readonly string[], changed: () => void): () => void;
};

/**
 * PostgreSQL: node-postgres' pool (open connections, idle ones, callers waiting for one).
 * PGlite: its one connection (busy or not) and the statements and transactions queued for it.
 */
export type StoreStats = { connections: number; idle: number; waiting: number };

export type StoreTarget = (
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /**
       * Sync each commit to disk before answering it (the default; docs/operations.md "What is
       * durable"). Off only for the durability bench's baseline.
       */
      durable?: boolean;
      /** Tests only: file calls failing as a read-only, full or failing disk would (pglite-files.ts). */
      faults?: FileFaults;
    }
  | { kind: 'postgres'; url: string; maxConnections?: number }
) & {
  /** How often a degraded store tries a write again (store-health.ts' default otherwise). */
  probeIntervalMs?: number;
};

// Same value shapes from both drivers: int8 as a JS number (money is integer minor units, well
// inside 2^53), `date` as its 'YYYY-MM-DD' text (not a local-midnight Date).
const INT8 = 20;
const DATE = 1082;
const parseInt8 = (value: string) => Number(value);
const keepText = (value: string) => value;

export async function openStore(target: StoreTarget): Promise<Store> {
  if (target.kind === 'postgres') {
    return openPostgres(target.url, target.maxConnections ?? 10, target.probeIntervalMs);
  }
  return openPglite(target, target.probeIntervalMs);
}

/**
 * The degraded store's probe: a write that needs new space on disk, undone. A table made and
 * filled with ~64 kB inside a transaction that is rolled back needs a new file and new pages
 * (rewriting rows in an existing table could fit in pages it already has and pass on a full
 * disk), and leaves nothing behind but a few dead catalog rows while the store is degraded. A
 * read-only store refuses the CREATE.
 */
const ROLLBACK = Symbol('rollback');
async function probeWrite(db: Kysely<Database>): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      await sql`create table skydesk_write_probe (filler text not null)`.execute(trx);
      await sql`insert into skydesk_write_probe select repeat(md5(g::text), 32) from generate_series(1, 64) as g`.execute(
        trx,
      );
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

/** The store's health over its own database (the probe writes through it). */
function healthOf(db: () => Kysely<Database>, probeIntervalMs: number | undefined): StoreHealth {
  return createStoreHealth({
    probe: () => probeWrite(db()),
    ...(probeIntervalMs === undefined ? {} : { probeIntervalMs }),
  });
}

export function storeTargetFromConfig(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): StoreTarget {
  if (config.databaseUrl) return { kind: 'postgres', url: config.databaseUrl };
  const dataDir = join(config.dataDir, 'pglite');
  mkdirSync(dataDir, { recursive: true });
  return { kind: 'pglite', dataDir };
}

/**
 * The embedded store's buffer cache. PGlite starts PostgreSQL's default of 128 MB inside its
 * WebAssembly memory, and PostgreSQL touches all of it at start, so it was resident whatever the
 * data (the demo's store is ~45 MB on disk). Its files are read through the operating system,
 * whose page cache keeps them warm, so a smaller cache costs a copy, not a disk read
 * (docs/benchmarks.md, "Memory": 128 MB → 16 MB took ~145 MB off the resident size).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

async function openPglite(
  target: Extract<StoreTarget, { kind: 'pglite' }>,
  probeIntervalMs: number | undefined,
): Promise<Store> {
  const channels = new ChannelHandlers();
  const prepared = new Set<string>();
  let preparedOn = 0;
  let onModeChange: (mode: EngineMode, reason: string) => void = () => {};
  let forgetReads = () => {};
  const durable = target.durable ?? true;
  const engine = await EmbeddedEngine.open({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    durable,
    parsers: { [INT8]: parseInt8, [DATE]: keepText },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(target.faults ? { faults: target.faults } : {}),
    // A new instance has none of the old one's LISTENs: the live push listens again.
    onReopened: async (pglite) => {
      forgetReads();
      for (const channel of channels.channels()) {
        await pglite.listen(channel, (payload) => channels.dispatch(channel, payload));
      }
    },
    onModeChange: (mode, reason) => onModeChange(mode, reason),
  });
  const dialect = new PGliteDialect(engine);
  forgetReads = () => dialect.writes.changed();
  const health = createStoreHealth({
    // While the store runs on a read-only copy (or is down), the probe first returns to the data
    // folder when it can be written again; then the usual small write.
    probe: async () => {
      await dialect.recover();
      await probeWrite(db);
    },
    ...(probeIntervalMs === undefined ? {} : { probeIntervalMs }),
  });
  // Anything but the data folder itself, read and written, is a store that cannot write: health
  // says degraded and the probe starts. Back on the folder, the probe's write clears it.
  const listeners = new Set<(mode: EngineMode, reason: string) => void>();
  onModeChange = (mode, reason) => {
    // Another instance, or a copy: what was read from the last one is not kept.
    forgetReads();
    for (const listener of listeners) listener(mode, reason);
    if (mode !== 'primary') health.classify(new EmbeddedStoreDownError(`${mode}: ${reason}`));
  };
  const db = new Kysely<Database>({
    dialect: requestTransactionDialect(guardDialect(dialect, health.classify)),
  });
  /** A prepared read through the request's own connection (Kysely routes it there). */
  const queryInRequest = async <Row>(statement: PreparedStatement<Row>, values: readonly PreparedValue[]) => {
    if (preparedOn !== engine.generation) {
      prepared.clear();
      preparedOn = engine.generation;
    }
    if (!prepared.has(statement.name)) {
      await sql.raw(prepareStatement(statement)).execute(db);
      prepared.add(statement.name);
    }
    return (await sql.raw<Row>(executeStatement(statement, values)).execute(db)).rows;
  };
  return {
    kind: 'pglite',
    db,
    durability:
      durable && target.dataDir
        ? { synced: true, detail: "each commit fsync'ed to disk before it is answered" }
        : {
            synced: false,
            detail: target.dataDir
              ? 'commits are not synced to disk (durability off): a power cut may lose them'
              : 'in memory: nothing outlives the process',
          },
    engineMode: () => engine.mode,
    onEngineChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watchWrites: (tables, changed) => dialect.writes.watch(tables, changed),
    query: <Row>(statement: PreparedStatement<Row>, values: readonly PreparedValue[]) =>
      // In a request's transaction (an Idempotency-Key call) the read runs on that transaction's
      // connection: waiting for the connection would wait for the request itself (a keyed booking
      // that reads seats after its first statement hung for ever).
      inRequestTransaction()
        ? queryInRequest(statement, values)
        : dialect
            .exclusive(async (connection) => {
              // A new instance knows none of the statements prepared on the last one.
              if (preparedOn !== engine.generation) {
                prepared.clear();
                preparedOn = engine.generation;
              }
              const execute = executeStatement(statement, values);
              if (!prepared.has(statement.name)) {
                await connection.query(prepareStatement(statement));
                prepared.add(statement.name);
              }
              // The simple protocol: one message for a statement that takes no bind parameters.
              const [result] = await connection.exec(execute);
              return (result?.rows ?? []) as Row[];
            })
            .catch((error: unknown) => {
              throw health.classify(error);
            }),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    health,
    // PGlite is one connection: LISTEN takes its turn like any statement, so it never lands
    // inside someone else's open transaction (and is never undone by its rollback).
    listen: async (channel, handler) => {
      assertChannelName(channel);
      if (channels.add(channel, handler)) {
        try {
          await dialect.exclusive((pg) =>
            pg.listen(channel, (payload) => channels.dispatch(channel, payload)),
          );
        } catch (error) {
          channels.remove(channel, handler);
          throw error;
        }
      }
      return async () => {
        if (channels.remove(channel, handler)) {
          await dialect.exclusive((pg) => pg.unlisten(channel)).catch(() => {});
        }
      };
    },
    // One process holds the data folder: nobody else runs its sweeps.
    exclusively: runAlone,
    stats: () => {
      const { busy, waiting } = dialect.turnsTaken();
      return { connections: 1, idle: busy ? 0 : 1, waiting };
    },
    close: async () => {
      health.stop();
      await db.destroy();
      await dialect.close();
    },
    dumpDataDir: () => dialect.exclusive(async (pglite) => (await pglite.dumpDataDir('none')) as Blob),
  };
}

async function openPostgres(
  url: string,
  maxConnections: number,
  probeIntervalMs: number | undefined,
): Promise<Store> {
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8) return parseInt8;
        if (oid === DATE) return keepText;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // A connection the server ends must not crash the process. The pool listens on idle clients
  // ('error' below) but not on one checked out between two statements of a transaction: without
  // a listener of its own, that client's 'error' event was an uncaught exception. The statement in
  // flight, or the next one on that client, fails instead (classified as unreachable: a 503), and
  // the pool drops the client when it comes back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const health = healthOf(() => db, probeIntervalMs);
  const db = new Kysely<Database>({
    dialect: requestTransactionDialect(guardDialect(new PostgresDialect({ pool }), health.classify)),
  });
  await sql`select 1`.execute(db);
  const listener = createPostgresListener(url);
  const taskLocks = createPostgresTaskLocks(url);
  return {
    kind: 'postgres',
    db,
    durability: {
      synced: true,
      detail: "the PostgreSQL server's own (fsync and synchronous_commit as it is configured)",
    },
    // node-postgres prepares a named statement on each pooled connection the first time it runs there.
    query: async <Row>(statement: PreparedStatement<Row>, values: readonly PreparedValue[]) => {
      try {
        // In a request's transaction (an Idempotency-Key call) the read runs on that transaction's
        // connection, unprepared: from the pool it waited for a second connection, for ever once
        // keyed requests held them all (a pool of one: every keyed booking, which reads seats).
        if (inRequestTransaction()) {
          return (await db.executeQuery<Row>(CompiledQuery.raw(statement.sql, [...values]))).rows;
        }
        return (await pool.query({ name: statement.name, text: statement.sql, values: [...values] }))
          .rows as Row[];
      } catch (error) {
        throw health.classify(error);
      }
    },
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    health,
    listen: (channel, handler) => listener.listen(channel, handler),
    exclusively: taskLocks.exclusively,
    stats: () => ({ connections: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      health.stop();
      await taskLocks.close();
      await listener.close();
      await db.destroy();
    },
  };
}
