import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/platform/db/migrate.js';
import { openStore } from '../../src/platform/db/store.js';
import { writeNetworkFileOnce } from '../../src/supplier/sandbox/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: { url: string; database: string } | null;
  }
}

/**
 * Migrates once per run and lets every test start from a copy (docs/architecture.md §3): a dump of a
 * migrated PGlite, and — when TEST_DATABASE_URL is set — a migrated PostgreSQL template database
 * that tests clone with CREATE DATABASE … TEMPLATE. Builds the sandbox network once, too: every
 * test file (a module graph of its own) and every server process a test starts reads it from the
 * file SKYDESK_NETWORK_FILE names, which the workers and their children inherit.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'skydesk-test-'));
  const networkPath = join(dir, 'network.v8');
  await writeNetworkFileOnce(networkPath);
  process.env.SKYDESK_NETWORK_FILE = networkPath;

  const template = await openStore({ kind: 'pglite' });
  await migrate(template.db);
  const dumpPath = join(dir, 'pglite-template.tar');
  const dump = await template.dumpDataDir!();
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await template.close();
  project.provide('pgliteTemplatePath', dumpPath);

  const serverUrl = process.env.TEST_DATABASE_URL;
  let dropTemplate = async () => {};
  if (serverUrl) {
    const database = `skydesk_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = withDatabase(serverUrl, database);
    const store = await openStore({ kind: 'postgres', url, maxConnections: 1 });
    await migrate(store.db);
    await store.close();
    project.provide('postgresTemplate', { url: serverUrl, database });
    dropTemplate = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
    };
  } else {
    project.provide('postgresTemplate', null);
  }

  return async () => {
    await dropTemplate();
    rmSync(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
