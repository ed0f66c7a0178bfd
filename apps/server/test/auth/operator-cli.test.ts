import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createManualClock } from '../../src/platform/clock.js';
import { openConfiguredStore } from '../../src/platform/configured-store.js';
import { serverPath } from '../../src/platform/paths.js';
import { createPasswordHasher } from '../../src/platform/security/password.js';
import { login, post, STRONG_PASSWORD, type TestApp } from '../support/auth-flow.js';
import { operatorSignIn } from '../support/operator-sign-in.js';
import { createEmptyPostgresDatabase, type StoreKind, storeKinds } from '../support/stores.js';

/**
 * `npm run operator -- create <email>` (src/cli/operator.ts) as a deployment runs it: a real
 * process on the configured store (PGlite in DATA_DIR, or DATABASE_URL's PostgreSQL, migrated
 * first) that prints a one-time set-up link; then the server on the same store takes the link
 * once and signs the new operator in, enrolling the authenticator.
 */

const run = promisify(execFile);

async function operatorCli(args: string[], env: Record<string, string>) {
  // Only the deployment's own settings: never a store this test process was pointed at.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', serverPath('src/cli/operator.ts'), ...args],
      { cwd: serverPath(), env: { ...inherited, ...env }, timeout: 120_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The deployment's environment: DATA_DIR always (secrets live there), DATABASE_URL on PostgreSQL. */
async function deployment(kind: StoreKind) {
  const dataDir = mkdtempSync(join(tmpdir(), 'skydesk-operator-cli-'));
  const database = kind === 'postgres' ? await createEmptyPostgresDatabase() : null;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://desk.example.test',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    SEARCH_WORKERS: '0',
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  return { env, drop: async () => database?.drop() };
}

/** The server of that deployment, in this process, on the store the CLI wrote to. */
async function serverOf(env: Record<string, string>): Promise<TestApp> {
  const config = loadConfig(env);
  const { store, secrets } = await openConfiguredStore(config);
  const clock = createManualClock();
  const app = await buildApp({
    config,
    store,
    secrets,
    clock,
    logger: false,
    validateResponses: true,
    webDistDir: null,
    passwords: createPasswordHasher(10),
  });
  const close = async () => {
    await app.close();
    await store.close();
  };
  return { app, store: { ...store, dispose: close }, clock, close };
}

/** Each CLI run is a process that opens and migrates the store: far slower than an inject(). */
const PROCESS_TIMEOUT = { timeout: 180_000 };

describe.each(storeKinds())('the operator CLI on %s', (kind) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it(
    'creates an operator and prints a link that sets the password once; sign-in then enrols 2FA',
    PROCESS_TIMEOUT,
    async () => {
      const { env, drop } = await deployment(kind);
      cleanups.push(drop);
      const created = await operatorCli(['create', 'ana.ops@example.test', '--name', 'Ana Ops'], env);
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toContain('Operator created: Ana Ops <ana.ops@example.test>');
      const link = /(https:\/\/desk\.example\.test\/admin\/setup\?token=[\w-]+)/.exec(created.stdout)?.[1];
      expect(link, created.stdout).toBeTruthy();
      const again = await operatorCli(['create', 'ana.ops@example.test'], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('exists already');

      const t = await serverOf(env);
      cleanups.push(t.close);
      const stored = await t.store.db
        .selectFrom('operator_setup_tokens')
        .select('token_hash')
        .executeTakeFirstOrThrow();
      const token = new URL(link!).searchParams.get('token')!;
      expect(stored.token_hash).not.toContain(token);
      // No password signs in before the link chose one.
      expect(
        (await post(t, '/api/admin/login', { email: 'ana.ops@example.test', password: STRONG_PASSWORD }))
          .statusCode,
      ).toBe(401);

      const body = { token, password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD };
      const set = await post(t, '/api/admin/setup-password', body);
      expect(set.statusCode, set.body).toBe(200);
      const reused = await post(t, '/api/admin/setup-password', {
        ...body,
        password: 'Another-Password-77',
        password_confirmation: 'Another-Password-77',
      });
      expect(reused.statusCode).toBe(422);
      expect(Object.keys(reused.json().data.errors)).toEqual(['token']);

      const step = await post(t, '/api/admin/login', {
        email: 'ana.ops@example.test',
        password: STRONG_PASSWORD,
      });
      expect(step.statusCode, step.body).toBe(200);
      expect(step.json().data.next).toBe('setup_2fa');
      const operator = await operatorSignIn(t, { email: 'ana.ops@example.test', password: STRONG_PASSWORD });
      expect(operator.operator).toMatchObject({ name: 'Ana Ops', email: 'ana.ops@example.test' });
      // An operator is not an agency user.
      expect((await login(t, 'ana.ops@example.test', STRONG_PASSWORD)).statusCode).toBe(401);
    },
  );

  it('refuses what it does not understand, and a bad e-mail', PROCESS_TIMEOUT, async () => {
    const { env, drop } = await deployment(kind);
    cleanups.push(drop);
    const usage = await operatorCli(['delete', 'someone@example.test'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('npm run operator -- create <email>');
    const bad = await operatorCli(['create', 'not-an-email'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('email: Enter a valid e-mail address');
  });
});
