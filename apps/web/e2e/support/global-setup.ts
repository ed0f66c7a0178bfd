import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const serverRoot = resolve(webRoot, '../server');

/**
 * Builds the SPA, then starts the real server (src/main.ts) on a free loopback port with a fresh
 * embedded store and demo data, exactly as `npm start` would, and stops it after the run.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The browser suite needs Debian's Chromium at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`,
    );
  }
  // vitest sets NODE_ENV=test, which would give React's development build: test what ships.
  const productionEnv = { ...process.env, NODE_ENV: 'production' };
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: webRoot,
    stdio: 'inherit',
    env: productionEnv,
  });

  const dataDir = mkdtempSync(join(tmpdir(), 'skydesk-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', join(serverRoot, 'src/main.ts')], {
    cwd: serverRoot,
    env: {
      ...productionEnv,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      // Refunds wait for an operator unless this test setting is given: the journeys approve at once.
      REFUND_APPROVAL_DELAY_SECONDS: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(webRoot, 'dist'),
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr.on('data', (chunk) => {
    output += chunk;
  });

  const baseUrl = await new Promise<string>((resolveUrl, reject) => {
    const timeout = setTimeout(() => reject(new Error(`server did not start in 120 s:\n${output}`)), 120_000);
    const poll = setInterval(() => {
      const match = /running at (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) {
        clearInterval(poll);
        clearTimeout(timeout);
        resolveUrl(match[1]!);
      }
    }, 100);
    server.on('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timeout);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  project.provide('baseUrl', baseUrl);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
