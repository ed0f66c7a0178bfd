import { portalPath } from '../routing/portal-path';

/*
 * The limited Markdown of SkyDesk's announcements and offers (issue 14), read into a small tree
 * that markdown.tsx turns into React elements — never into HTML, so nothing an operator writes
 * can become markup, script or style. What it knows: paragraphs (a single newline is a line
 * break), `-`/`*` and `1.` lists, `##` and `###` headings, **bold**, *italic*, `code` and
 * [links](url) to the web, mail or the portal. Anything else is text, shown as written.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

export type Block =
  | { type: 'heading'; level: 2 | 3; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] };

const HEADING = /^ {0,3}(#{2,3})[ \t]+(\S.*)$/;
const BULLET = /^ {0,3}[-*][ \t]+(.*)$/;
const NUMBERED = /^ {0,3}(\d{1,9})[.)][ \t]+(.*)$/;
/** A line indented under a list item carries on that item. */
const CONTINUATION = /^(?: {2,}|\t)\s*\S/;

/** Bold inside italic inside a link…: deeper than this is written out as text (and no stack overflow). */
const MAX_DEPTH = 6;
/** The longest link URL read (browsers and servers refuse much longer ones anyway). */
const MAX_URL = 2_000;
/** What a backslash makes literal: `\*not italic\*`. */
const ESCAPABLE = new Set(['\\', '*', '_', '`', '[', ']', '(', ')', '#', '-', '.', '!']);

/** A link the reader may follow, or null: the web (http, https), mail, or a page of the portal. */
export function safeHref(url: string): string | null {
  // Browsers drop white space and control characters from URLs ("java\tscript:"): none is allowed.
  if (url === '' || /[\s\p{Cc}\p{Cf}]/u.test(url)) return null;
  if (/^https?:\/\/[^/\\]/i.test(url) || /^mailto:[^/\\]/i.test(url)) return url;
  return portalPath(url);
}

type ListBlock = Extract<Block, { type: 'list' }>;
type OpenList = { ordered: boolean; start: number; items: string[][] };

/** The blocks of a post's body, in order. */
export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  // Written inside the closures below: typed by assertion so TypeScript does not pin it to null.
  let list = null as OpenList | null;

  const closeParagraph = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', children: parseLines(paragraph) });
    paragraph = [];
  };
  const closeList = () => {
    if (list) blocks.push(finishList(list));
    list = null;
  };

  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      closeParagraph();
      closeList();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      closeParagraph();
      closeList();
      const level = heading[1]?.length === 2 ? 2 : 3;
      blocks.push({ type: 'heading', level, children: parseInline(heading[2]?.trim() ?? '') });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      closeParagraph();
      const ordered = numbered !== null;
      const text = (bullet ? bullet[1] : numbered?.[2]) ?? '';
      if (list && list.ordered === ordered) {
        list.items.push([text]);
      } else {
        closeList();
        list = { ordered, start: numbered ? Number(numbered[1]) : 1, items: [[text]] };
      }
      continue;
    }
    const lastItem = list?.items.at(-1);
    if (lastItem && CONTINUATION.test(line)) {
      lastItem.push(line.trim());
      continue;
    }
    closeList();
    paragraph.push(line.trim());
  }
  closeParagraph();
  closeList();
  return blocks;
}

function finishList(list: OpenList): ListBlock {
  return {
    type: 'list',
    ordered: list.ordered,
    start: list.start,
    items: list.items.map((lines) => parseLines(lines)),
  };
}

/** Lines of one paragraph or list item: a line break between each. */
const parseLines = (lines: string[]): Inline[] => parseInline(lines.join('\n'));

/** The inline formatting of one paragraph, heading or list item. */
export function parseInline(source: string): Inline[] {
  return new InlineReader(source).read(0, source.length, 0, false);
}

const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);

