import { defineConfig } from 'vitest/config';

/** The browser suite: real server, real SPA build, Debian's Chromium via playwright-core. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    // One browser and one server for the run; files run one after another on 2-core machines.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
