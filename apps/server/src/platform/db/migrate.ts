import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { serverPath } from '../paths.js';
import type { Database } from './schema.js';

export type Migration = { version: number; name: string; sql: string };

// Any constant works; it only has to be the same in every process of this application.
const MIGRATION_LOCK_KEY = 7_404_312_011;

const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** Reads `NNNN_name.sql` files in version order; a gap or a duplicate number is a build error. */
export function loadMigrations(dir = serverPath('src/db/migrations')): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = FILE_PATTERN.exec(file);
      if (!match) throw new Error(`Migration file name "${file}" must look like 0001_name.sql`);
      return { version: Number(match[1]), name: match[2]!, sql: readFileSync(join(dir, file), 'utf8') };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `Migrations must be numbered 1..n without gaps; found ${migration.version} at ${index + 1}`,
      );
    }
  });
  return migrations;
}

/**
 * Applies pending migrations in one transaction under an advisory lock, so two processes starting
 * together apply each migration exactly once: the second waits for the lock, then finds nothing
 * pending. Returns the versions it applied.
 */
export async function migrate(db: Kysely<Database>, migrations = loadMigrations()): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`
      create table if not exists schema_migrations (
        version integer primary key,
        name text not null,
        applied_at timestamptz not null default now()
      )`.execute(trx);
    const applied = await sql<{ version: number }>`select version from schema_migrations`.execute(trx);
    const done = new Set(applied.rows.map((row) => row.version));
    const pending = migrations.filter((migration) => !done.has(migration.version));
    for (const migration of pending) {
      await sql.raw(migration.sql).execute(trx);
      await sql`insert into schema_migrations (version, name) values (${migration.version}, ${migration.name})`.execute(
        trx,
      );
    }
    return pending.map((migration) => migration.version);
  });
}
