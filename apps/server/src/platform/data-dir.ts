import { existsSync, mkdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A DATA_DIR the server cannot use; its message is the one line printed before exiting. */
export class DataDirError extends Error {}

/** The folders under DATA_DIR the server writes to, checked when an earlier run made them. */
const WRITTEN_SUBFOLDERS = ['pglite', 'uploads'];

/**
 * Makes sure DATA_DIR is a directory this process can write to (creating it when missing), before
 * anything opens the database or writes secrets: a read-only volume or a folder owned by another
 * user otherwise surfaces as a stack trace from deep inside PGlite or the first upload. Writing a
 * file is the honest check: `access()` says yes to root on a folder it may not write.
 */
export function ensureWritableDataDir(dataDir: string): void {
  const root = resolve(dataDir);
  for (const folder of [root, ...WRITTEN_SUBFOLDERS.map((name) => join(root, name))]) {
    if (folder !== root && !existsSync(folder)) continue;
    try {
      if (folder === root) mkdirSync(folder, { recursive: true });
      if (!statSync(folder).isDirectory())
        throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
      const probe = join(folder, `.skydesk-write-check-${process.pid}`);
      writeFileSync(probe, 'ok');
      unlinkSync(probe);
    } catch (error) {
      throw new DataDirError(explain(folder, (error as NodeJS.ErrnoException).code));
    }
  }
}

function explain(folder: string, code: string | undefined): string {
  const needs = 'it needs a writable DATA_DIR for the database, uploads and secrets.';
  switch (code) {
    case 'ENOTDIR':
    case 'EEXIST':
      return `SkyDesk can't use ${folder} as its data directory (a file is in the way): ${needs}`;
    case 'ENOSPC':
    case 'EDQUOT':
      return `SkyDesk can't write to its data directory ${folder} (the disk is full): ${needs}`;
    case 'EROFS':
    case 'EACCES':
    case 'EPERM':
      return `SkyDesk can't write to its data directory ${folder} (read-only or permission denied): ${needs}`;
    default:
      return `SkyDesk can't write to its data directory ${folder} (${code ?? 'unknown error'}): ${needs}`;
  }
}
