import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirError, ensureWritableDataDir } from './data-dir.js';

/** Makes a folder unwritable: a read-only mount for root (file modes do not stop it), else modes. */
function readOnly(folder: string): () => void {
  if (process.getuid?.() === 0) {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', folder]);
    return () => execFileSync('umount', [folder]);
  }
  chmodSync(folder, 0o555);
  return () => chmodSync(folder, 0o755);
}

describe('the DATA_DIR check at start', () => {
  it('creates a missing DATA_DIR and leaves nothing behind in a writable one', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'skydesk-data-')), 'a', 'b');
    ensureWritableDataDir(dataDir);
    expect(existsSync(dataDir)).toBe(true);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('refuses a read-only folder an earlier run made under DATA_DIR, naming it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skydesk-data-'));
    const pglite = join(dataDir, 'pglite');
    mkdirSync(pglite);
    const restore = readOnly(pglite);
    try {
      expect(() => ensureWritableDataDir(dataDir)).toThrow(DataDirError);
      expect(() => ensureWritableDataDir(dataDir)).toThrow(
        `SkyDesk can't write to its data directory ${pglite} (read-only or permission denied): it needs a writable DATA_DIR for the database, uploads and secrets.`,
      );
    } finally {
      restore();
    }
  });
});
