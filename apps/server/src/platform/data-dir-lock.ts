import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DataDirError } from './data-dir.js';

/**
 * The embedded store is one process's at a time: PGlite keeps no lock of its own (its
 * postmaster.pid says -42 and outlives a crash), and two processes writing one folder corrupt it.
 * A process that opens DATA_DIR's PGlite — the server, the operator CLI, backup and restore —
 * writes its pid to DATA_DIR/pglite.lock; another finding a live pid there stops with one clear
 * line. A lock left by a process that died (SIGKILL, power cut) is stale and taken over.
 */

const lockFile = (dataDir: string) => join(resolve(dataDir), 'pglite.lock');

/** The pid of another live process using DATA_DIR's embedded store, or undefined. */
export function embeddedStoreHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile(dataDir), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, another user's. ESRCH: gone.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  // After a container restart the pid may name an unrelated process: only a Node one counts.
  const cmdline = `/proc/${pid}/cmdline`;
  if (existsSync(cmdline) && !/node|tsx|skydesk/i.test(readFileSync(cmdline, 'utf8'))) return undefined;
  return pid;
}

export function embeddedStoreInUse(dataDir: string, pid: number): string {
  return (
    `SkyDesk's embedded store in ${resolve(dataDir)} is in use by another process (pid ${pid}): ` +
    'stop the server first (PGlite is opened by one process at a time).'
  );
}

/** Takes DATA_DIR's embedded-store lock for this process; returns its release. */
export function lockEmbeddedStore(dataDir: string): () => void {
  const holder = embeddedStoreHolder(dataDir);
  if (holder !== undefined) throw new DataDirError(embeddedStoreInUse(dataDir, holder));
  const file = lockFile(dataDir);
  writeFileSync(file, `${process.pid}\n`, { mode: 0o644 });
  const release = () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
    } catch {
      // Already gone.
    }
    process.off('exit', release);
  };
  process.on('exit', release);
  return release;
}
