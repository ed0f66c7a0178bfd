import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/*
 * The server's boundaries (docs/architecture.md §2, decision 011), read from the imports of every
 * TypeScript file of src/, test/ and bench/. Each relative import is resolved to the file it names
 * and judged by where both files sit (packages matter only to tell a test that starts processes):
 *
 * - entry: outside modules/<domain>/, code imports that module only through its index.ts; inside
 *   it, never through it (the entry is for others; a module's own files import each other).
 * - cycle: no two modules depend on each other, directly or round a longer loop (the strongly
 *   connected components of the graph of modules).
 * - layer: platform/ imports only platform/ and config.ts; supplier/ only supplier/, platform/ and
 *   config.ts; modules/ anything but the composition root (app.ts, main.ts, db/, cli/).
 * - adapter: a supplier adapter (supplier/<name>/) is reached from outside its folder only through
 *   its index.ts, and only by the composition root and by tests: modules, the platform and what
 *   adapters share (supplier/*.ts) see the port. An adapter's own tests and benches sit inside it.
 * - placement: a test under test/ (other than the structure checks and test/support/'s own) is a
 *   black-box suite: it drives the whole app or a process as a client does (src/app.ts,
 *   test/support/server-process.ts, run-script.ts or node:child_process, itself or through a
 *   helper), or it stands on the contract alone and imports nothing of src/. A test of one unit
 *   sits beside its code in src/.
 *
 * Tests and benches are leaves nothing imports: they may reach into the module they check, so the
 * entry, cycle and layer rules judge production code only. The adapter rule holds for all.
 */

export type Violation = {
  rule: 'entry' | 'cycle' | 'layer' | 'adapter' | 'placement';
  file: string;
  detail: string;
};

type Place =
  | { area: 'module'; name: string }
  | { area: 'adapter'; name: string }
  | { area: 'supplier' }
  | { area: 'platform' }
  | { area: 'config' }
  | { area: 'root' }
  | { area: 'tests' };

/** Where a file of the server sits; `path` is relative to apps/server, with '/' separators. */
export function placeOf(path: string): Place {
  const parts = path.split('/');
  if (parts[0] !== 'src') return { area: 'tests' };
  const [, top, name] = parts;
  const inFolder = parts.length > 3;
  if (top === 'modules' && name && inFolder) return { area: 'module', name };
  if (top === 'supplier' && name && inFolder) return { area: 'adapter', name };
  if (top === 'supplier') return { area: 'supplier' };
  if (top === 'platform') return { area: 'platform' };
  if (top === 'config.ts') return { area: 'config' };
  return { area: 'root' };
}

const isTestCode = (path: string) => !path.startsWith('src/') || /\.(test|bench)\.ts$/.test(path);

const MODULE_ENTRY = /^src\/modules\/[^/]+\/index\.ts$/;
const ADAPTER_ENTRY = /^src\/supplier\/[^/]+\/index\.ts$/;

/** What a black-box suite drives: the whole app (built, injected), a server, a script, a process. */
const CLIENT_HARNESSES = [
  'src/app.ts',
  'test/support/server-process.ts',
  'test/support/run-script.ts',
  'package:node:child_process',
];

const nameOf = (place: Place) =>
  place.area === 'module'
    ? `modules/${place.name}/`
    : place.area === 'adapter'
      ? `supplier/${place.name}/`
      : place.area;

function layerAllows(from: Place, to: Place): boolean {
  switch (from.area) {
    case 'platform':
      return to.area === 'platform' || to.area === 'config';
    case 'supplier':
    case 'adapter':
      return ['supplier', 'adapter', 'platform', 'config'].includes(to.area);
    case 'module':
      return to.area !== 'root' && to.area !== 'tests';
    default:
      return true;
  }
}

