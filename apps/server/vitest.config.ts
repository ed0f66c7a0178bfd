import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Every transaction of every test keeps the lock order (docs/booking-and-money.md).
    setupFiles: ['test/support/lock-order.ts'],
    // Each test file opens its own embedded database: two workers fit the 2-core machines.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
