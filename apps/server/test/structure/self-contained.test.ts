import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone (issue 17): its README, docs and comments cite docs/ — never the
 * design, API and specification documents it was once written beside, which a clone does not have.
 * Two kinds of reference give that away:
 * - a relative path that climbs out of the repository (`../shared/…` from the root), whereas the
 *   SPA's `../shared/ui/button` imports stay inside it and are fine;
 * - a citation of those documents by name: DESIGN, API or STYLE `.md`, the portal spec's file name,
 *   or "spec §N" (the specification is now docs/product-spec.md).
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SELF = relative(ROOT, fileURLToPath(import.meta.url));

const MAX_SCANNED_BYTES = 2 * 1024 * 1024;

// Built from parts so this file does not cite what it forbids.
const OUTSIDE_DOCUMENT = new RegExp(
  [String.raw`\b(?:DESIGN|API|STYLE)\.md\b`, String.raw`portal-spec\.md`, String.raw`(?<![\w-])spec §`].join(
    '|',
  ),
);
const CLIMBING_PATH = /(?:\.\.\/)+shared\/[\w./-]*/g;

/** The repository's files as git sees them: tracked, and new ones not ignored. */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\0').filter(Boolean))].filter(
    (file) => !file.split('/').includes('node_modules'),
  );
}

/** `file:line: text` for each line citing a document outside the repository. */
export function outsideReferences(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    const climbsOut = [...line.matchAll(CLIMBING_PATH)].some((match) => {
      const fromRoot = relative(ROOT, resolve(ROOT, dirname(file), match[0]));
      return fromRoot.startsWith('..') || isAbsolute(fromRoot);
    });
    if (climbsOut || OUTSIDE_DOCUMENT.test(line))
      found.push(`${file}:${index + 1}: ${line.trim().slice(0, 160)}`);
  });
  return found;
}

/** GitHub's anchor of each heading of a markdown text (code blocks left out; repeats get -1, -2…). */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutCodeBlocks(markdown).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const slug = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const withoutCodeBlocks = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** `file: link` for each relative link of a markdown file that leads to no file or no heading. */
function brokenLinks(file: string, read: (path: string) => string | undefined): string[] {
  const text = read(file);
  if (text === undefined) return [];
  const broken: string[] = [];
  for (const [, link] of withoutCodeBlocks(text).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(link!)) continue; // https:, mailto:
    const [path, anchor] = link!.split('#') as [string, string | undefined];
    const target = path ? join(dirname(file), path) : file;
    const targetText = read(target);
    const isFolder = path.endsWith('/');
    if (targetText === undefined && !isFolder) broken.push(`${file}: ${link} (no such file)`);
    else if (anchor && targetText !== undefined && !headingAnchors(targetText).has(anchor)) {
      broken.push(`${file}: ${link} (no such heading)`);
    }
  }
  return broken;
}

describe('the repository stands alone', () => {
  it('cites docs/, not documents outside the repository', () => {
    const offenders = repositoryFiles()
      .filter((file) => file !== SELF)
      .flatMap((file) => {
        let text: string;
        try {
          // Sources and docs are small; a large file is data or a heap snapshot left behind.
          if (statSync(join(ROOT, file)).size > MAX_SCANNED_BYTES) return [];
          text = readFileSync(join(ROOT, file), 'utf8');
        } catch {
          return []; // listed by git but deleted in the working tree
        }
        return text.includes('\0') ? [] : outsideReferences(file, text);
      });
    expect(
      offenders,
      'cite docs/architecture.md, docs/api.md, docs/booking-and-money.md or docs/product-spec.md',
    ).toEqual([]);
  });

  it('tells a path out of the repository and a cited outside document from what stays inside', () => {
    expect(outsideReferences('README.md', 'read `../shared/DESIGN.md`')).toHaveLength(1);
    expect(
      outsideReferences('apps/web/src/app/x.tsx', "import { Button } from '../shared/ui/button';"),
    ).toEqual([]);
    expect(
      outsideReferences('apps/web/src/app/x.tsx', "import { x } from '../../../../../shared/ui/button';"),
    ).toHaveLength(1);
    expect(outsideReferences('a.ts', `// ${'DESIGN'}.md §6: the session's company`)).toHaveLength(1);
    expect(outsideReferences('a.ts', `// ${'API'}.md "Bookings"`)).toHaveLength(1);
    expect(outsideReferences('a.ts', `// ${'spec'} §9: 60 s before expiry`)).toHaveLength(1);
    expect(outsideReferences('a.ts', '// docs/product-spec.md §9: 60 s before expiry')).toEqual([]);
    expect(outsideReferences('a.ts', '// docs/api.md#bookings, docs/architecture.md §6')).toEqual([]);
  });
  it("keeps the docs' links to files and headings whole", () => {
    const read = (path: string) => {
      try {
        return readFileSync(join(ROOT, path), 'utf8');
      } catch {
        return undefined;
      }
    };
    const documents = repositoryFiles().filter(
      (file) => file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md')),
    );
    expect(documents).toContain('docs/README.md');
    expect(documents.flatMap((file) => brokenLinks(file, read))).toEqual([]);
  });

  it('finds the anchor of a heading as GitHub makes it, and a broken link', () => {
    const anchors = headingAnchors(
      '# Title\n## 5. Lifecycles\n```\n# not a heading\n```\n## Back office: sign-in\n## Back office: sign-in',
    );
    expect([...anchors]).toEqual(['title', '5-lifecycles', 'back-office-sign-in', 'back-office-sign-in-1']);
    const files: Record<string, string> = {
      'docs/a.md': '[b](b.md#two) [c](c.md) [self](#title)\n# Title',
      'docs/b.md': '# One',
    };
    expect(brokenLinks('docs/a.md', (path) => files[path])).toEqual([
      'docs/a.md: b.md#two (no such heading)',
      'docs/a.md: c.md (no such file)',
    ]);
  });
});
