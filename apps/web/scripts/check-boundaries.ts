import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/*
 * The SPA's module boundaries (decision 010), checked by `npm run lint`:
 *
 * - a feature (src/features/<name>/) imports its own files, src/shared/ and packages
 *   (@skydesk/contract, React, …) — never another feature, nor src/app/;
 * - src/shared/ imports only src/shared/ and packages;
 * - their tests and test helpers (`*.test.ts(x)`, a `testing/` folder) may also use src/testing/;
 * - src/app/ (the shell and the router) and src/testing/ may import anything.
 *
 * Biome's noRestrictedImports matches import strings, not the files they resolve to, so a rule
 * for relative imports at every depth ("../../flights/…", "../flights/…") could not be written
 * with it; this check resolves each import and judges the file it names.
 */

export type Violation = { file: string; specifier: string; target: string; rule: string };

type Place =
  | { kind: 'feature'; name: string }
  | { kind: 'shared' }
  | { kind: 'app' }
  | { kind: 'testing' }
  | { kind: 'other' };

const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;

function placeOf(srcDir: string, file: string): Place {
  const [top, name] = path.relative(srcDir, file).split(path.sep);
  if (top === 'features' && name) return { kind: 'feature', name };
  if (top === 'shared') return { kind: 'shared' };
  if (top === 'app') return { kind: 'app' };
  if (top === 'testing') return { kind: 'testing' };
  return { kind: 'other' };
}

/** Tests and test helpers may use src/testing (render the app, fake the API). */
const isTestCode = (file: string): boolean =>
  /\.test\.[cm]?[jt]sx?$/.test(file) || file.split(path.sep).includes('testing');

/** Why an import from `from` of `to` breaks a boundary, or null when it is allowed. */
function brokenRule(srcDir: string, from: string, to: string): string | null {
  const source = placeOf(srcDir, from);
  const target = placeOf(srcDir, to);
  const testing = target.kind === 'testing' && isTestCode(from);
  if (source.kind === 'feature') {
    const own = target.kind === 'feature' && target.name === source.name;
    if (own || target.kind === 'shared' || testing) return null;
    return `a feature imports only its own files, src/shared/ and packages (@skydesk/contract); move what features share to src/shared/`;
  }
  if (source.kind === 'shared') {
    if (target.kind === 'shared' || testing) return null;
    return 'src/shared/ imports only src/shared/ and packages, never a feature nor src/app/';
  }
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every import under `srcDir` that crosses a boundary. */
export function findBoundaryViolations(srcDir: string): Violation[] {
  const root = path.resolve(srcDir);
  const violations: Violation[] = [];
  for (const file of sourceFiles(root)) {
    // Imports, `export … from` and dynamic `import()`, comments and strings left aside.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      const rule = brokenRule(root, file, target);
      if (rule)
        violations.push({
          file: path.relative(root, file),
          specifier,
          target: path.relative(root, target),
          rule,
        });
    }
  }
  return violations;
}

const invokedDirectly =
  process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);

if (invokedDirectly) {
  const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
  const violations = findBoundaryViolations(srcDir);
  for (const { file, specifier, target, rule } of violations)
    console.error(`src/${file}: import '${specifier}' (src/${target}) — ${rule}`);
  if (violations.length > 0) {
    console.error(`\n${violations.length} import(s) cross a module boundary (docs/decisions/010).`);
    process.exit(1);
  }
  console.log('Module boundaries: every feature imports only itself, src/shared/ and packages.');
}
