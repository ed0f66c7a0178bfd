import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppDeps, buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { createManualClock } from '../../src/platform/clock.js';
import { createPasswordHasher } from '../../src/platform/security/password.js';
import type { Secrets } from '../../src/platform/security/secrets.js';
import { createLocalFileStore } from '../../src/platform/storage/file-store.js';
import { createTestStore, type StoreKind } from './stores.js';

export const testSecrets = (): Secrets => ({
  jwtSecret: randomBytes(48).toString('base64url'),
  dataEncryptionKey: randomBytes(32),
});

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({
    DATA_DIR: '/nonexistent-test-data-dir',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    // Searches on the event loop: hundreds of test apps need no threads each (search-pool.test.ts
    // covers the workers).
    SEARCH_WORKERS: '0',
  }),
  ...overrides,
});

/**
 * A real app over a fresh store of the given kind, checked against the contract's response
 * schemas; close() disposes both (fastify/demo's test helper, made per test).
 */
export async function createTestApp(
  kind: StoreKind,
  overrides: Partial<AppDeps> = {},
  storeOptions: Parameters<typeof createTestStore>[1] = {},
) {
  const store = await createTestStore(kind, storeOptions);
  const clock = createManualClock();
  const app = await buildApp({
    config: testConfig(),
    store,
    secrets: testSecrets(),
    clock,
    logger: false,
    validateResponses: true,
    webDistDir: null,
    // A cheaper scrypt cost keeps the suite fast; the production cost has its own test.
    passwords: createPasswordHasher(10),
    files: createLocalFileStore(join(mkdtempSync(join(tmpdir(), 'skydesk-uploads-')), 'uploads')),
    ...overrides,
  });
  return {
    app,
    store,
    clock,
    close: async () => {
      await app.close();
      await store.dispose();
    },
  };
}