/**
 * Reads inline formatting left to right. Each opener looks for its closer; one without a closer is
 * text. Searches that found nothing are remembered, so a body full of lone `*` or `[` stays linear
 * rather than searching the rest of the text again at each one.
 */
class InlineReader {
  /** delimiter → the earliest position from which a search for it found nothing. */
  private readonly nothingFrom = new Map<string, number>();
  /**
   * `to` → the positions from which closingEmphasis, searching up to `to`, found no closer. Its
   * search is a walk whose next step depends only on where it stands, so a walk that reaches a
   * position known to lead nowhere stops there: `*a *a *a …` is one walk, not one per `*`.
   */
  private readonly noEmphasisFrom = new Map<number, Set<number>>();
  /** For urlEnd, built on its first call: see `parentheses()`. */
  private parens: { match: Int32Array; nextParen: Int32Array; nextSpace: Int32Array } | null = null;

  constructor(private readonly source: string) {}

  read(from: number, to: number, depth: number, inLink: boolean): Inline[] {
    const { source } = this;
    const out: Inline[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push({ type: 'text', text });
      text = '';
    };
    let i = from;
    while (i < to) {
      const char = source[i] as string;
      const next = source[i + 1];
      if (char === '\\' && i + 1 < to && next !== undefined && ESCAPABLE.has(next)) {
        text += next;
        i += 2;
        continue;
      }
      if (char === '\n') {
        flush();
        out.push({ type: 'break' });
        i += 1;
        continue;
      }
      if (char === '`') {
        const end = this.find('`', i + 1, to);
        if (end > i + 1 && !source.slice(i + 1, end).includes('\n')) {
          flush();
          out.push({ type: 'code', text: source.slice(i + 1, end) });
          i = end + 1;
          continue;
        }
      }
      if (depth < MAX_DEPTH) {
        if (char === '*' && next === '*' && !isSpace(source[i + 2])) {
          const end = this.closing(i + 2, to);
          if (end > i + 2) {
            flush();
            out.push({ type: 'strong', children: this.read(i + 2, end, depth + 1, inLink) });
            i = end + 2;
            continue;
          }
        } else if (char === '*' && next !== '*' && !isSpace(next)) {
          const end = this.closingEmphasis(i + 1, to);
          if (end > i + 1) {
            flush();
            out.push({ type: 'em', children: this.read(i + 1, end, depth + 1, inLink) });
            i = end + 1;
            continue;
          }
        }
        if (char === '[' && !inLink) {
          const link = this.link(i, to, depth);
          if (link) {
            flush();
            out.push(...link.nodes);
            i = link.end;
            continue;
          }
        }
      }
      text += char;
      i += 1;
    }
    flush();
    return out;
  }

  /** The next `delimiter` in [from, to), or -1. */
  private find(delimiter: string, from: number, to: number): number {
    const known = this.nothingFrom.get(delimiter);
    if (known !== undefined && from >= known) return -1;
    const at = this.source.indexOf(delimiter, from);
    if (at === -1) {
      this.nothingFrom.set(delimiter, Math.min(known ?? from, from));
      return -1;
    }
    return at + delimiter.length <= to ? at : -1;
  }

  /**
   * The `**` closing bold: not preceded by a space. Of a longer run of `*`, bold opened outside
   * italic takes the last two (the italic inside `**save *15%***` closes first) and bold inside
   * italic the first two (`*more **now***` closes the bold first).
   */
  private closing(from: number, to: number, outermost = true): number {
    const { source } = this;
    let at = this.find('**', from, to);
    while (at !== -1 && isSpace(source[at - 1])) at = this.find('**', at + 1, to);
    while (outermost && at !== -1 && source[at + 2] === '*' && at + 3 <= to) at += 1;
    return at;
  }

