import { type ChildProcess, execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from './support/server-process.js';

describe('the server process', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('starts on the embedded store with demo data, prints the demo sign-in, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skydesk-main-'));
    const server = startServer({ DATA_DIR: dataDir });
    child = server.child;
    const url = await server.url;

    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(server.output()).toContain('demo@skydesk.local');
    expect(server.output()).toContain('SkyDesk-demo-2026');
    expect(server.output()).toContain('otpauth://totp/');
    expect(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).jwt_secret).toBeTruthy();

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    // A real start (a new embedded store, migrations, the demo's production-cost password hashes,
    // the sandbox network): seconds alone, more on a machine busy with the other test files.
  }, 120_000);

  /** What a refused start printed: one line naming the folder, and no stack trace. */
  const expectOneClearLine = (output: string, folder: string, reason: string) => {
    const lines = output.trim().split('\n');
    expect(lines, output).toHaveLength(1);
    expect(lines[0]).toContain(`SkyDesk can't `);
    expect(lines[0]).toContain(folder);
    expect(lines[0]).toContain(reason);
    expect(lines[0]).toContain('it needs a writable DATA_DIR for the database, uploads and secrets.');
    expect(output).not.toMatch(/^\s+at /m);
  };

  it('refuses a DATA_DIR it cannot write to with one line naming the folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skydesk-readonly-'));
    // Root writes through file modes; a read-only mount stops it (and is what a real one is).
    const asRoot = process.getuid?.() === 0;
    if (asRoot) execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', dataDir]);
    else chmodSync(dataDir, 0o555);
    try {
      const server = startServer({ DATA_DIR: dataDir });
      child = server.child;
      expect(await server.exited).toBe(1);
      expectOneClearLine(server.output(), dataDir, '(read-only or permission denied)');
    } finally {
      if (asRoot) execFileSync('umount', [dataDir]);
      else chmodSync(dataDir, 0o755);
    }
  });

  it('refuses a DATA_DIR that is a file, or under one, with one line naming it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'skydesk-main-')), 'data');
    writeFileSync(file, 'not a folder');
    for (const dataDir of [file, join(file, 'nested')]) {
      const server = startServer({ DATA_DIR: dataDir });
      child = server.child;
      expect(await server.exited).toBe(1);
      expectOneClearLine(server.output(), dataDir, '(a file is in the way)');
    }
  });

  it('refuses to start with a bad configuration and names the bad key', async () => {
    const server = startServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'skydesk-main-')), PORT: 'eighty' });
    child = server.child;
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
    expect(server.output()).not.toMatch(/at .*config\.ts/);
  });
});
