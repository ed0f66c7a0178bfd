// Bundles the server into dist/main.js, the search worker thread it starts into
// dist/search-worker.js, and the operator CLI into dist/operator.js. Registry packages stay
// external (node_modules at run time, including PGlite's WASM files); the workspace contract
// package is bundled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@skydesk/'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    'search-worker': 'src/modules/flights/search-worker.ts',
    operator: 'src/cli/operator.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
