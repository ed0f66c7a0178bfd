import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** What `npm run backup` and `npm run restore` are told: one file, and whether to replace. */
export type BackupArgs = { file: string; force: boolean };

/**
 * Reads `<file> [--force]`: the arguments, or the exit code to stop with after saying why (0 for
 * `--help`, 2 for a usage mistake).
 */
export function parseBackupArgs(argv: string[], usage: string): BackupArgs | number {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
    if (values.help) {
      console.log(usage);
      return 0;
    }
    if (positionals.length !== 1) throw new Error('Name the backup file.');
    return { file: resolve(positionals[0]!), force: values.force ?? false };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${usage}`);
    return 2;
  }
}