function typescriptFiles(root: string, folder: string): string[] {
  const full = join(root, folder);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : typescriptFiles(root, path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * The imports of each file: relative ones resolved to paths under the root ('.js' names its '.ts'),
 * packages as `package:<name>`.
 */
export function importGraph(root: string, files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    // Imports, `export … from` and dynamic import(), comments and strings left aside.
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const targets = importedFiles.map(({ fileName: specifier }) => {
      if (!specifier.startsWith('.')) return `package:${specifier}`;
      const target = resolve(root, dirname(file), specifier.replace(/\.js$/, '.ts'));
      return relative(root, target).split(sep).join('/');
    });
    graph.set(file, targets);
  }
  return graph;
}

/** Groups of modules that depend on each other round a loop (Tarjan's strongly connected components). */
export function moduleCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

/** Every import of the server at `root` (apps/server, or a tree shaped like it) that breaks a rule. */
export function findBoundaryViolations(root: string): Violation[] {
  const files = ['src', 'test', 'bench'].flatMap((folder) => typescriptFiles(root, folder));
  const graph = importGraph(root, files);
  const violations: Violation[] = [];
  const dependsOn = new Map<string, Set<string>>();

  for (const [file, targets] of graph) {
    const from = placeOf(file);
    const production = !isTestCode(file);
    if (from.area === 'module' && !dependsOn.has(from.name)) dependsOn.set(from.name, new Set());
    for (const target of targets) {
      if (target.startsWith('package:')) continue;
      const to = placeOf(target);
      const insideAdapter = from.area === 'adapter' && to.area === 'adapter' && from.name === to.name;
      if (to.area === 'adapter' && !insideAdapter) {
        const namer = isTestCode(file) || from.area === 'root';
        if (!namer) {
          violations.push({
            rule: 'adapter',
            file,
            detail: `${target}: only the composition root (app.ts, main.ts, db/, cli/) and tests name an adapter; import supplier/port.ts`,
          });
        } else if (!ADAPTER_ENTRY.test(target)) {
          violations.push({
            rule: 'adapter',
            file,
            detail: `${target}: reach supplier/${to.name}/ through its index.ts${isTestCode(file) ? ', or move this test into it' : ''}`,
          });
        }
      }
      if (!production) continue;
      if (!layerAllows(from, to)) {
        violations.push({
          rule: 'layer',
          file,
          detail: `${target}: ${nameOf(from)} may not import ${nameOf(to)}`,
        });
      }
      const ownModule = from.area === 'module' && to.area === 'module' && from.name === to.name;
      if (to.area === 'module' && !ownModule && !MODULE_ENTRY.test(target)) {
        violations.push({
          rule: 'entry',
          file,
          detail: `${target}: reach modules/${to.name}/ through its index.ts (add what you need to it)`,
        });
      }
      if (ownModule && MODULE_ENTRY.test(target)) {
        violations.push({
          rule: 'entry',
          file,
          detail: `${target}: a module imports its own files, not its entry`,
        });
      }
      if (from.area === 'module' && to.area === 'module' && !ownModule)
        dependsOn.get(from.name)!.add(to.name);
    }
  }

  for (const cycle of moduleCycles(dependsOn)) {
    violations.push({
      rule: 'cycle',
      file: `src/modules/{${cycle.join(',')}}`,
      detail: 'these modules depend on each other',
    });
  }

  // A black-box suite drives a client harness, or stands on the contract alone; helpers count.
  const memo = new Map<string, { drives: boolean; touchesSrc: boolean }>();
  const judge = (file: string, path: Set<string>): { drives: boolean; touchesSrc: boolean } => {
    const known = memo.get(file);
    if (known) return known;
    const verdict = { drives: CLIENT_HARNESSES.includes(file), touchesSrc: false };
    path.add(file);
    for (const target of graph.get(file) ?? []) {
      if (CLIENT_HARNESSES.includes(target)) verdict.drives = true;
      else if (target.startsWith('src/')) verdict.touchesSrc = true;
      else if (target.startsWith('test/') && !path.has(target)) {
        const helper = judge(target, path);
        verdict.drives ||= helper.drives;
        verdict.touchesSrc ||= helper.touchesSrc;
      }
    }
    path.delete(file);
    memo.set(file, verdict);
    return verdict;
  };
  for (const file of graph.keys()) {
    const blackBox = file.startsWith('test/') && !/^test\/(structure|support)\//.test(file);
    if (!blackBox || !file.endsWith('.test.ts')) continue;
    const { drives, touchesSrc } = judge(file, new Set());
    if (!drives && touchesSrc) {
      violations.push({
        rule: 'placement',
        file,
        detail: 'drives neither the app nor a process: a test of one unit sits beside its code in src/',
      });
    }
  }
  return violations.sort((a, b) => a.file.localeCompare(b.file) || a.detail.localeCompare(b.detail));
}
