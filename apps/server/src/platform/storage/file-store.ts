import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, SERVER } from '@skydesk/contract';
import { DEFAULT_PROBE_INTERVAL_MS, type Degraded, STORE_RETRY_AFTER_SECONDS } from '../db/store-health.js';

/**
 * Uploaded files, stored under random names in a folder outside any static root (docs/architecture.md §6).
 * The key is the only handle; original names are metadata, never paths.
 */
export type FileStore = {
  put(content: Buffer): Promise<string>;
  get(key: string): Promise<Buffer>;
  /** Deletes a file no row names any more (a replaced profile picture); a missing one is no error. */
  remove(key: string): Promise<void>;
  /** Whether files can be written now: `GET /api/health` reports it beside the store's. */
  health?: FilesHealth;
};

/**
 * The uploads folder's health (issue 28), as the store's (store-health.ts): a write that fails for
 * want of space or on a read-only or failing disk marks it degraded — the call answers 503 with
 * Retry-After and leaves no file behind — and a probe every few seconds clears the mark once a
 * small file can be written again. `check` also looks before any upload fails, by writing one.
 */
export type FilesHealth = {
  degraded(): Degraded | undefined;
  /** Looks at the folder now (free space, writable): health calls it before answering. */
  check(): Promise<void>;
  onChange(listener: (degraded: Degraded | undefined) => void): () => void;
  stop(): void;
};

const KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** Errors of a file write that say the disk can't take it now, not that the call was wrong. */
const CANNOT_WRITE_FILES = new Map<string, string>([
  ['ENOSPC', 'disk full'],
  ['EDQUOT', 'disk quota exceeded'],
  ['EROFS', 'read-only file system'],
  ['EIO', 'I/O error'],
  ['EACCES', 'permission denied'],
  ['EPERM', 'not permitted'],
]);

export function cannotWriteFileReason(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const kind = typeof code === 'string' ? CANNOT_WRITE_FILES.get(code) : undefined;
  return kind ? `${kind} (${code}): ${(error as Error).message}` : undefined;
}

/** What a request gets when a file could not be written for want of space or a writable disk: a 503. */
export class FileStorageUnavailableError extends AppError {
  /** Logged once as the outage begins (the system module's watch), not again for each refusal. */
  readonly expectedOutage = true;
  constructor(cause: unknown) {
    super('unavailable', SERVER.storageUnavailable, { retryAfter: STORE_RETRY_AFTER_SECONDS });
    this.name = 'FileStorageUnavailableError';
    this.cause = cause;
  }
}

export function createLocalFileStore(folder: string, options: { probeIntervalMs?: number } = {}): FileStore {
  const health = createFilesHealth(folder, options.probeIntervalMs ?? DEFAULT_PROBE_INTERVAL_MS);
  return {
    async put(content) {
      const key = randomBytes(24).toString('base64url');
      const path = join(folder, key);
      try {
        await ensureFolder(folder);
        // Synced before the key is returned (issue 28): the row that names the file commits
        // durably, and a power cut must not leave it naming an empty file.
        await writeDurably(path, content);
        await syncFolder(folder);
      } catch (error) {
        // Nothing left behind: an empty or partial file would be served as the upload.
        await rm(path, { force: true }).catch(() => {});
        const reason = cannotWriteFileReason(error);
        if (!reason) throw error;
        health.mark(reason);
        throw new FileStorageUnavailableError(error);
      }
      return key;
    },
    async get(key) {
      if (!KEY_PATTERN.test(key)) throw new Error('Invalid storage key');
      return readFile(join(folder, key));
    },
    async remove(key) {
      if (!KEY_PATTERN.test(key)) throw new Error('Invalid storage key');
      await rm(join(folder, key), { force: true });
    },
    health,
  };
}

/**
 * The folder, made when missing. On a full disk Node's recursive mkdir reported ENOENT (it tries
 * the parents again after the first failure): the folder alone is tried once more, for the errno
 * that says why.
 */
async function ensureFolder(folder: string) {
  try {
    await mkdir(folder, { recursive: true, mode: 0o700 });
  } catch (error) {
    try {
      await mkdir(folder, { mode: 0o700 });
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'EEXIST') return;
      throw cannotWriteFileReason(again) ? again : error;
    }
  }
}

async function writeDurably(path: string, content: Buffer, flag = 'wx') {
  const handle = await open(path, flag, 0o600);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A new file's name is in its folder's entries: the folder is synced too. */
async function syncFolder(folder: string) {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function createFilesHealth(folder: string, intervalMs: number): FilesHealth & { mark(reason: string): void } {
  const listeners = new Set<(degraded: Degraded | undefined) => void>();
  let state: Degraded | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let lastLook = 0;
  const change = (next: Degraded | undefined) => {
    state = next;
    for (const listener of listeners) listener(next);
  };
  /** A small file written, synced and removed: can the folder take a write? */
  const probe = async () => {
    await ensureFolder(folder);
    const path = join(folder, `.write-probe-${process.pid}`);
    try {
      await writeDurably(path, Buffer.alloc(4096), 'w');
    } finally {
      await rm(path, { force: true }).catch(() => {});
    }
  };
  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      void probe().then(
        () => {
          timer = undefined;
          if (state) change(undefined);
        },
        (error: unknown) => {
          timer = undefined;
          // Only a disk that can't write keeps the mark; the next upload judges anything else.
          if (cannotWriteFileReason(error)) schedule();
          else if (state) change(undefined);
        },
      );
    }, intervalMs);
    timer.unref();
  };
  const mark = (reason: string) => {
    if (!state) change({ since: new Date(), reason });
    schedule();
  };
  return {
    degraded: () => state,
    mark,
    async check() {
      // A write tried at most once a probe interval, however often health is asked: a file
      // system turned read-only after an error still says "writable" to access(2).
      if (state || Date.now() - lastLook < intervalMs) return;
      lastLook = Date.now();
      await probe().catch((error: unknown) => {
        const reason = cannotWriteFileReason(error);
        if (reason) mark(reason);
      });
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** What a file really is, from its first bytes, whatever its name or declared type says. */
export function sniffContentType(
  content: Buffer,
): 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'image/jpeg';
  if (
    content.subarray(0, 4).toString('latin1') === 'RIFF' &&
    content.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}
