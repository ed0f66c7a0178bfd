import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const serverRoot = resolve(webRoot, '../server');

export type RunningServer = { baseUrl: string; stop: () => Promise<void> };

/**
 * Test setting only: refunds are approved in the request itself, where the booking journey
 * expects them; the back-office journey's server leaves them for an operator, as production does.
 */
export const REFUNDS_AT_ONCE = { REFUND_APPROVAL_DELAY_SECONDS: '0' };

/**
 * Starts the real server (src/main.ts) on a free loopback port with a fresh embedded store and
 * demo data, serving the built SPA (apps/web/dist), exactly as `npm start` would. `env` adds or
 * overrides settings (e.g. a test-only refund approval delay).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'skydesk-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', join(serverRoot, 'src/main.ts')], {
    cwd: serverRoot,
    env: {
      ...process.env,
      // vitest sets NODE_ENV=test, which would give React's development build: test what ships.
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      // The journeys count money and bookings from the bare demo's known start (US$10,000.00 of
      // credits, no bookings); the seeded months of history are the dashboard's, tested on the server.
      DEMO_HISTORY: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(webRoot, 'dist'),
      DATABASE_URL: '',
      SMTP_URL: '',
      ...env,
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
        resolveUrl(match[1] as string);
      }
    }, 100);
    server.on('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timeout);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  return {
    baseUrl,
    stop: async () => {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((done) => server.once('exit', done));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
