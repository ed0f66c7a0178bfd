import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { kyselyQuery, type Manifest, snapshotFigures } from '../../src/cli/backup.js';
import { readArchive } from '../../src/cli/backup-archive.js';
import { openStore } from '../../src/platform/db/store.js';
import { runScript } from '../support/run-script.js';
import { startServer } from '../support/server-process.js';
import { createEmptyPostgresDatabase, type StoreKind, storeKinds } from '../support/stores.js';
import {
  bookingBody,
  call,
  data,
  depositFields,
  depositForm,
  searchOffers,
  seededRandom,
  signInDemo,
} from './http-driver.js';
import { brokenRules } from './store-invariants.js';

/**
 * Issue 17: `npm run backup -- <file>` and `npm run restore -- <file>` on both stores. A store is
 * backed up while an agency books and deposits (on PostgreSQL during the dump itself; the embedded
 * store is one process's, so its server is stopped first — and the backup refuses while it runs),
 * restored into an empty one, and compared: rows per table and each agency's ledger (lines, sum)
 * as the backup's own snapshot counted them, every money and seat rule, and a server started on the
 * restored store signs the demo user in — its authenticator seed decrypts with the restored key.
 */

/** Runs one of the CLIs (src/cli/<name>.ts) as a deployment does; its exit code and output. */
function runCli(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  return runScript(`src/cli/${name}.ts`, args, { ...inherited, ...env });
}

const manifestOf = (file: string) =>
  JSON.parse(
    readArchive(readFileSync(file))
      .find((entry) => entry.name === 'skydesk-backup.json')!
      .data.toString(),
  ) as Manifest;

