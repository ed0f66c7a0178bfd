import { spawn } from 'node:child_process';
import { serverPath } from '../../src/platform/paths.js';

/** Runs `src/main.ts` as a real process: config → store → migrate → seed → listen → SIGTERM. */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverPath('src/main.ts')], {
    cwd: serverPath(),
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // 'close', not 'exit': the process may exit before the last of its output has been read.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /running at (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited early:\n${output}`));
    });
  });
  // A test that expects an early exit never awaits the URL: keep its rejection handled.
  url.catch(() => {});
  /**
   * Resolves once the output holds `text`. The server's logger writes asynchronously, so a line
   * logged while answering a request can reach this pipe after the answer has reached the test.
   */
  const waitForOutput = async (text: string, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!output.includes(text)) {
      if (Date.now() > deadline)
        throw new Error(`the server did not print "${text}"; its output:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { child, url, exited, output: () => output, waitForOutput };
}
