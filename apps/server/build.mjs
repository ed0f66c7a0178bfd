// Bundles the server into dist/main.js, the search worker thread it starts into
// dist/search-worker.js, and the CLIs into dist/operator.js, dist/backup.js and dist/restore.js
// (a deployment runs them with node alone, without the TypeScript loader). Registry packages stay
// external (node_modules at run time, including PGlite's WASM files); the workspace contract
// package is bundled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@skydesk/'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    'search-worker': 'src/supplier/sandbox/search-worker.ts',
    operator: 'src/cli/operator.ts',
    backup: 'src/cli/backup.ts',
    restore: 'src/cli/restore.ts',
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
