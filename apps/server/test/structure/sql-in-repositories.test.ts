import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md §2: HTTP code translates, services decide, repositories hold SQL. In the feature
 * modules, the supplier and the platform, a query may only be written in a repository (`repo.ts`
 * or `<name>-repo.ts`); services reach the store through them (and own transactions). The store
 * itself (platform/db: connections, dialects, migrations) and the migrations and demo seed (db/)
 * are infrastructure.
 */

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const RULED_FOLDERS = ['modules', 'supplier', 'platform'];
/** The store itself: it runs SQL for everyone else. */
const STORE_FOLDER = join(SRC, 'platform', 'db');

/** Kysely's query starters and raw SQL templates. */
const SQL_MARKERS = [
  /\.selectFrom\(/,
  /\.insertInto\(/,
  /\.updateTable\(/,
  /\.deleteFrom\(/,
  /\.replaceInto\(/,
  /\.mergeInto\(/,
  /\bsql(<[^>]*>)?`/,
  /\bsql\.(raw|ref|table|id|lit|join)\(/,
];

const isRepository = (file: string) => /(^|[/-])repo\.ts$/.test(file);
const isTest = (file: string) => file.endsWith('.test.ts');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Lines of `text` that write SQL, comments left out. */
export function sqlLines(text: string): number[] {
  const lines: number[] = [];
  const withoutComments = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  withoutComments.split('\n').forEach((line, index) => {
    const code = line.replace(/\/\/.*$/, '');
    if (SQL_MARKERS.some((marker) => marker.test(code))) lines.push(index + 1);
  });
  return lines;
}

describe('SQL lives in repositories', () => {
  it('finds no query outside a repository in the modules, the supplier and the platform', () => {
    const offenders = RULED_FOLDERS.flatMap((folder) => sourceFiles(join(SRC, folder)))
      .filter((file) => !isRepository(file) && !isTest(file) && !file.startsWith(STORE_FOLDER))
      .flatMap((file) =>
        sqlLines(readFileSync(file, 'utf8')).map((line) => `src/${relative(SRC, file)}:${line}`),
      );
    expect(offenders, 'move these queries into the module repository').toEqual([]);
  });

  it('recognises a query, and not one in a comment', () => {
    expect(sqlLines("await db.selectFrom('bookings').selectAll()")).toEqual([1]);
    expect(sqlLines('const row = await sql`select 1`.execute(db);')).toEqual([1]);
    expect(sqlLines("// db.selectFrom('x')\n/* trx.updateTable('y') */\nconst x = 1;")).toEqual([]);
  });
});
