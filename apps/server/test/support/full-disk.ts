import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * Writes until the filesystem says ENOSPC, down to its last block: the tests of a store on a full
 * disk fill a small tmpfs under it with this (and free it by deleting `path`).
 */
export function fillDisk(path: string) {
  const fd = openSync(path, 'w');
  try {
    for (const size of [1 << 20, 4096, 512]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}
