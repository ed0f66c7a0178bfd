import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { serverPath } from '../../src/platform/paths.js';

/**
 * `npm start` builds only what changed (scripts/build-if-changed.mjs, issue 17): run here in a
 * small copy of the repository's layout whose workspaces' builds count themselves, so the test
 * sees which builds ran without waiting for Vite and esbuild.
 */

const SCRIPT = serverPath('../../scripts/build-if-changed.mjs');

/** A workspace whose build appends a line to dist/builds.txt (or fails when FAIL_BUILD is set). */
function workspace(root: string, path: string, name: string) {
  mkdirSync(join(root, path, 'src'), { recursive: true });
  const build = `node -e "if (process.env.FAIL_BUILD === '${name}') process.exit(3); const fs = require('fs'); fs.mkdirSync('dist', { recursive: true }); fs.appendFileSync('dist/builds.txt', 'built\\n')"`;
  writeFileSync(
    join(root, path, 'package.json'),
    JSON.stringify({ name, private: true, scripts: { build } }),
  );
}

function write(root: string, path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe('npm start’s build', () => {
  let root = '';
  const builds = (path: string) => {
    const file = join(root, path, 'dist/builds.txt');
    return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').length : 0;
  };
  const start = (env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [join(root, 'scripts/build-if-changed.mjs')], {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'skydesk-build-stamp-'));
    write(
      root,
      'package.json',
      JSON.stringify({
        name: 'fixture',
        private: true,
        workspaces: ['packages/contract', 'apps/server', 'apps/web'],
      }),
    );
    write(root, 'package-lock.json', '{"lockfileVersion": 3}');
    write(root, 'tsconfig.base.json', '{}');
    workspace(root, 'packages/contract', '@skydesk/contract');
    workspace(root, 'apps/server', '@skydesk/server');
    workspace(root, 'apps/web', '@skydesk/web');
    write(root, 'packages/contract/src/index.ts', 'export const shared = 1;\n');
    write(root, 'apps/server/src/main.ts', 'console.log("server");\n');
    write(root, 'apps/web/src/main.tsx', 'console.log("web");\n');
    write(root, 'apps/web/index.html', '<!doctype html>\n');
    mkdirSync(join(root, 'scripts'));
    copyFileSync(SCRIPT, join(root, 'scripts/build-if-changed.mjs'));
  });

  it('builds both on a fresh clone, then skips both until their inputs change', () => {
    expect(start().status).toBe(0);
    expect([builds('apps/web'), builds('apps/server')]).toEqual([1, 1]);

    const again = start();
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('SPA: up to date');
    expect(again.stdout).toContain('server: up to date');
    expect([builds('apps/web'), builds('apps/server')]).toEqual([1, 1]);

    // The server's source: only the server builds.
    write(root, 'apps/server/src/main.ts', 'console.log("server, changed");\n');
    expect(start().status).toBe(0);
    expect([builds('apps/web'), builds('apps/server')]).toEqual([1, 2]);

    // A new file in the SPA: only the SPA builds.
    write(root, 'apps/web/src/page.tsx', 'export {};\n');
    expect(start().status).toBe(0);
    expect([builds('apps/web'), builds('apps/server')]).toEqual([2, 2]);

    // The contract or the lockfile: both do.
    write(root, 'packages/contract/src/index.ts', 'export const shared = 2;\n');
    expect(start().status).toBe(0);
    expect([builds('apps/web'), builds('apps/server')]).toEqual([3, 3]);
    write(root, 'package-lock.json', '{"lockfileVersion": 3, "packages": {}}');
    expect(start().status).toBe(0);
    expect([builds('apps/web'), builds('apps/server')]).toEqual([4, 4]);
  });

  it('builds again when the output is gone, and after a failed build', () => {
    expect(start().status).toBe(0);
    rmSync(join(root, 'apps/web/dist'), { recursive: true });
    expect(start().status).toBe(0);
    expect(builds('apps/web')).toBe(1);
    expect(builds('apps/server')).toBe(1);

    write(root, 'apps/server/src/main.ts', 'console.log("broken");\n');
    const failed = start({ FAIL_BUILD: '@skydesk/server' });
    expect(failed.status).not.toBe(0);
    // Not stamped: the next start tries again, and builds.
    expect(start().status).toBe(0);
    expect(builds('apps/server')).toBe(2);
  });

  it('builds with --force whatever the stamp says', () => {
    expect(start().status).toBe(0);
    execFileSync(process.execPath, [join(root, 'scripts/build-if-changed.mjs'), '--force'], { cwd: root });
    expect([builds('apps/web'), builds('apps/server')]).toEqual([2, 2]);
  });
});
