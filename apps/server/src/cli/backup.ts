import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { ConfigError, loadConfig } from '../config.js';
import { DataDirError } from '../platform/data-dir.js';
import { embeddedStoreHolder, embeddedStoreInUse, lockEmbeddedStore } from '../platform/data-dir-lock.js';
import { openStore } from '../platform/db/store.js';
import { loadSecrets } from '../platform/security/secrets.js';
import { type ArchiveEntry, writeArchive } from './backup-archive.js';
import { parseBackupArgs } from './backup-args.js';

/**
 * `npm run backup -- <file>` (issue 17): the whole deployment in one file — the database, the
 * secrets that read its encrypted columns and sign its sessions, and the uploads (receipts).
 *
 * - Embedded store (no DATABASE_URL): PGlite's own dump of DATA_DIR/pglite. PGlite is one
 *   process's at a time, so the server must be stopped (its lock in DATA_DIR says so).
 * - PostgreSQL (DATABASE_URL): a plain SQL dump by pg_dump, taken while the server runs — one
 *   snapshot, whose row counts and ledger checksums go into the manifest too (pg_dump --snapshot).
 *
 * The file is a gzipped tar (`tar tzf` lists it): skydesk-backup.json (the manifest),
 * secrets.json, pglite.tar.gz or postgres.sql, uploads/…. It holds the data-encryption key: keep
 * it as you keep the database itself. Restore with `npm run restore -- <file>` (restore.ts).
 */

const USAGE = `Usage:
  npm run backup -- <file> [--force]     (--force: replace an existing file)

Run it with the server's environment (DATA_DIR, DATABASE_URL, JWT_SECRET, DATA_ENCRYPTION_KEY),
from where the server runs. On the embedded store, stop the server first.`;

export const BACKUP_FORMAT = 1;

export type Manifest = {
  format: number;
  created_at: string;
  store: 'pglite' | 'postgres';
  migrations: number[];
  /** Rows per table, counted in the dump's own snapshot. */
  tables: Record<string, number>;
  /** Per agency: ledger lines and their sum, in the dump's snapshot. */
  ledger: Record<string, { lines: number; sum: number }>;
  secrets: boolean;
  uploads: number;
};

/** Row counts and the ledger checksum of a database, as one reader sees it. */
export async function snapshotFigures(
  query: (text: string) => Promise<Record<string, unknown>[]>,
): Promise<Pick<Manifest, 'tables' | 'ledger' | 'migrations'>> {
  const tables = await query(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  if (!tables.some((row) => row.table_name === 'schema_migrations')) {
    throw new DataDirError('There is no SkyDesk store there (no schema_migrations table): nothing to read.');
  }
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await query(`select count(*)::int as n from "${String(table_name)}"`);
    counts[String(table_name)] = Number(row?.n);
  }
  const ledger: Manifest['ledger'] = {};
  for (const row of await query(
    'select company_id, count(*)::int as lines, coalesce(sum(amount_minor), 0)::bigint as sum from ledger_entries group by company_id order by company_id',
  )) {
    ledger[String(row.company_id)] = { lines: Number(row.lines), sum: Number(row.sum) };
  }
  const migrations = (await query('select version from schema_migrations order by version')).map((row) =>
    Number(row.version),
  );
  return { tables: counts, ledger, migrations };
}

export const kyselyQuery = (db: Kysely<unknown>) => async (text: string) =>
  (await sql.raw<Record<string, unknown>>(text).execute(db)).rows;

/** Every file under DATA_DIR/uploads, named uploads/… in the archive. */
function uploadEntries(dataDir: string): ArchiveEntry[] {
  const root = join(dataDir, 'uploads');
  if (!existsSync(root)) return [];
  const entries: ArchiveEntry[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else entries.push({ name: `uploads/${relative(root, path)}`, data: readFileSync(path) });
    }
  };
  walk(root);
  return entries;
}

/** A program's stdout, or a clear error naming it (missing, or failed with its stderr). */
export function runTool(
  command: string,
  args: string[],
  options: { input?: Buffer; env?: NodeJS.ProcessEnv; missing: string },
): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(new DataDirError(error.code === 'ENOENT' ? options.missing : `${command}: ${error.message}`)),
    );
    child.on('close', (code) => {
      if (code === 0) resolvePromise(Buffer.concat(out));
      else
        reject(new DataDirError(`${command} failed (exit ${code}): ${Buffer.concat(err).toString().trim()}`));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(options.input);
  });
}

