import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openStore, type Store } from '../../src/platform/db/store.js';
import { withDatabase } from './global-setup.js';

export type StoreKind = Store['kind'];

/** The stores every database test runs against: PGlite always, PostgreSQL when configured. */
export const storeKinds = (): StoreKind[] =>
  inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];

export type TestStore = Store & { dispose(): Promise<void> };

/** A fresh, migrated store of the given kind, cloned from the run's template. */
export async function createTestStore(
  kind: StoreKind,
  options: { maxConnections?: number; probeIntervalMs?: number } = {},
): Promise<TestStore> {
  const probe = options.probeIntervalMs === undefined ? {} : { probeIntervalMs: options.probeIntervalMs };
  if (kind === 'pglite') {
    const dump = readFileSync(inject('pgliteTemplatePath'));
    const store = await openStore({ kind: 'pglite', loadDataDir: new Blob([dump]), ...probe });
    return { ...store, dispose: () => store.close() };
  }
  const template = inject('postgresTemplate');
  if (!template) throw new Error('TEST_DATABASE_URL is not set');
  const database = `skydesk_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(template.url, `create database ${database} template ${template.database}`);
  const store = await openStore({
    kind: 'postgres',
    url: withDatabase(template.url, database),
    maxConnections: options.maxConnections ?? 10,
    ...probe,
  });
  return {
    ...store,
    dispose: async () => {
      await store.close();
      await adminQuery(template.url, `drop database if exists ${database} with (force)`);
    },
  };
}

/** URL of a fresh empty (unmigrated) PostgreSQL database and its cleanup, for migration tests. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const template = inject('postgresTemplate');
  if (!template) throw new Error('TEST_DATABASE_URL is not set');
  const database = `skydesk_e_${randomBytes(6).toString('hex')}`;
  await adminQuery(template.url, `create database ${database}`);
  return {
    url: withDatabase(template.url, database),
    drop: () => adminQuery(template.url, `drop database if exists ${database} with (force)`),
  };
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
