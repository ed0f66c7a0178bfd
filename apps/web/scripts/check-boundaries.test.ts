import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findBoundaryViolations } from './check-boundaries';

let root: string | null = null;

/** A throwaway src/ tree: path → source. */
function srcTree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  const src = path.join(root, 'src');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
    writeFileSync(path.join(src, file), text);
  }
  return src;
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = null;
});

describe('the module boundaries (decision 010)', () => {
  it('fails a deliberate import of one feature by another, naming the file and the import', () => {
    const src = srcTree({
      'features/flights/itinerary.ts': 'export const legs = 1;\n',
      'features/bookings/pages/page.tsx':
        "import { legs } from '../../flights/itinerary';\nexport { legs };\n",
    });
    expect(findBoundaryViolations(src)).toEqual([
      expect.objectContaining({
        file: path.join('features', 'bookings', 'pages', 'page.tsx'),
        specifier: '../../flights/itinerary',
        target: path.join('features', 'flights', 'itinerary'),
      }),
    ]);
  });

  it('fails a feature importing app/, also lazily, and shared/ importing a feature', () => {
    const src = srcTree({
      'app/paths.ts': 'export const paths = {};\n',
      'features/auth/page.tsx': "export const load = () => import('../../app/paths');\n",
      'features/auth/session.ts': 'export const session = 1;\n',
      'shared/ui/header.tsx': "export { session } from '../../features/auth/session';\n",
    });
    expect(findBoundaryViolations(src).map(({ file, specifier }) => `${file} → ${specifier}`)).toEqual([
      `${path.join('features', 'auth', 'page.tsx')} → ../../app/paths`,
      `${path.join('shared', 'ui', 'header.tsx')} → ../../features/auth/session`,
    ]);
  });

  it('lets a feature import itself, shared/ and packages, its tests src/testing, and app/ anything', () => {
    const src = srcTree({
      'shared/format/money.ts': 'export const money = 1;\n',
      'testing/render.ts': "export { routes } from '../app/routes';\n",
      'app/routes.ts': "export const routes = () => import('../features/flights/page');\n",
      'features/flights/page.tsx':
        "import { z } from 'zod';\nimport { money } from '../../shared/format/money';\nimport { legs } from './legs';\nexport { z, money, legs };\n",
      'features/flights/legs.ts':
        '// import { x } from "../bookings/x" — comments are not imports\nexport const legs = 1;\n',
      'features/flights/page.test.tsx':
        "import { routes } from '../../testing/render';\nexport { routes };\n",
    });
    expect(findBoundaryViolations(src)).toEqual([]);
  });

  it('keeps src/testing out of a feature’s own code', () => {
    const src = srcTree({
      'testing/fake-api.ts': 'export const fakeApi = 1;\n',
      'features/flights/page.tsx': "import { fakeApi } from '../../testing/fake-api';\nexport { fakeApi };\n",
    });
    expect(findBoundaryViolations(src)).toHaveLength(1);
  });

  it('holds for the portal’s own source', () => {
    expect(findBoundaryViolations(path.resolve(import.meta.dirname, '../src'))).toEqual([]);
  });
});
