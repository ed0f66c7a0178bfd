import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The Node flags `npm start` runs the server with, read from the root package.json, where they
 * are set: a bench that measures the server measures it with these.
 */
export const START_FLAGS: string[] = (() => {
  const root = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
  const start = /\bnode ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(root.scripts.start as string);
  if (!start) throw new Error('package.json: the start script no longer runs apps/server/dist/main.js');
  return start[1]!.trim().split(' ').filter(Boolean);
})();

/**
 * For a bench that runs the server in its own process (`buildApp`, as the search bench does):
 * unless it already runs with `npm start`'s flags, runs this script again with them and exits with
 * its status. V8 sizes its young generation once, at start, so the flags can't be set later. The
 * search bench ran without them until 27 November 2026 and measured a server with 8 times the
 * young generation `npm start` gives it — faster than the real one.
 */
export function rerunWithStartFlags(): void {
  if (START_FLAGS.every((flag) => process.execArgv.includes(flag))) return;
  const again = spawnSync(process.execPath, [...START_FLAGS, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(again.status ?? 1);
}
