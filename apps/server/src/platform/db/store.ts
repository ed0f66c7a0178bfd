import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.js';
import {
  executeStatement,
  type PreparedStatement,
  type PreparedValue,
  prepareStatement,
} from './prepared.js';
import type { Database } from './schema.js';

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
  close(): Promise<void>;
  /** Embedded store only: a tarball of the data folder, loadable with `loadDataDir`. */
  dumpDataDir?(): Promise<Blob>;
};

export type StoreTarget =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; maxConnections?: number };

// Same value shapes from both drivers: int8 as a JS number (money is integer minor units, well
// inside 2^53), `date` as its 'YYYY-MM-DD' text (not a local-midnight Date).
const INT8 = 20;
const DATE = 1082;
const parseInt8 = (value: string) => Number(value);
const keepText = (value: string) => value;

export async function openStore(target: StoreTarget): Promise<Store> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.maxConnections ?? 10);
  return openPglite(target.dataDir, target.loadDataDir);
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

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Store> {
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers: { [INT8]: parseInt8, [DATE]: keepText },
  });
  const dialect = new PGliteDialect(pglite);
  const db = new Kysely<Database>({ dialect });
  const prepared = new Set<string>();
  return {
    kind: 'pglite',
    db,
    query: <Row>(statement: PreparedStatement<Row>, values: readonly PreparedValue[]) =>
      dialect.exclusive(async (connection) => {
        const execute = executeStatement(statement, values);
        if (!prepared.has(statement.name)) {
          await connection.query(prepareStatement(statement));
          prepared.add(statement.name);
        }
        // The simple protocol: one message for a statement that takes no bind parameters.
        const [result] = await connection.exec(execute);
        return (result?.rows ?? []) as Row[];
      }),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
    dumpDataDir: async () => (await pglite.dumpDataDir('none')) as Blob,
  };
}

async function openPostgres(url: string, maxConnections: number): Promise<Store> {
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
  // An idle client's connection error must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await sql`select 1`.execute(db);
  return {
    kind: 'postgres',
    db,
    // node-postgres prepares a named statement on each pooled connection the first time it runs there.
    query: async <Row>(statement: PreparedStatement<Row>, values: readonly PreparedValue[]) =>
      (await pool.query({ name: statement.name, text: statement.sql, values: [...values] })).rows as Row[],
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}