describe.each(storeKinds())('backup and restore on %s', (kind: StoreKind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }, 60_000);

  it('backs up a busy store, restores it into an empty one with the same rows and ledgers, and the restored server signs the demo in', async () => {
    const started = Date.now();
    const random = seededRandom(17);
    const work = mkdtempSync(join(tmpdir(), 'skydesk-backup-'));
    cleanups.push(async () => rmSync(work, { recursive: true, force: true }));
    const source: Record<string, string> = {
      DATA_DIR: join(work, 'source'),
      DEMO_DATA: 'true',
      DEMO_HISTORY: 'false',
      SEARCH_WORKERS: '0',
      LOG_LEVEL: 'warn',
      HOLD_VALUE_RATIO: '0', // off: the test is about the backup, not the hoarding bound
      MAX_HELD_SEATS_PER_FLIGHT: '999',
    };
    const target: Record<string, string> = {
      DATA_DIR: join(work, 'target'),
      SEARCH_WORKERS: '0',
      LOG_LEVEL: 'warn',
    };
    if (kind === 'postgres') {
      const from = await createEmptyPostgresDatabase();
      const to = await createEmptyPostgresDatabase();
      cleanups.push(from.drop, to.drop);
      source.DATABASE_URL = from.url;
      // Secrets from the environment, as servers on PostgreSQL have them: the backup carries them.
      source.JWT_SECRET = randomBytes(48).toString('base64url');
      source.DATA_ENCRYPTION_KEY = randomBytes(32).toString('base64');
      target.DATABASE_URL = to.url;
    }
    const file = join(work, 'skydesk.backup.tar.gz');

    const server = startServer(source);
    cleanups.push(async () => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    });
    const base = await server.url;
    const agency = await signInDemo(base, 'agency', `backed up ${kind}`);
    const [banks] = await data<[{ id: string }[]]>(base, 'GET', '/api/bank', { token: agency });
    const offers = await searchOffers(base, agency, { origin: 'LHR', destination: 'JFK', daysAhead: 25 });

    // An agency at work: bookings, some ticketed, and deposits, until told to stop.
    let busy = true;
    let made = 0;
    const drive = async () => {
      while (busy) {
        const booked = await call(base, 'POST', '/api/booking', {
          token: agency,
          body: bookingBody(offers[made % offers.length]!, random),
        });
        expect(booked.status, booked.body.message).toBe(201);
        made += 1;
        if (made % 2 === 0) {
          const issued = await call(base, 'POST', '/api/booking-issue', {
            token: agency,
            body: { pnr: booked.body.data.pnr },
          });
          // Once the demo's credits are spent (its deposits wait for an operator), holds stay holds.
          expect([200, 402], issued.body.message).toContain(issued.status);
        }
        if (made % 5 === 0) {
          const deposit = await call(base, 'POST', '/api/company/create-transaction', {
            token: agency,
            form: depositForm(depositFields(banks[0]!.id, '100.00')),
          });
          expect(deposit.status, deposit.body.message).toBe(201);
        }
      }
    };
    const driving = drive();
    // Awaited below; a failure meanwhile must not count as unhandled.
    driving.catch(() => {});
    while (made < 6) await new Promise((resolve) => setTimeout(resolve, 50));

    if (kind === 'pglite') {
      // The embedded store is the running server's: the backup says so and writes nothing.
      const refused = await runCli('backup', [file], source);
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output).toContain('is in use by another process');
      busy = false;
      await driving;
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    const madeBefore = made;
    const backup = await runCli('backup', [file], source);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('WARNING: this file holds the secrets');
    busy = false;
    await driving;
    if (kind === 'postgres') {
      // The agency kept booking while pg_dump ran.
      expect(made).toBeGreaterThan(madeBefore);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    const manifest = manifestOf(file);
    expect(manifest.store).toBe(kind);
    expect(manifest.tables.bookings).toBeGreaterThanOrEqual(6);
    expect(manifest.uploads).toBeGreaterThan(0);
    const backedUp = Date.now();

    // Restore into the empty target, then once more: a store with data is not overwritten.
    const restore = await runCli('restore', [file], target);
    expect(restore.code, restore.output).toBe(0);
    const again = await runCli('restore', [file], target);
    expect(again.code, again.output).toBe(1);
    expect(again.output).toMatch(
      kind === 'pglite' ? /already holds an embedded store/ : /already has \d+ tables/,
    );
    expect(again.output).toContain('--force');

    // The restored store, read by the test: the backup's snapshot, row for row and line for line.
    const restored =
      kind === 'pglite'
        ? await openStore({ kind: 'pglite', dataDir: join(target.DATA_DIR!, 'pglite') })
        : await openStore({ kind: 'postgres', url: target.DATABASE_URL!, maxConnections: 2 });
    try {
      const figures = await snapshotFigures(kyselyQuery(restored.db as Kysely<unknown>));
      expect(figures.tables).toEqual(manifest.tables);
      expect(figures.ledger).toEqual(manifest.ledger);
      expect(figures.migrations).toEqual(manifest.migrations);
      expect(await brokenRules(restored.db)).toEqual([]);
    } finally {
      await restored.close();
    }
    if (kind === 'pglite') {
      // Nothing changed the source since: the restored store is the source itself.
      const original = await openStore({ kind: 'pglite', dataDir: join(source.DATA_DIR!, 'pglite') });
      try {
        const figures = await snapshotFigures(kyselyQuery(original.db as Kysely<unknown>));
        expect(figures.tables).toEqual(manifest.tables);
        expect(figures.ledger).toEqual(manifest.ledger);
      } finally {
        await original.close();
      }
    }

    // A server on the restored store and secrets (none in its environment) signs the demo in.
    const revived = startServer(target);
    cleanups.push(async () => {
      if (revived.child.exitCode === null) revived.child.kill('SIGKILL');
    });
    const revivedBase = await revived.url;
    const token = await signInDemo(revivedBase, 'agency', `backed up ${kind}`);
    const credits = await call(revivedBase, 'GET', '/api/booking-credits', { token });
    expect(credits.status, credits.body.message).toBe(200);
    revived.child.kill('SIGTERM');
    expect(await revived.exited).toBe(0);
    console.log(
      `backup and restore on ${kind}: ${manifest.tables.bookings} bookings, backup ${backedUp - started} ms after start, restore and checks ${Date.now() - backedUp} ms`,
    );
  }, 300_000);
});
