import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, storeKinds } from '../../../test/support/stores.js';
import { loadMigrations, migrate } from './migrate.js';
import { openStore, type Store } from './store.js';

const migrationsDir = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'skydesk-migrations-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
};

describe('loadMigrations', () => {
  it('reads the project migrations in order', () => {
    const migrations = loadMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, index) => index + 1));
  });

  it('refuses a gap in the numbering and a badly named file', () => {
    expect(() => loadMigrations(migrationsDir({ '0001_a.sql': '', '0003_c.sql': '' }))).toThrow(/gaps/);
    expect(() => loadMigrations(migrationsDir({ '1_a.sql': '' }))).toThrow(/0001_name/);
  });
});

// Each test migrates a fresh store from nothing, several times over a growing list of migrations:
// on the embedded store that is tens of seconds on a busy 2-core machine.
describe.each(storeKinds())('migrate on %s', { timeout: 120_000 }, (kind) => {
  const opened: Store[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function emptyStore(): Promise<{ open(): Promise<Store> }> {
    if (kind === 'pglite') {
      const store = await openStore({ kind: 'pglite' });
      opened.push(store);
      return { open: async () => store };
    }
    const database = await createEmptyPostgresDatabase();
    cleanups.push(database.drop);
    return {
      open: async () => {
        const store = await openStore({ kind: 'postgres', url: database.url, maxConnections: 2 });
        opened.unshift(store);
        return store;
      },
    };
  }

  it('applies every migration once and records it; a second run applies nothing', async () => {
    const store = await (await emptyStore()).open();
    const all = loadMigrations().map((m) => m.version);
    expect(await migrate(store.db)).toEqual(all);
    expect(await migrate(store.db)).toEqual([]);
    const recorded = await sql<{
      version: number;
    }>`select version from schema_migrations order by version`.execute(store.db);
    expect(recorded.rows.map((row) => row.version)).toEqual(all);
  });

  it('applies each migration exactly once when two processes start together', async () => {
    const target = await emptyStore();
    const [a, b] = [await target.open(), await target.open()];
    const results = await Promise.all([migrate(a.db), migrate(b.db)]);
    const all = loadMigrations().map((m) => m.version);
    expect(results.flat().sort((x, y) => x - y)).toEqual(all);
  });

  it('rolls back a failing migration entirely', async () => {
    const store = await (await emptyStore()).open();
    const broken = [
      { version: 1, name: 'good', sql: 'create table good_one (id int);' },
      { version: 2, name: 'bad', sql: 'create table bad_one (id int); select no_such_function();' },
    ];
    await expect(migrate(store.db, broken)).rejects.toThrow();
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_name in ('good_one', 'bad_one')`.execute(
      store.db,
    );
    expect(tables.rows).toEqual([]);
  });
});
