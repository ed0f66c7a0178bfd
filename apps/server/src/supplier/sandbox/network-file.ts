import { readFileSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { Timetable, type TimetableParts } from './timetable.js';

/**
 * A built network in a file, read back without building it (1.5–2 s of CPU at every start). The
 * test suite builds the network once per run from the code under test and hands the file to its
 * hundred test apps and server processes (SKYDESK_NETWORK_FILE, sandbox/index.ts). V8's
 * serializer keeps the typed arrays as they are; the file names the seed and the Node version that
 * wrote it, and one written for another is not used.
 */

type NetworkFile = { seed: number; node: string; parts: TimetableParts };

export function writeNetworkFile(path: string, seed: number, timetable: Timetable): void {
  writeFileSync(
    path,
    serialize({ seed, node: process.version, parts: timetable.parts() } satisfies NetworkFile),
  );
}

/** The network in the file, or undefined when the file is for another seed or Node version. */
export function readNetworkFile(path: string, seed: number): Timetable | undefined {
  const file = deserialize(readFileSync(path)) as NetworkFile;
  if (file.seed !== seed || file.node !== process.version) return undefined;
  return Timetable.fromParts(file.parts);
}
