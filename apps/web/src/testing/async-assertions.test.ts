import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * `findAll*` resolves as soon as one element matches, so `expect(await findAll…).toHaveLength(n)`
 * counts whatever one render showed: a page's message and its toast are two renders, and on a busy
 * machine the count was 1. A count waits with `waitFor`.
 */
describe('the suite’s own habits', () => {
  it('waits for a count instead of counting what a findAll first found', () => {
    const counted = /expect\(\s*await [^;]*?findAll[^;]*?\)\s*\)\s*\.toHaveLength\(/g;
    const offenders = testFiles(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(counted)].map((match) => `${relative(SRC, file)}: ${match[0]}`),
    );
    expect(offenders).toEqual([]);
  });
});
