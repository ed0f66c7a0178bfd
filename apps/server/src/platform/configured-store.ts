import type { Config } from '../config.js';
import { ensureWritableDataDir } from './data-dir.js';
import { lockEmbeddedStore } from './data-dir-lock.js';
import { migrate } from './db/migrate.js';
import { openStore, type Store, storeTargetFromConfig } from './db/store.js';
import { loadSecrets, type Secrets } from './security/secrets.js';

/**
 * The store and secrets a process of this deployment runs on — the server (main.ts) and the
 * operator CLI alike: DATA_DIR checked first (an unusable one is one clear line, not a trace),
 * the secrets from the environment or DATA_DIR/secrets.json, then DATABASE_URL's PostgreSQL or
 * PGlite in DATA_DIR, migrated to the latest version.
 */
export async function openConfiguredStore(
  config: Config,
): Promise<{ store: Store; secrets: Secrets; migrationsApplied: number[] }> {
  ensureWritableDataDir(config.dataDir);
  const secrets = loadSecrets({
    dataDir: config.dataDir,
    jwtSecret: config.jwtSecret,
    dataEncryptionKey: config.dataEncryptionKey,
  });
  // One process at a time on the embedded store (data-dir-lock.ts), for the whole process's life:
  // the server may close and reopen the store (main.ts) and must stay known as its user meanwhile.
  if (!config.databaseUrl) lockEmbeddedStore(config.dataDir);
  const store = await openStore(storeTargetFromConfig(config));
  try {
    return { store, secrets, migrationsApplied: await migrate(store.db) };
  } catch (error) {
    await store.close();
    throw error;
  }
}
