import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTimetable, DEFAULT_NETWORK_SEED } from './build-timetable.js';
import { readNetworkFile, writeNetworkFile } from './network-file.js';

describe('a network built beforehand, in a file', () => {
  it('reads back the network the code builds, array for array, and only for its own seed', async () => {
    const { timetable } = await buildTimetable();
    const path = join(mkdtempSync(join(tmpdir(), 'skydesk-network-')), 'network.v8');
    writeNetworkFile(path, DEFAULT_NETWORK_SEED, timetable);
    const read = readNetworkFile(path, DEFAULT_NETWORK_SEED);
    expect(read?.fingerprint()).toBe(timetable.fingerprint());
    expect(read?.airport(0)).toEqual(timetable.airport(0));
    expect(readNetworkFile(path, DEFAULT_NETWORK_SEED + 1)).toBeUndefined();

    // The suite's own file (test/support/global-setup.ts), which every test app reads, is this one.
    const suiteFile = process.env.SKYDESK_NETWORK_FILE;
    expect(suiteFile).toBeDefined();
    expect(readNetworkFile(suiteFile!, DEFAULT_NETWORK_SEED)?.fingerprint()).toBe(timetable.fingerprint());
  });
});
