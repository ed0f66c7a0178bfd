// `npm start`'s build: builds the SPA and the server only when their inputs changed since the
// build in their output folder. A build writes a stamp beside its output — a SHA-256 of every
// input file's path and bytes — and the next start compares it: the same, the build is skipped
// (~10 s saved); different, missing (a fresh clone, `npm ci`, a deleted dist/) or after a failed
// build, it builds again. `--force` always builds. Inputs are the workspace's own sources and
// build configuration, the contract package it bundles, the lockfile (another dependency version
// builds differently) and this script.
//
// Each build is one line: what is built, why and how long it took (issue 30: the bundler's ~200
// lines buried the start-up banner); the build's own output is printed only when it fails.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMP = '.build-stamp';

/** Shared by both: what the build of either reads besides its own folder. */
const COMMON = [
  'package-lock.json',
  'package.json',
  'tsconfig.base.json',
  'packages/contract/package.json',
  'packages/contract/src',
  'scripts/build-if-changed.mjs',
];

const TARGETS = [
  {
    name: 'SPA',
    workspace: '@skydesk/web',
    output: 'apps/web/dist',
    inputs: [
      'apps/web/package.json',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/tsconfig.json',
      'apps/web/src',
      'apps/web/public',
      'apps/web/scripts',
    ],
  },
  {
    name: 'server',
    workspace: '@skydesk/server',
    output: 'apps/server/dist',
    inputs: [
      'apps/server/package.json',
      'apps/server/build.mjs',
      'apps/server/tsconfig.json',
      'apps/server/src',
    ],
  },
];

/** Every file under the given paths, relative to the root, in a stable order. */
function filesOf(paths) {
  const files = [];
  const walk = (path) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        walk(join(path, entry));
      }
    } else {
      files.push(relative(ROOT, path));
    }
  };
  for (const path of paths) walk(join(ROOT, path));
  return files.sort();
}

function inputHash(target) {
  const hash = createHash('sha256');
  for (const file of filesOf([...COMMON, ...target.inputs])) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readStamp(target) {
  try {
    return readFileSync(join(ROOT, target.output, STAMP), 'utf8').trim();
  } catch {
    return null;
  }
}

const force = process.argv.includes('--force');
for (const target of TARGETS) {
  const hash = inputHash(target);
  const stamp = readStamp(target);
  if (!force && stamp === hash) {
    console.log(`${target.name}: up to date (${target.output}), build skipped`);
    continue;
  }
  const why = force ? '--force' : stamp === null ? 'no build yet' : 'its sources changed';
  process.stdout.write(`${target.name}: building ${target.output} (${why})… `);
  const started = performance.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', target.workspace], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (build.status !== 0) {
    console.log(`failed after ${seconds} s:`);
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? String(build.error ?? ''));
    process.exit(build.status ?? 1);
  }
  console.log(`built in ${seconds} s`);
  // Stamped with the inputs as they were hashed before the build: an edit during the build is
  // seen by the next start.
  writeFileSync(join(ROOT, target.output, STAMP), `${hash}\n`);
}
