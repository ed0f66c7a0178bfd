import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/*
 * The SPA's module boundaries (decision 010), checked by `npm run lint`. Three layers, each
 * importing only the ones below it:
 *
 *   src/app/          the shell and the router: may import anything;
 *   src/features/<f>/ a screen set: its own files, src/entities/, src/shared/ and packages
 *                     (@skydesk/contract, React, …) — never another feature, nor src/app/;
 *   src/entities/<e>/ a domain kit several features use (its API slice, state, components):
 *                     its own files, another entity, src/shared/ and packages — never a feature
 *                     nor src/app/. An entity may import another entity, and the slices'
 *                     import graph must have no cycle (below), so two entities never lean on
 *                     each other;
 *   src/shared/       what any feature may use whatever its domain (UI kit, HTTP and live data
 *                     access, formatting, routing, session, store hooks): only src/shared/ and
 *                     packages.
 *
 * Tests and test helpers (`*.test.ts(x)`, a `testing/` folder) may also use src/testing/, which
 * (like src/app/) may import anything.
 *
 * No import cycle, at two levels: between files (none at all, tests included), and between slices
 * — a feature, an entity, a shared segment (src/shared/<name>/), src/app/ — outside test code
 * (tests render the whole app on purpose). Type-only and lazy imports count: a cycle of types is
 * still two modules that cannot be understood one without the other.
 *
 * The session's permissions are read in one place, src/shared/access/ (useCan, useCanEach,
 * useMayOpen): a screen asks `useCan('payments.view')` rather than testing the list by hand, so
 * the question is asked one way everywhere and a change of how it is answered is made once. Any
 * other file naming the session's `selectPermissions` fails (tests aside).
 *
 * Biome's noRestrictedImports matches import strings, not the files they resolve to, so a rule
 * for relative imports at every depth ("../../flights/…", "../flights/…") could not be written
 * with it; this check resolves each import and judges the file it names.
 */

export type Violation = { file: string; specifier: string; target: string; rule: string };

/** A cycle, as a path that comes back to where it started: `[a, b, a]`. */
export type Cycle = { level: 'file' | 'slice'; path: string[] };

type Place =
  | { kind: 'feature'; name: string }
  | { kind: 'entity'; name: string }
  | { kind: 'shared' }
  | { kind: 'app' }
  | { kind: 'testing' }
  | { kind: 'other' };

const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
const RESOLVED_EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs', '/index.ts', '/index.tsx'];

function placeOf(srcDir: string, file: string): Place {
  const [top, name] = path.relative(srcDir, file).split(path.sep);
  if (top === 'features' && name) return { kind: 'feature', name };
  if (top === 'entities' && name) return { kind: 'entity', name };
  if (top === 'shared') return { kind: 'shared' };
  if (top === 'app') return { kind: 'app' };
  if (top === 'testing') return { kind: 'testing' };
  return { kind: 'other' };
}

/** Tests and test helpers may use src/testing (render the app, fake the API). */
const isTestCode = (file: string): boolean =>
  /\.test\.[cm]?[jt]sx?$/.test(file) || file.split(path.sep).includes('testing');

const RULES = {
  feature:
    'a feature imports only its own files, src/entities/, src/shared/ and packages (@skydesk/contract); move what features share to src/entities/ (a domain kit) or src/shared/ (anything else)',
  entity:
    'an entity imports only its own files, other entities, src/shared/ and packages, never a feature nor src/app/',
  shared: 'src/shared/ imports only src/shared/ and packages, never an entity, a feature nor src/app/',
};

