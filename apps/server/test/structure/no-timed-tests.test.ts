import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No test asserts how fast something ran (issue 30). A bound on measured wall-clock time — "parses
 * in under a second", "pushed within a second" — fails on a loaded machine while the code is right,
 * and a test that fails for the machine teaches everyone to run it again. Speed goals are
 * benchmarks (`npm run bench`, docs/benchmarks.md), each measured against a baseline in the same
 * run; the tests keep what the code does. A call that must end (a deadline, a timeout) is shown by
 * how it ended — the error it gave, the answer it sent — and vitest's own test timeout fails one
 * that never does.
 *
 * What is refused, in every test file of the repository, both apps and the browser journeys: an
 * upper bound (`toBeLessThan`, `toBeLessThanOrEqual`) on a time measured from the clock — the
 * clock minus an earlier reading of it, a variable or property holding such a difference, or a
 * function returning one. A lower bound ("waited at least the Retry-After") stays allowed: a busy
 * machine only makes the wait longer, so it never fails for the machine.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** This file: its examples below are what it refuses. */
const SELF = relative(ROOT, fileURLToPath(import.meta.url));

const CLOCK = String.raw`(?:performance\.now\(\)|Date\.now\(\)|process\.hrtime(?:\.bigint)?\(\)|new Date\(\)\.getTime\(\))`;
const UPPER_BOUND =
  /expect\(((?:[^()]|\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))*)\)\s*\.(?:not\.)?(?:toBeLessThan|toBeLessThanOrEqual)\(/g;

const literal = (name: string) => name.replace(/[$]/g, '\\$');

/** `line: text` of each upper bound on an elapsed time in a test file's text. */
export function elapsedTimeBounds(text: string): string[] {
  // Readings of the clock: `const started = Date.now()`, `opened = performance.now()`.
  const readings = [
    ...text.matchAll(
      new RegExp(String.raw`(?:\b(?:const|let|var)\s+)?([\w$]+)\s*=\s*${CLOCK}\s*[;,\n)]`, 'g'),
    ),
  ].map((match) => match[1] as string);
  const lessReading = readings.length ? String.raw`-\s*(?:${readings.map(literal).join('|')})\b` : '(?!)';
  // An elapsed time: something minus a reading (the clock now, a later reading, an awaited one).
  const elapsed = new RegExp(lessReading);

  // Names that hold one: `const tookMs = … - started`, `{ aliveMs: Date.now() - opened }`, and
  // functions that return one (`const within = async () => { …; return Date.now() - started; }`).
  const names = new Set<string>();
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (!elapsed.test(line)) return;
    const assigned = /(?:\b(?:const|let|var)\s+|^\s*)([\w$]+)\s*=[^=>]/.exec(line);
    if (assigned?.[1] && !readings.includes(assigned[1])) names.add(assigned[1]);
    for (const property of line.matchAll(/([\w$]+)\s*:\s*[^:]*?-\s*[\w$]+/g)) {
      if (property[1] && elapsed.test(property[0])) names.add(property[1]);
    }
    if (/\breturn\b/.test(line)) {
      for (let back = index; back >= 0; back -= 1) {
        const declared =
          /(?:\b(?:const|let)\s+([\w$]+)\s*=\s*(?:async\s*)?(?:\(|function)|\bfunction\s+([\w$]+))/.exec(
            lines[back] ?? '',
          );
        const name = declared?.[1] ?? declared?.[2];
        if (name) {
          names.add(name);
          break;
        }
      }
    }
  });
  const named = names.size
    ? new RegExp(String.raw`(?<![\w$.])(?:${[...names].map(literal).join('|')})\b`)
    : null;

  const found: string[] = [];
  for (const match of text.matchAll(UPPER_BOUND)) {
    const measured = match[1] ?? '';
    if (elapsed.test(measured) || named?.test(measured)) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push(`${line}: ${match[0].replace(/\s+/g, ' ').slice(0, 160)}`);
    }
  }
  return found;
}

/** Every test file of the repository, tracked or new (not ignored), outside node_modules. */
function testFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\0'))].filter(
    (file) =>
      /\.test\.[cm]?[jt]sx?$/.test(file) && file !== SELF && !file.split('/').includes('node_modules'),
  );
}

describe('speed goals live in benchmarks, not in tests', () => {
  it('finds the upper bounds on an elapsed time, however the time is carried', () => {
    const cases = [
      `const started = performance.now();\nparse(body);\nexpect(performance.now() - started).toBeLessThan(1_000);`,
      `const began = Date.now();\nawait call();\nconst tookMs = Date.now() - began;\nexpect(tookMs).toBeLessThanOrEqual(250);`,
      `const opened = Date.now();\nsocket.on('close', () => resolve({ received, aliveMs: Date.now() - opened }));\nconst { aliveMs } = await trickle();\nexpect(aliveMs).toBeLessThan(2_000);`,
      `const within = async (client) => {\n  const started = Date.now();\n  await client.closed;\n  return Date.now() - started;\n};\nexpect(await within(socket)).toBeLessThan(1_000);`,
      `const idleFrom = Date.now();\nconst idleMs = (await closed) - idleFrom;\nexpect(idleMs).toBeLessThan(3_000);`,
    ];
    for (const text of cases) expect(elapsedTimeBounds(text), text).toHaveLength(1);
  });

  it('leaves lower bounds, fixed clocks and bounds on other figures alone', () => {
    const cases = [
      `const began = performance.now();\nawait retried();\nexpect(performance.now() - began).toBeGreaterThanOrEqual(950);`,
      `const expired = new Date(Date.now() - 1000).toISOString();\nexpect(left(expired)).toBeLessThan(0);`,
      `expect(SERVER_TIMEOUTS.headersMs + SERVER_TIMEOUTS.checkIntervalMs).toBeLessThanOrEqual(10_000);`,
      `const started = Date.now();\nexpect(results.length).toBeLessThan(200);`,
    ];
    for (const text of cases) expect(elapsedTimeBounds(text), text).toEqual([]);
  });

  it('no test file bounds how long something took (npm run bench measures it instead)', () => {
    const found = testFiles().flatMap((file) =>
      elapsedTimeBounds(readFileSync(join(ROOT, file), 'utf8')).map((place) => `${file}:${place}`),
    );
    expect(found, 'move each speed goal to a benchmark (docs/benchmarks.md)').toEqual([]);
  });
});
