import fs, { mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { openStore, type Store } from './store.js';

/**
 * Issue 28: an acknowledged write on the embedded store is on stable storage before the answer.
 * PGlite's Node file layer had no fsync and a no-op fdatasync, and PGlite starts with fsync off
 * (`-F`); the store now starts it with fsync on and routes both calls to the kernel. This watches
 * Node's own fs.fsyncSync / fs.fdatasyncSync (what reaches the kernel) and names the file synced
 * through /proc/self/fd, so it proves the sync happens, on the write-ahead log, before each
 * committed statement resolves. The crash test's storage-failure mode proves it keeps the data
 * (test/operations/crash-safety.test.ts).
 */

/** Every sync Node sent to the kernel while spied, with the path of the file synced. */
function watchSyncs() {
  const synced: string[] = [];
  const record = (fd: number) => {
    try {
      synced.push(readlinkSync(`/proc/self/fd/${fd}`));
    } catch {
      synced.push(`fd ${fd}`);
    }
  };
  const fsync = fs.fsyncSync;
  const fdatasync = fs.fdatasyncSync;
  vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
    record(fd);
    fsync(fd);
  });
  vi.spyOn(fs, 'fdatasyncSync').mockImplementation((fd) => {
    record(fd);
    fdatasync(fd);
  });
  return synced;
}

/** A data folder loaded from the run's migrated template (faster than a new database's initdb). */
function dataFolder(): { dataDir: string; loadDataDir: Blob } {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'skydesk-sync-')), 'pglite');
  mkdirSync(dataDir);
  return { dataDir, loadDataDir: new Blob([readFileSync(inject('pgliteTemplatePath'))]) };
}

describe('the embedded store on a data folder', () => {
  let store: Store | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await store?.close();
    store = undefined;
    if (dataDir) rmSync(join(dataDir, '..'), { recursive: true, force: true });
  });

  it('syncs the write-ahead log to disk before each committed write answers', async () => {
    const folder = dataFolder();
    dataDir = folder.dataDir;
    store = await openStore({ kind: 'pglite', ...folder });
    await sql`create table synced (n int not null)`.execute(store.db);
    const synced = watchSyncs();
    for (let n = 1; n <= 5; n++) {
      const before = synced.length;
      await sql`insert into synced values (${n})`.execute(store.db);
      const during = synced.slice(before);
      expect(
        during.some((path) => path.includes('/pg_wal/')),
        `syncs of insert ${n}: ${during}`,
      ).toBe(true);
    }
    // A transaction of several statements syncs at its commit, once.
    const before = synced.length;
    await store.db.transaction().execute(async (trx) => {
      await sql`insert into synced values (6)`.execute(trx);
      expect(synced.length, 'nothing syncs before the commit').toBe(before);
      await sql`insert into synced values (7)`.execute(trx);
    });
    expect(synced.slice(before).some((path) => path.includes('/pg_wal/'))).toBe(true);
    // A read syncs nothing.
    const beforeRead = synced.length;
    await sql`select count(*) from synced`.execute(store.db);
    expect(synced.length).toBe(beforeRead);
  });

  it('says the embedded store it opened is durable', async () => {
    const folder = dataFolder();
    dataDir = folder.dataDir;
    store = await openStore({ kind: 'pglite', ...folder });
    expect(store.durability).toEqual({ synced: true, detail: expect.stringContaining('fsync') });
    const settings = await sql<{ name: string; setting: string }>`
      select name, setting from pg_settings where name in ('fsync', 'synchronous_commit')`.execute(store.db);
    expect(Object.fromEntries(settings.rows.map((row) => [row.name, row.setting]))).toEqual({
      fsync: 'on',
      synchronous_commit: 'on',
    });
  });

  it('syncs nothing with durability turned off (the benchmark baseline), and says so', async () => {
    const folder = dataFolder();
    dataDir = folder.dataDir;
    store = await openStore({ kind: 'pglite', ...folder, durable: false });
    expect(store.durability.synced).toBe(false);
    await sql`create table unsynced (n int not null)`.execute(store.db);
    const synced = watchSyncs();
    for (let n = 1; n <= 3; n++) await sql`insert into unsynced values (${n})`.execute(store.db);
    expect(synced).toEqual([]);
  });
});