/** Why an import from `from` of `to` breaks a boundary, or null when it is allowed. */
function brokenRule(srcDir: string, from: string, to: string): string | null {
  const source = placeOf(srcDir, from);
  const target = placeOf(srcDir, to);
  const testing = target.kind === 'testing' && isTestCode(from);
  if (testing || target.kind === 'shared') return null;
  if (source.kind === 'feature') {
    const own = target.kind === 'feature' && target.name === source.name;
    return own || target.kind === 'entity' ? null : RULES.feature;
  }
  if (source.kind === 'entity') return target.kind === 'entity' ? null : RULES.entity;
  if (source.kind === 'shared') return RULES.shared;
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Relative imports of a file: `import`, `export … from` and `import()`, comments and strings left aside. */
function relativeImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.map(({ fileName }) => fileName).filter((specifier) => specifier.startsWith('.'));
}

/** Every import under `srcDir` that crosses a boundary. */
export function findBoundaryViolations(srcDir: string): Violation[] {
  const root = path.resolve(srcDir);
  const violations: Violation[] = [];
  for (const file of sourceFiles(root)) {
    for (const specifier of relativeImports(file)) {
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

/** Where the session's permissions may be read: the slice that holds them and the hooks that ask. */
const PERMISSION_READERS = [
  path.join('shared', 'access') + path.sep,
  path.join('shared', 'session') + path.sep,
];

/** Every file under `srcDir` that reads the session's permissions instead of asking useCan. */
export function findPermissionReads(srcDir: string): Violation[] {
  const root = path.resolve(srcDir);
  return sourceFiles(root).flatMap((file) => {
    const relative = path.relative(root, file);
    if (isTestCode(relative) || PERMISSION_READERS.some((reader) => relative.startsWith(reader))) return [];
    const read = /import\s*(?:type\s*)?\{[^}]*\bselectPermissions\b[^}]*\}\s*from\s*['"]([^'"]+)['"]/.exec(
      readFileSync(file, 'utf8'),
    );
    if (!read) return [];
    const specifier = read[1]!;
    return [
      {
        file: relative,
        specifier,
        target: path.relative(root, path.resolve(path.dirname(file), specifier)),
        rule: "a screen asks useCan('…') or useCanEach() (src/shared/access/) whether the user holds a permission, never the session's selectPermissions",
      },
    ];
  });
}

/**
 * Dates and times are written for people in one place (docs/architecture.md §8): src/shared/format/
 * (and the countdown clock in src/shared/time/), on the contract's date-text. Elsewhere a screen
 * that formats a date itself — a locale's pattern, the browser's own zone, an ISO string cut to its
 * day — is the mixed clocks of issue 30 coming back. Two files work with a zone for what it is
 * rather than to write a date, and say so here.
 */
const DATE_FORMATTERS = [path.join('shared', 'format') + path.sep, path.join('shared', 'time') + path.sep];
const DATE_FORMATTING_ALLOWED: Record<string, string> = {
  [path.join('features', 'users', 'settings', 'time-zones.ts')]:
    "the time-zone picker's list: each zone's offset from UTC now",
  [path.join('features', 'admin', 'notices', 'local-date-time.ts')]:
    "a post's publishing time as the operator's datetime-local input holds it, in their own zone",
};
const DATE_FORMATTING =
  /new Intl\.DateTimeFormat|Intl\.RelativeTimeFormat|\.toLocale(?:Date|Time)String\(|\.to(?:Date|Time)String\(|\.toISOString\(\)\.slice\(|\.get(?:UTC)?(?:FullYear|Month|Date|Day|Hours|Minutes)\(\)/;

/** Every file under `srcDir` that formats a date or a time itself rather than through src/shared/format/. */
export function findDateFormatting(srcDir: string): Violation[] {
  const root = path.resolve(srcDir);
  return sourceFiles(root).flatMap((file) => {
    const relative = path.relative(root, file);
    if (isTestCode(relative) || DATE_FORMATTERS.some((place) => relative.startsWith(place))) return [];
    if (DATE_FORMATTING_ALLOWED[relative]) return [];
    const lines = readFileSync(file, 'utf8').split('\n');
    return lines.flatMap((line, index) => {
      const found = DATE_FORMATTING.exec(line);
      if (!found || /^\s*(\/\/|\*)/.test(line)) return [];
      return [
        {
          file: `${relative}:${index + 1}`,
          specifier: found[0],
          target: relative,
          rule: 'dates and times are written through src/shared/format/ (formatInstant, formatDay, formatTime, formatDuration…): one zone and one format everywhere (docs/architecture.md §8)',
        },
      ];
    });
  });
}

/** The file an import names (a stylesheet or an asset is not a module of the graph: null). */
function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const extension of RESOLVED_EXTENSIONS) {
    const candidate = base + extension;
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The slice a file belongs to: `features/<f>`, `entities/<e>`, `shared/<segment>`, `app`, or itself. */
function sliceOf(relativeFile: string): string {
  const [top, second, ...rest] = relativeFile.split(path.sep);
  if (top === 'app' || top === 'testing') return top;
  if ((top === 'features' || top === 'entities' || top === 'shared') && second && rest.length > 0)
    return `${top}/${second}`;
  return relativeFile;
}

type Graph = Map<string, Set<string>>;

/** The graph's strongly connected parts with more than one node, or a node importing itself (Tarjan). */
function cyclicParts(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1 || graph.get(node)?.has(node)) parts.push(part);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return parts;
}

/** One shortest way round a cyclic part, from its first node (in name order) back to it. */
function wayRound(graph: Graph, part: string[]): string[] {
  const members = new Set(part);
  const start = [...part].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const way = [node];
        while (way[0] !== start) way.unshift(cameFrom.get(way[0]!)!);
        return [...way, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

function addEdge(graph: Graph, from: string, to: string): void {
  if (!graph.has(from)) graph.set(from, new Set());
  if (!graph.has(to)) graph.set(to, new Set());
  graph.get(from)!.add(to);
}

/** Every import cycle under `srcDir`: between files, then between slices (test code left out). */
export function findImportCycles(srcDir: string): Cycle[] {
  const root = path.resolve(srcDir);
  const files: Graph = new Map();
  const slices: Graph = new Map();
  for (const file of sourceFiles(root)) {
    const from = path.relative(root, file);
    if (!files.has(from)) files.set(from, new Set());
    for (const specifier of relativeImports(file)) {
      const resolved = resolveImport(file, specifier);
      if (!resolved) continue;
      const to = path.relative(root, resolved);
      addEdge(files, from, to);
      if (isTestCode(from) || isTestCode(to)) continue;
      if (sliceOf(from) !== sliceOf(to)) addEdge(slices, sliceOf(from), sliceOf(to));
    }
  }
  return [
    ...cyclicParts(files).map((part): Cycle => ({ level: 'file', path: wayRound(files, part) })),
    ...cyclicParts(slices).map((part): Cycle => ({ level: 'slice', path: wayRound(slices, part) })),
  ];
}

const invokedDirectly =
  process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);

if (invokedDirectly) {
  const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
  const violations = [...findBoundaryViolations(srcDir), ...findPermissionReads(srcDir)];
  for (const { file, specifier, target, rule } of violations)
    console.error(`src/${file}: import '${specifier}' (src/${target}) — ${rule}`);
  const formatting = findDateFormatting(srcDir);
  for (const { file, specifier, rule } of formatting) console.error(`src/${file}: ${specifier} — ${rule}`);
  const cycles = findImportCycles(srcDir);
  for (const { level, path: way } of cycles)
    console.error(`import cycle between ${level}s: ${way.map((node) => `src/${node}`).join(' → ')}`);
  if (violations.length > 0 || cycles.length > 0 || formatting.length > 0) {
    console.error(
      `\n${violations.length} import(s) cross a module boundary, ${cycles.length} import cycle(s) (docs/decisions/010), ${formatting.length} date(s) formatted outside src/shared/format/.`,
    );
    process.exit(1);
  }
  console.log(
    'Module boundaries: features → entities → shared, each importing only itself and what is below it; no import cycle; permissions asked through useCan; dates written through src/shared/format/.',
  );
}
