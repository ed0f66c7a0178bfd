import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server of apps/server in development (DESIGN.md §7: PORT 3000, HOST 127.0.0.1). */
const API_SERVER = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    // apps/web/dist: the server serves this folder for every non-API path (DESIGN.md §1).
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
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