  /**
   * Where the URL of a link opening at `from` ends (its `)`), parentheses inside it balanced; or
   * -1. At most MAX_URL characters are looked at, so a body of unclosed `[a](` stays quick.
   */
  private urlEnd(from: number, to: number): number {
    const { match, nextParen, nextSpace } = this.parentheses();
    const limit = Math.min(to, from + MAX_URL + 1, nextSpace[from] as number);
    // The first `)` at depth 0: step from parenthesis to parenthesis, over each `(` to its match.
    let j = nextParen[from] as number;
    while (j < limit) {
      if (this.source[j] === ')') return j;
      const closed = match[j] as number;
      // A `(` never closed: the depth never comes back to 0 after it.
      if (closed === -1) return -1;
      j = nextParen[closed + 1] as number;
    }
    return -1;
  }

  /**
   * Once per body, so a body of unclosed `[a](` stays linear: each `(`'s matching `)` (the first
   * place after it where more close than open; -1 if none), and from each position the next
   * parenthesis and the next white space (the source's length if none).
   */
  private parentheses() {
    if (this.parens) return this.parens;
    const { source } = this;
    const length = source.length;
    const match = new Int32Array(length).fill(-1);
    const open: number[] = [];
    for (let j = 0; j < length; j += 1) {
      if (source[j] === '(') open.push(j);
      else if (source[j] === ')') {
        const opened = open.pop();
        if (opened !== undefined) match[opened] = j;
      }
    }
    const nextParen = new Int32Array(length + 1).fill(length);
    const nextSpace = new Int32Array(length + 1).fill(length);
    for (let j = length - 1; j >= 0; j -= 1) {
      const char = source[j] as string;
      nextParen[j] = char === '(' || char === ')' ? j : (nextParen[j + 1] as number);
      nextSpace[j] = /\s/.test(char) ? j : (nextSpace[j + 1] as number);
    }
    this.parens = { match, nextParen, nextSpace };
    return this.parens;
  }

  /** The single `*` closing italic, stepping over bold and code inside it. */
  private closingEmphasis(from: number, to: number): number {
    const { source } = this;
    let nowhere = this.noEmphasisFrom.get(to);
    if (!nowhere) {
      nowhere = new Set();
      this.noEmphasisFrom.set(to, nowhere);
    }
    const walked: number[] = [];
    const found = (): number => {
      let j = from;
      while (j < to) {
        if (nowhere.has(j)) return -1;
        walked.push(j);
        const at = this.find('*', j, to);
        if (at === -1) return -1;
        const code = this.find('`', j, at);
        if (code !== -1) {
          // A code span is taken whole; a lone backtick is only text.
          const codeEnd = this.find('`', code + 1, to);
          j = codeEnd === -1 ? code + 1 : codeEnd + 1;
          continue;
        }
        if (source[at + 1] === '*' && at + 1 < to) {
          const boldEnd = this.closing(at + 2, to, false);
          j = boldEnd === -1 ? at + 2 : boldEnd + 2;
          continue;
        }
        if (!isSpace(source[at - 1])) return at;
        j = at + 1;
      }
      return -1;
    };
    const at = found();
    if (at === -1) for (const position of walked) nowhere.add(position);
    return at;
  }

  /**
   * `[label](url)` from the `[` at `open`: a link when the URL is safe, else the label as text —
   * a forbidden link never becomes one, and the reader still sees what it said.
   */
  private link(open: number, to: number, depth: number): { nodes: Inline[]; end: number } | null {
    const { source } = this;
    const close = this.find(']', open + 1, to);
    if (close === -1 || source[close + 1] !== '(') return null;
    const urlEnd = this.urlEnd(close + 2, to);
    if (urlEnd === -1) return null;
    const label = source.slice(open + 1, close);
    if (label.trim() === '' || label.includes('\n')) return null;
    const children = this.read(open + 1, close, depth + 1, true);
    const href = safeHref(source.slice(close + 2, urlEnd));
    return { nodes: href ? [{ type: 'link', href, children }] : children, end: urlEnd + 1 };
  }
}
