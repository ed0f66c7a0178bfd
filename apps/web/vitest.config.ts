import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
      restoreMocks: true,
      // A screen test walks lazily loaded screens; on two cores shared with the server's suite
      // that can take longer than vitest's default 5 s.
      testTimeout: 30_000,
      unstubGlobals: true,
    },
  }),
);
