import './platform/memory-flags.js';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import type { DemoHistorySummary } from './db/demo-history/index.js';
import { DEMO, seedDemoData } from './db/seed-demo.js';
import { outboxBannerLines } from './modules/dev/index.js';
import { openConfiguredStore } from './platform/configured-store.js';
import { DataDirError } from './platform/data-dir.js';
import { openStore, type Store, storeTargetFromConfig } from './platform/db/store.js';
import { createSecretBox } from './platform/security/encryption.js';
import { createPasswordHasher } from './platform/security/password.js';
import { createLocalFileStore } from './platform/storage/file-store.js';

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const opened = await openConfiguredStore(config);
  const { secrets, migrationsApplied: applied } = opened;
  let store = opened.store;
  let demoHistory: DemoHistorySummary | undefined;
  // The demo's seeding commits thousands of times and nobody waits on its answers: on the
  // embedded store its commits are not synced one by one (synchronous_commit off: they reach the
  // disk together, at the latest when the store closes below; 12.4 → 9.9 s of seeding, measured).
  // A power cut during the seeding leaves part of the demo, as a kill does.
  const relaxed = config.demoData && store.kind === 'pglite';
  if (relaxed) await sql`set synchronous_commit = off`.execute(store.db);
  const seeded = config.demoData
    ? await seedDemoData(store.db, {
        hasher: createPasswordHasher(),
        secretBox: createSecretBox(secrets.dataEncryptionKey),
        currency: config.currency,
        now: new Date(),
        // The server's uploads, where the app looks for the agency's documents and the deposits' receipts.
        files: createLocalFileStore(join(config.dataDir, 'uploads')),
        history: config.demoHistory && {
          hold: { holdMinutes: config.bookingHoldMinutes, cutoffMinutes: config.ticketingCutoffMinutes },
          onSeeded: (summary) => {
            demoHistory = summary;
          },
        },
      })
    : false;
  if (relaxed) await sql`set synchronous_commit = on`.execute(store.db);
  if (seeded && store.kind === 'pglite') {
    // Seeding the demo's history grew the embedded store's WebAssembly memory by hundreds of MB,
    // and WebAssembly memory never shrinks: the server runs on the store opened afresh, which
    // starts small (docs/benchmarks.md, "Memory").
    await store.close();
    store = await openStore(storeTargetFromConfig(config));
  }

  const app = await buildApp({ config, store, secrets });
  app.log.info(
    {
      store: store.kind,
      durability: store.durability.detail,
      migrationsApplied: applied,
      demoSeeded: seeded,
      ...(demoHistory ? { demoHistory } : {}),
    },
    'store ready',
  );
  await app.listen({ port: config.port, host: config.host });
  printBanner(config, app.server.address(), store);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      await store.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

function printBanner(
  config: Config,
  address: ReturnType<import('node:net').Server['address']>,
  store: Pick<Store, 'kind' | 'durability'>,
) {
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  const lines = [
    '',
    `  SkyDesk is running at ${url}`,
    // What outlives a power cut, in one sentence (issue 28; docs/operations.md "The store").
    `  Store: ${store.kind === 'pglite' ? `embedded PGlite in ${config.dataDir} (${store.durability.detail})` : 'PostgreSQL server'}`,
    `  API docs: ${url}/api/docs`,
  ];
  if (config.demoData) {
    const totp = new TOTP({
      issuer: 'SkyDesk',
      label: DEMO.ownerEmail,
      secret: Secret.fromBase32(DEMO.totpSecret),
    });
    lines.push(
      '',
      '  Demo sign-in (agency "Demo Travels"):',
      `    e-mail     ${DEMO.ownerEmail}`,
      `    password   ${DEMO.password}`,
      `    TOTP key   ${DEMO.totpSecret}  (add it to an authenticator app)`,
      `    otpauth    ${totp.toString()}`,
      `  Back-office operator: ${DEMO.operatorEmail}, same password and TOTP key.`,
    );
  }
  // Where mail goes, and who can read the outbox (issue 27).
  lines.push(...outboxBannerLines(config, url));
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof DataDirError ? error.message : error);
  process.exit(1);
});
