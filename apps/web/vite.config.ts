import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { startUpBundleGuard } from './scripts/start-up-bundle';

/** The API server of apps/server in development (docs/architecture.md §7: PORT 3000, HOST 127.0.0.1). */
const API_SERVER = 'http://127.0.0.1:3000';

/**
 * Libraries in chunks of their own: they change far less often than the portal's code, so after a
 * deployment the browser keeps them (hashed assets are cached for a year) and fetches only ours.
 */
const VENDOR_CHUNKS: [chunk: string, packages: RegExp][] = [
  ['react', /\/node_modules\/(react|react-dom|scheduler)\//],
  ['router', /\/node_modules\/(react-router|@remix-run)\//],
  ['state', /\/node_modules\/(@reduxjs|redux|react-redux|redux-persist|immer|reselect)\//],
  ['zod', /\/node_modules\/zod\//],
  ['radix', /\/node_modules\/(@radix-ui|@floating-ui)\//],
];

export default defineConfig({
  // The operator console stays out of the agency's start-up bundle (issue 11): checked on every build.
  plugins: [react(), tailwindcss(), startUpBundleGuard()],
  build: {
    // apps/web/dist: the server serves this folder for every non-API path (docs/architecture.md §1).
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        manualChunks: (id) =>
          // recharts carries its own copy of reselect, which 'state' would take into the start-up
          // bundle: what recharts nests stays with recharts, in the analytics screens' lazy chunks.
          id.includes('/node_modules/recharts/')
            ? undefined
            : VENDOR_CHUNKS.find(([, packages]) => packages.test(id))?.[0],
      },
      onwarn(warning, warn) {
        // zod ships /*#__PURE__*/ comments in places Rollup cannot use; harmless noise.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/zod/')) return;
        warn(warning);
      },
    },
  },
  server: {
    // Same origin for the SPA and the API in development too, so the refresh cookie
    // (SameSite=Strict, scoped to /api/auth) and the WebSocket under /api/ws just work.
    proxy: {
      '/api': { target: API_SERVER, ws: true },
    },
  },
});
