import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/*
 * The operator console (issue 11) is loaded on demand: none of its code may be in what an agency's
 * browser loads at start — the entry chunk and every chunk it imports statically (the chunks a
 * route loads later are dynamic imports, left out). Checked on every build, which fails naming
 * the module and the chunk when console code slips into the start-up bundle.
 */

/** What is the console's code: its screens, its frame, its session, its contract. */
const CONSOLE_CODE: { pattern: RegExp; what: string }[] = [
  { pattern: /\/apps\/web\/src\/features\/admin\//, what: 'a console screen' },
  // The route table's entry for /admin is pointers to lazy chunks, nothing more.
  { pattern: /\/apps\/web\/src\/app\/admin\/(?!admin-routes\.tsx$)/, what: "the console's frame" },
  { pattern: /\/apps\/web\/src\/shared\/operator-session\//, what: "the operator's session" },
  { pattern: /\/packages\/contract\/src\/admin[\w-]*\.ts$/, what: "the back office's contract" },
  // Issue 15: the charts (shared/charts) load recharts with the first chart drawn, never at start.
  { pattern: /\/node_modules\/(recharts|victory-vendor|d3-[\w-]+)\//, what: 'the charts library' },
];

export type ConsoleCodeAtStartUp = { chunk: string; module: string; what: string };

const isChunk = (output: OutputBundle[string]): output is OutputChunk => output.type === 'chunk';

/** The chunks a first visit loads: every entry chunk and, transitively, what each imports statically. */
export function startUpChunks(bundle: OutputBundle): OutputChunk[] {
  const seen = new Set<string>();
  const queue = Object.values(bundle)
    .filter(isChunk)
    .filter((chunk) => chunk.isEntry)
    .map((chunk) => chunk.fileName);
  const chunks: OutputChunk[] = [];
  while (queue.length > 0) {
    const fileName = queue.shift() as string;
    if (seen.has(fileName)) continue;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (!chunk || !isChunk(chunk)) continue;
    chunks.push(chunk);
    queue.push(...chunk.imports);
  }
  return chunks;
}

/** Every module of the console's code with code left in a start-up chunk (tree-shaken ones don't count). */
export function findConsoleCodeAtStartUp(bundle: OutputBundle): ConsoleCodeAtStartUp[] {
  return startUpChunks(bundle).flatMap((chunk) =>
    Object.entries(chunk.modules).flatMap(([id, module]) => {
      if (module.renderedLength === 0) return [];
      const file = id.split(path.sep).join('/').replace(/\?.*$/, '');
      const match = CONSOLE_CODE.find(({ pattern }) => pattern.test(file));
      return match ? [{ chunk: chunk.fileName, module: file, what: match.what }] : [];
    }),
  );
}

/** The build check: fails `vite build` when the agency's start-up bundle holds console code. */
export function startUpBundleGuard(): Plugin {
  return {
    name: 'skydesk:start-up-bundle-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const found = findConsoleCodeAtStartUp(bundle);
      if (found.length === 0) return;
      const lines = found.map(({ chunk, module, what }) => `  ${module} (${what}) in ${chunk}`);
      this.error(
        `The operator console's code or the charts library is in the agency's start-up bundle; load it on demand (app/admin/admin-routes.tsx, shared/charts' lazy plots):\n${lines.join('\n')}`,
      );
    },
  };
}
