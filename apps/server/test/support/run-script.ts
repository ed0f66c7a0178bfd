import { spawn } from 'node:child_process';
import { serverPath } from '../../src/platform/paths.js';

/**
 * Runs one of the server's TypeScript entry points (a CLI, a benchmark) in a process of its own,
 * from the server's folder and with exactly `env`; its exit code and everything it printed.
 */
export function runScript(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverPath(script), ...args], {
    cwd: serverPath(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}
