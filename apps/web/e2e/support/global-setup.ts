import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './chromium.js';
import { REFUNDS_AT_ONCE, startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

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
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: webRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });

  const server = await startServer(REFUNDS_AT_ONCE);
  project.provide('baseUrl', server.baseUrl);
  return server.stop;
}