export const PG_TOOLS_MISSING = (tool: string) =>
  `${tool} was not found: install the PostgreSQL client tools (Debian/Ubuntu: apt install postgresql-client; ` +
  'the same major version as the server or newer), or put them on PATH.';

async function dumpPostgres(
  url: string,
): Promise<{ sql: Buffer; figures: Awaited<ReturnType<typeof snapshotFigures>> }> {
  // One snapshot for the dump and the manifest's figures: counted in a transaction that exports
  // it, and pg_dump reads the same one while the transaction stays open.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const figures = await snapshotFigures(async (text) => (await client.query(text)).rows);
    const dump = await runTool(
      'pg_dump',
      [
        '--format=plain',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${rows[0]!.snapshot}`,
        `--dbname=${url}`,
      ],
      { missing: PG_TOOLS_MISSING('pg_dump') },
    );
    await client.query('commit');
    return { sql: dump, figures };
  } finally {
    await client.end();
  }
}

async function dumpPglite(dataDir: string) {
  const holder = embeddedStoreHolder(dataDir);
  if (holder !== undefined) throw new DataDirError(embeddedStoreInUse(dataDir, holder));
  const folder = join(dataDir, 'pglite');
  if (!existsSync(join(folder, 'PG_VERSION'))) {
    throw new DataDirError(`There is no embedded store in ${resolve(folder)} to back up.`);
  }
  lockEmbeddedStore(dataDir);
  const store = await openStore({ kind: 'pglite', dataDir: folder });
  try {
    const figures = await snapshotFigures(kyselyQuery(store.db as Kysely<unknown>));
    const dump = Buffer.from(await (await store.dumpDataDir!()).arrayBuffer());
    return { dump, figures };
  } finally {
    await store.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const args = parseBackupArgs(argv, USAGE);
  if (typeof args === 'number') return args;
  const { file, force } = args;
  if (existsSync(file) && !force) {
    console.error(`${file} exists: choose another name, or add --force to replace it.`);
    return 1;
  }
  const config = loadConfig();
  const entries: ArchiveEntry[] = [];
  let figures: Awaited<ReturnType<typeof snapshotFigures>>;
  const store = config.databaseUrl ? 'postgres' : 'pglite';
  if (config.databaseUrl) {
    const dumped = await dumpPostgres(config.databaseUrl);
    figures = dumped.figures;
    entries.push({ name: 'postgres.sql', data: dumped.sql });
  } else {
    const dumped = await dumpPglite(config.dataDir);
    figures = dumped.figures;
    entries.push({ name: 'pglite.tar', data: dumped.dump });
  }
  // After the dump: a folder without a store gets no new secrets.json.
  const secrets = loadSecrets({
    dataDir: config.dataDir,
    jwtSecret: config.jwtSecret,
    dataEncryptionKey: config.dataEncryptionKey,
  });
  // The secrets in force, from the environment or DATA_DIR/secrets.json: without the
  // data-encryption key the restored TOTP seeds cannot be read, and without the JWT secret every
  // session ends.
  entries.push({
    name: 'secrets.json',
    data: Buffer.from(
      `${JSON.stringify(
        { jwt_secret: secrets.jwtSecret, data_encryption_key: secrets.dataEncryptionKey.toString('base64') },
        null,
        2,
      )}\n`,
    ),
  });
  const uploads = uploadEntries(config.dataDir);
  entries.push(...uploads);
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    created_at: new Date().toISOString(),
    store,
    ...figures,
    secrets: true,
    uploads: uploads.length,
  };
  entries.unshift({
    name: 'skydesk-backup.json',
    data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
  });

  const partial = `${file}.partial`;
  writeFileSync(partial, writeArchive(entries), { mode: 0o600 });
  renameSync(partial, file);
  const rows = Object.values(manifest.tables).reduce((total, n) => total + n, 0);
  console.log(
    [
      `Backed up the ${store === 'pglite' ? 'embedded store' : 'PostgreSQL database'} to ${file}`,
      `  ${Object.keys(manifest.tables).length} tables, ${rows} rows; migrations up to ${manifest.migrations.at(-1)}; ${uploads.length} uploaded files; ${(statSync(file).size / 1e6).toFixed(1)} MB`,
      '',
      'WARNING: this file holds the secrets (data-encryption key, JWT secret) as well as the data.',
      'Keep it where you keep the database: encrypted, access-controlled, never in a repository.',
    ].join('\n'),
  );
  return 0;
}

if (process.argv[1] && /backup\.(ts|js)$/.test(process.argv[1])) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof ConfigError || error instanceof DataDirError ? error.message : error);
      process.exit(1);
    },
  );
}
