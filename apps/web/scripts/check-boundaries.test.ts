import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  findBoundaryViolations,
  findDateFormatting,
  findImportCycles,
  findPermissionReads,
} from './check-boundaries';

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

const breaches = (src: string) =>
  findBoundaryViolations(src).map(
    ({ file, specifier }) => `${file.split(path.sep).join('/')} → ${specifier}`,
  );

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

  it('fails an entity importing a feature or app/, and shared/ importing an entity', () => {
    const src = srcTree({
      'app/store.ts': 'export const store = 1;\n',
      'features/flights/grouped-trip.ts': 'export const trip = 1;\n',
      'entities/itinerary/legs.ts':
        "import { trip } from '../../features/flights/grouped-trip';\nexport { trip };\n",
      'entities/itinerary/store.ts':
        "import type { store } from '../../app/store';\nexport type { store };\n",
      'shared/ui/card.tsx': "export { trip } from '../../entities/itinerary/legs';\n",
    });
    expect(breaches(src)).toEqual([
      'entities/itinerary/legs.ts → ../../features/flights/grouped-trip',
      'entities/itinerary/store.ts → ../../app/store',
      'shared/ui/card.tsx → ../../entities/itinerary/legs',
    ]);
  });

  it('lets a feature import entities, and an entity another entity and shared/', () => {
    const src = srcTree({
      'shared/format/money.ts': 'export const money = 1;\n',
      'entities/credits/balance.ts': "export { money } from '../../shared/format/money';\n",
      'entities/bookings/issue.ts': "export { money } from '../credits/balance';\n",
      'features/company/home.tsx': "export { money } from '../../entities/bookings/issue';\n",
    });
    expect(findBoundaryViolations(src)).toEqual([]);
    expect(findImportCycles(src)).toEqual([]);
  });

  it('holds for the portal’s own source', () => {
    expect(findBoundaryViolations(path.resolve(import.meta.dirname, '../src'))).toEqual([]);
  });
});

describe('import cycles', () => {
  const way = (src: string) =>
    findImportCycles(src).map(
      ({ level, path: files }) => `${level}: ${files.join(' → ').split(path.sep).join('/')}`,
    );

  it('fails two files importing each other, type-only imports included, naming the way round', () => {
    const src = srcTree({
      'features/flights/components/itinerary-card.tsx':
        "import { FewSeats } from './brand-comparison';\nexport const FEW_SEATS = 9;\nexport { FewSeats };\n",
      'features/flights/components/brand-comparison.tsx':
        "import type { FEW_SEATS } from './itinerary-card';\nexport const FewSeats = 1;\nexport type { FEW_SEATS };\n",
    });
    expect(way(src)).toEqual([
      'file: features/flights/components/brand-comparison.tsx → features/flights/components/itinerary-card.tsx → features/flights/components/brand-comparison.tsx',
    ]);
  });

  it('fails a longer circle through a lazy import', () => {
    const src = srcTree({
      'shared/charts/daily-chart.tsx': "export const plot = () => import('./plots/daily-plot');\n",
      'shared/charts/plots/daily-plot.tsx': "export { series } from '../series';\n",
      'shared/charts/series.ts': "import { plot } from './daily-chart';\nexport const series = plot;\n",
    });
    expect(way(src)).toEqual([
      'file: shared/charts/daily-chart.tsx → shared/charts/plots/daily-plot.tsx → shared/charts/series.ts → shared/charts/daily-chart.tsx',
    ]);
  });

  it('fails two entities leaning on each other through different files, and two shared segments', () => {
    const src = srcTree({
      'entities/bookings/issue.ts': "export { balance } from '../credits/balance';\n",
      'entities/bookings/status.ts': 'export const status = 1;\n',
      'entities/credits/balance.ts': 'export const balance = 1;\n',
      'entities/credits/statement-link.ts': "export { status } from '../bookings/status';\n",
      'shared/routing/guard.tsx': "export { Forbidden } from '../ui/forbidden';\n",
      'shared/routing/paths.ts': 'export const paths = {};\n',
      'shared/ui/forbidden.tsx':
        "import { paths } from '../routing/paths';\nexport const Forbidden = paths;\n",
    });
    expect(way(src)).toEqual([
      'slice: entities/bookings → entities/credits → entities/bookings',
      'slice: shared/routing → shared/ui → shared/routing',
    ]);
  });

  it('leaves tests out of the slices: a test may render the app that loads its feature', () => {
    const src = srcTree({
      'app/routes.ts': "export const routes = () => import('../features/flights/page');\n",
      'testing/render.ts': "export { routes } from '../app/routes';\n",
      'features/flights/page.tsx': 'export const page = 1;\n',
      'features/flights/page.test.tsx':
        "import { routes } from '../../testing/render';\nexport { routes };\n",
    });
    expect(findImportCycles(src)).toEqual([]);
  });

  it('finds none in the portal’s own source', () => {
    expect(findImportCycles(path.resolve(import.meta.dirname, '../src'))).toEqual([]);
  });
});

describe('permissions asked through useCan', () => {
  it('fails a screen reading the session’s permissions by hand, naming the file and the import', () => {
    const src = srcTree({
      'shared/session/session-slice.ts': 'export const selectPermissions = (state: unknown) => [];\n',
      'shared/access/dashboard-access.ts':
        "import { selectPermissions } from '../session/session-slice';\nexport const useCan = selectPermissions;\n",
      'features/payments/pages/statement-page.tsx':
        "import {\n  selectPermissions,\n  selectSessionUser,\n} from '../../../shared/session/session-slice';\nexport const can = selectPermissions;\n",
      'features/payments/pages/transactions-page.tsx':
        "import { useCan } from '../../../shared/access/dashboard-access';\nexport const can = useCan;\n",
      'features/payments/pages/statement-page.test.tsx':
        "import { selectPermissions } from '../../../shared/session/session-slice';\nexport { selectPermissions };\n",
    });
    expect(findPermissionReads(src)).toEqual([
      expect.objectContaining({
        file: path.join('features', 'payments', 'pages', 'statement-page.tsx'),
        specifier: '../../../shared/session/session-slice',
      }),
    ]);
  });

  it('finds none in the portal’s own source', () => {
    expect(findPermissionReads(path.resolve(import.meta.dirname, '../src'))).toEqual([]);
  });
});

describe('dates written through src/shared/format/ (docs/architecture.md §8)', () => {
  it('fails a screen that formats a date itself, naming the file, the line and what it used', () => {
    const src = srcTree({
      'features/bookings/pages/page.tsx': [
        "const a = new Intl.DateTimeFormat('en-US').format(new Date());",
        '// new Date().toLocaleDateString() in a comment is fine',
        'const b = new Date().toLocaleTimeString();',
        'const c = new Date().toISOString().slice(0, 10);',
        'const d = new Date().getHours();',
        'export { a, b, c, d };',
      ].join('\n'),
      'shared/format/date-time.ts': "export const f = new Intl.DateTimeFormat('en-GB');\n",
      'features/bookings/pages/page.test.tsx': 'new Date().toISOString().slice(0, 10);\n',
    });
    expect(
      findDateFormatting(src).map(({ file, specifier }) => `${file.split(path.sep).join('/')} ${specifier}`),
    ).toEqual([
      'features/bookings/pages/page.tsx:1 new Intl.DateTimeFormat',
      'features/bookings/pages/page.tsx:3 .toLocaleTimeString(',
      'features/bookings/pages/page.tsx:4 .toISOString().slice(',
      'features/bookings/pages/page.tsx:5 .getHours()',
    ]);
  });
});
