import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Uploaded files, stored under random names in a folder outside any static root (docs/architecture.md §6).
 * The key is the only handle; original names are metadata, never paths.
 */
export type FileStore = {
  put(content: Buffer): Promise<string>;
  get(key: string): Promise<Buffer>;
  /** Deletes a file no row names any more (a replaced profile picture); a missing one is no error. */
  remove(key: string): Promise<void>;
};

const KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export function createLocalFileStore(folder: string): FileStore {
  return {
    async put(content) {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const key = randomBytes(24).toString('base64url');
      await writeFile(join(folder, key), content, { mode: 0o600, flag: 'wx' });
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
