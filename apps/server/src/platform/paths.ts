import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's root folder, found from this module whether it runs from `src/` (tsx,
 * vitest) or bundled into `dist/`. Migrations and the built SPA are located from here.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@skydesk/server')
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @skydesk/server package root');
    dir = parent;
  }
}

const serverRoot = findServerRoot();

export const serverPath = (...segments: string[]): string => resolve(serverRoot, ...segments);
