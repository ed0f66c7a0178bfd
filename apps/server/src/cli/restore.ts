import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { ConfigError, loadConfig } from '../config.js';
import { DataDirError, ensureWritableDataDir } from '../platform/data-dir.js';
import { lockEmbeddedStore } from '../platform/data-dir-lock.js';
import { openStore } from '../platform/db/store.js';
import {
  BACKUP_FORMAT,
  kyselyQuery,
  type Manifest,
  PG_TOOLS_MISSING,
  runTool,
  snapshotFigures,
} from './backup.js';
import { readArchive } from './backup-archive.js';
import { parseBackupArgs } from './backup-args.js';

/**
 * `npm run restore -- <file> [--force]` (issue 17): puts a backup made by `npm run backup` back,
 * into the store this environment configures — DATA_DIR's embedded store for a PGlite backup,
 * DATABASE_URL's database (through psql) for a PostgreSQL one — with its secrets.json and uploads
 * in DATA_DIR. It refuses a target that already holds data unless --force (the embedded store's
 * old folder is then kept beside it as pglite.replaced-<time>; a database's tables are dropped),
 * and the embedded store's server must be stopped (its lock says when it is not). Afterwards it
 * counts every table and each agency's ledger and compares them with the backup's manifest.
 */

const USAGE = `Usage:
  npm run restore -- <file> [--force]    (--force: replace the data already there)

Run it with the environment the restored server will run with (DATA_DIR, and DATABASE_URL for
a PostgreSQL backup). Stop the server first.`;

function hasTables(figures: Record<string, unknown>[]) {
  return figures.length > 0;
}

async function restorePostgres(url: string, dump: Buffer, force: boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query(
      `select table_name from information_schema.tables where table_schema = 'public'`,
    );
    if (hasTables(tables.rows)) {
      if (!force) {
        throw new DataDirError(
          `The database at DATABASE_URL already has ${tables.rows.length} tables: restore into an empty database, or add --force to drop them first.`,
        );
      }
      await client.query('drop schema public cascade; create schema public;');
    }
  } finally {
    await client.end();
  }
  await runTool(
    'psql',
    ['--quiet', '--no-psqlrc', '-v', 'ON_ERROR_STOP=1', '--single-transaction', `--dbname=${url}`],
    {
      input: dump,
      missing: PG_TOOLS_MISSING('psql'),
    },
  );
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  try {
    return await snapshotFigures(async (text) => (await check.query(text)).rows);
  } finally {
    await check.end();
  }
}

async function restorePglite(dataDir: string, dump: Buffer, force: boolean) {
  lockEmbeddedStore(dataDir);
  const folder = join(dataDir, 'pglite');
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    if (!force) {
      throw new DataDirError(
        `${resolve(folder)} already holds an embedded store: restore into an empty DATA_DIR, or add --force to replace it (the old one is kept beside it).`,
      );
    }
    renameSync(folder, `${folder}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  }
  mkdirSync(folder, { recursive: true });
  const store = await openStore({ kind: 'pglite', dataDir: folder, loadDataDir: new Blob([dump]) });
  try {
    return await snapshotFigures(kyselyQuery(store.db as Kysely<unknown>));
  } finally {
    await store.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const args = parseBackupArgs(argv, USAGE);
  if (typeof args === 'number') return args;
  const { file, force } = args;
  const entries = new Map(readArchive(readFileSync(file)).map((entry) => [entry.name, entry.data]));
  const manifestData = entries.get('skydesk-backup.json');
  if (!manifestData)
    throw new DataDirError(`${file} is not a SkyDesk backup (it has no skydesk-backup.json).`);
  const manifest = JSON.parse(manifestData.toString()) as Manifest;
  if (manifest.format !== BACKUP_FORMAT) {
    throw new DataDirError(
      `${file} is a backup of format ${manifest.format}; this version reads format ${BACKUP_FORMAT}.`,
    );
  }
  const config = loadConfig();
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (target !== manifest.store) {
    throw new DataDirError(
      manifest.store === 'pglite'
        ? 'This is a backup of an embedded store: restore it without DATABASE_URL (into DATA_DIR).'
        : 'This is a backup of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.',
    );
  }
  ensureWritableDataDir(config.dataDir);

  // The secrets first: a restore that stopped half-way still leaves the key beside the data.
  const secrets = entries.get('secrets.json');
  const secretsFile = join(config.dataDir, 'secrets.json');
  if (secrets) {
    if (existsSync(secretsFile) && !readFileSync(secretsFile).equals(secrets) && !force) {
      throw new DataDirError(
        `${secretsFile} holds other secrets: restore into an empty DATA_DIR, or add --force to replace them.`,
      );
    }
    writeFileSync(secretsFile, secrets, { mode: 0o600 });
    const restored = JSON.parse(secrets.toString()) as { data_encryption_key: string; jwt_secret: string };
    if (config.dataEncryptionKey && config.dataEncryptionKey !== restored.data_encryption_key) {
      console.warn(
        "WARNING: DATA_ENCRYPTION_KEY in this environment is not the backup's: encrypted columns (authenticator seeds) will not read. Unset it to use the restored secrets.json, or set it to the backup's key.",
      );
    }
  }

  const figures =
    manifest.store === 'postgres'
      ? await restorePostgres(config.databaseUrl!, entries.get('postgres.sql') ?? Buffer.alloc(0), force)
      : await restorePglite(config.dataDir, entries.get('pglite.tar') ?? Buffer.alloc(0), force);

  let uploads = 0;
  for (const [name, data] of entries) {
    if (!name.startsWith('uploads/')) continue;
    const path = normalize(join(config.dataDir, name));
    // Never outside DATA_DIR/uploads, whatever the archive's names say.
    if (!path.startsWith(join(resolve(config.dataDir), 'uploads'))) continue;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
    uploads += 1;
  }

  const differences = [
    ...Object.entries(manifest.tables)
      .filter(([table, rows]) => figures.tables[table] !== rows)
      .map(([table, rows]) => `${table}: ${figures.tables[table] ?? 'missing'} rows, the backup had ${rows}`),
    ...Object.entries(manifest.ledger)
      .filter(([company, ledger]) => JSON.stringify(figures.ledger[company]) !== JSON.stringify(ledger))
      .map(([company]) => `ledger of agency ${company} differs from the backup's`),
  ];
  if (differences.length > 0) {
    console.error(`The restored store does not match the backup:\n  ${differences.join('\n  ')}`);
    return 1;
  }
  const rows = Object.values(figures.tables).reduce((total, n) => total + n, 0);
  console.log(
    [
      `Restored ${file} (made ${manifest.created_at}) into the ${manifest.store === 'pglite' ? `embedded store in ${resolve(config.dataDir)}` : 'PostgreSQL database at DATABASE_URL'}`,
      `  ${Object.keys(figures.tables).length} tables, ${rows} rows and ${Object.keys(figures.ledger).length} agencies' ledgers match the backup; ${uploads} uploaded files; secrets in ${secretsFile}`,
      '',
      'The backup file holds the secrets (data-encryption key, JWT secret): keep it safe or delete it.',
      'Start the server as usual; it migrates the restored store to this version if it is older.',
    ].join('\n'),
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError || error instanceof DataDirError ? error.message : error);
    process.exit(1);
  },
);
