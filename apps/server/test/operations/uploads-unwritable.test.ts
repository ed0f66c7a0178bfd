import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER } from '@skydesk/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { STORE_RETRY_AFTER_SECONDS } from '../../src/platform/db/store-health.js';
import { createLocalFileStore, FileStorageUnavailableError } from '../../src/platform/storage/file-store.js';
import { createLoopDisk, type LoopDisk, loopDiskOptedOut, requireLoopDisk } from './loop-disk.js';

/**
 * Issue 28: a full disk under DATA_DIR/uploads made a deposit receipt or a profile picture answer
 * 500 and left an empty file behind each time, while health said "ok". File writes are now
 * classified like the store's: a 503 with Retry-After, nothing left behind, the uploads marked
 * degraded for health, and the mark cleared by a probe once a file can be written again.
 */
describe.skipIf(loopDiskOptedOut)('uploads on a disk that fills up or turns read-only', () => {
  let disk: LoopDisk | undefined;
  afterAll(() => disk?.dispose());

  it('refuse with a 503 and leave nothing behind, say so to health, and recover by themselves', async () => {
    requireLoopDisk('The uploads test');
    disk = createLoopDisk(32);
    const folder = join(disk.mountPoint, 'uploads');
    const files = createLocalFileStore(folder, { probeIntervalMs: 50 });
    const health = files.health!;
    const listed = () => readdirSync(folder).filter((name) => !name.startsWith('.'));
    try {
      const kept = await files.put(Buffer.alloc(10_000, 1));
      expect((await files.get(kept)).length).toBe(10_000);
      await health.check();
      expect(health.degraded()).toBeUndefined();

      disk.fill();
      const refused = await files.put(Buffer.alloc(200_000, 2)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(FileStorageUnavailableError);
      expect(refused).toMatchObject({
        status: 503,
        message: SERVER.storageUnavailable,
        retryAfter: STORE_RETRY_AFTER_SECONDS,
      });
      expect(listed()).toEqual([kept]);
      expect(health.degraded()?.reason).toMatch(/ENOSPC/);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(health.degraded(), 'still full: the probe keeps the mark').toBeDefined();

      disk.free();
      await expect.poll(() => health.degraded(), { timeout: 5_000, interval: 50 }).toBeUndefined();
      const after = await files.put(Buffer.alloc(10_000, 3));
      expect(listed().sort()).toEqual([kept, after].sort());

      // A read-only disk is seen before any upload fails: health looks.
      disk.forceReadOnly();
      await health.check();
      expect(health.degraded()?.reason).toMatch(/EROFS/);
      await expect(files.put(Buffer.alloc(1_000, 4))).rejects.toBeInstanceOf(FileStorageUnavailableError);
      expect((await files.get(kept)).length, 'reads go on').toBe(10_000);

      disk.remount();
      await expect.poll(() => health.degraded(), { timeout: 5_000, interval: 50 }).toBeUndefined();
      expect(listed().sort()).toEqual([kept, after].sort());
    } finally {
      health.stop();
    }
  }, 60_000);
});
