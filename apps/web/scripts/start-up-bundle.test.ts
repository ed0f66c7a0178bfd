import type { OutputBundle, OutputChunk } from 'rollup';
import { describe, expect, it } from 'vitest';
import { findConsoleCodeAtStartUp, startUpChunks } from './start-up-bundle';

const WEB = '/repo/apps/web/src';

/** A chunk as Rollup describes it: its file, whether it is an entry, its static imports, its modules. */
function chunk(
  fileName: string,
  {
    isEntry = false,
    imports = [],
    modules = {},
  }: { isEntry?: boolean; imports?: string[]; modules?: Record<string, number> },
): OutputChunk {
  return {
    type: 'chunk',
    fileName,
    isEntry,
    imports,
    dynamicImports: [],
    modules: Object.fromEntries(
      Object.entries(modules).map(([id, renderedLength]) => [
        id,
        { renderedLength } as OutputChunk['modules'][string],
      ]),
    ),
  } as unknown as OutputChunk;
}

const bundleOf = (...chunks: OutputChunk[]): OutputBundle =>
  Object.fromEntries(chunks.map((c) => [c.fileName, c]));

describe("the agency's start-up bundle", () => {
  it('is the entry chunk and what it imports statically, not the chunks loaded later', () => {
    const bundle = bundleOf(
      chunk('index.js', { isEntry: true, imports: ['react.js'] }),
      chunk('react.js', { imports: ['scheduler.js'] }),
      chunk('scheduler.js', {}),
      chunk('agencies-page.js', {}),
    );
    expect(startUpChunks(bundle).map((c) => c.fileName)).toEqual(['index.js', 'react.js', 'scheduler.js']);
  });

  it('lets the route table through, and console code with nothing left after tree-shaking', () => {
    const bundle = bundleOf(
      chunk('index.js', {
        isEntry: true,
        modules: {
          [`${WEB}/app/routes.tsx`]: 900,
          [`${WEB}/app/admin/admin-routes.tsx`]: 400,
          [`${WEB}/shared/routing/admin-paths.ts`]: 120,
          '/repo/packages/contract/src/admin.ts': 0,
        },
      }),
      chunk('agencies-page.js', { modules: { [`${WEB}/features/admin/agencies/agencies-page.tsx`]: 5000 } }),
    );
    expect(findConsoleCodeAtStartUp(bundle)).toEqual([]);
  });

  it('fails console screens, frame, session or contract in a start-up chunk, naming module and chunk', () => {
    const bundle = bundleOf(
      chunk('index.js', {
        isEntry: true,
        imports: ['shared.js'],
        modules: { [`${WEB}/app/admin/admin-layout.tsx`]: 300 },
      }),
      chunk('shared.js', {
        modules: {
          [`${WEB}/features/admin/admin-api.ts`]: 200,
          [`${WEB}/shared/operator-session/operator-session-slice.ts`]: 100,
          '/repo/packages/contract/src/admin.ts': 2000,
        },
      }),
    );
    expect(findConsoleCodeAtStartUp(bundle)).toEqual([
      { chunk: 'index.js', module: `${WEB}/app/admin/admin-layout.tsx`, what: "the console's frame" },
      { chunk: 'shared.js', module: `${WEB}/features/admin/admin-api.ts`, what: 'a console screen' },
      {
        chunk: 'shared.js',
        module: `${WEB}/shared/operator-session/operator-session-slice.ts`,
        what: "the operator's session",
      },
      {
        chunk: 'shared.js',
        module: '/repo/packages/contract/src/admin.ts',
        what: "the back office's contract",
      },
    ]);
  });

  it('fails recharts in a start-up chunk: the charts load it with the first chart drawn (issue 15)', () => {
    const bundle = bundleOf(
      chunk('index.js', { isEntry: true, imports: ['state.js'] }),
      chunk('state.js', {
        modules: {
          '/repo/node_modules/reselect/dist/reselect.mjs': 7000,
          '/repo/node_modules/recharts/es6/chart/LineChart.js': 900,
        },
      }),
      chunk('charts.js', { modules: { '/repo/node_modules/recharts/es6/index.js': 300_000 } }),
    );
    expect(findConsoleCodeAtStartUp(bundle)).toEqual([
      {
        chunk: 'state.js',
        module: '/repo/node_modules/recharts/es6/chart/LineChart.js',
        what: 'the charts library',
      },
    ]);
  });
});
