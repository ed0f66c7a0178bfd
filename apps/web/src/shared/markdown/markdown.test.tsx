import { render, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';
import { type Inline, parseInline, parseMarkdown, safeHref } from './parse-markdown';

const show = (source: string, headingLevel?: 2 | 3 | 4) =>
  render(
    <MemoryRouter>
      <Markdown source={source} headingLevel={headingLevel} />
    </MemoryRouter>,
  );

/** The rendered body as HTML, and its elements, as a browser would read them back. */
function elementsOf(source: string) {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <Markdown source={source} />
    </MemoryRouter>,
  );
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return { html, elements: [...document.body.querySelectorAll('*')] };
}

describe('Markdown blocks', () => {
  it('makes paragraphs of text between blank lines, and a line break of a single newline', () => {
    const { container } = show('First line\nsecond line\n\nNext paragraph');
    const paragraphs = container.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]?.innerHTML).toBe('First line<br>second line');
    expect(paragraphs[1]).toHaveTextContent('Next paragraph');
  });

  it('reads Windows and old Mac line endings as newlines', () => {
    expect(parseMarkdown('a\r\nb\rc\r\n\r\nd')).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'a' },
          { type: 'break' },
          { type: 'text', text: 'b' },
          { type: 'break' },
          { type: 'text', text: 'c' },
        ],
      },
      { type: 'paragraph', children: [{ type: 'text', text: 'd' }] },
    ]);
  });

  it('makes bulleted lists of - and * lines, and numbered lists keeping their first number', () => {
    show('- Dubai\n* Doha\n\n3. Check in\n4. Board');
    const [bullets, numbered] = screen.getAllByRole('list');
    expect(
      within(bullets!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Dubai', 'Doha']);
    expect(numbered?.tagName).toBe('OL');
    expect(numbered).toHaveAttribute('start', '3');
    expect(within(numbered!).getAllByRole('listitem')).toHaveLength(2);
  });

  it('carries an indented line on the list item above it, and ends the list at a plain line', () => {
    expect(parseMarkdown('- one\n  still one\nafter')).toEqual([
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [[{ type: 'text', text: 'one' }, { type: 'break' }, { type: 'text', text: 'still one' }]],
      },
      { type: 'paragraph', children: [{ type: 'text', text: 'after' }] },
    ]);
  });

  it('starts a new list when bullets turn to numbers', () => {
    const blocks = parseMarkdown('- a\n1. b');
    expect(blocks.map((block) => block.type === 'list' && block.ordered)).toEqual([false, true]);
  });

  it('makes ## and ### headings, one level under the given one, and leaves # and #### as text', () => {
    show('## Fares\n### Economy\n# Not a heading\n#### Nor this', 3);
    expect(screen.getByRole('heading', { level: 3, name: 'Fares' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Economy' })).toBeInTheDocument();
    expect(screen.getByText(/# Not a heading/)).toBeInTheDocument();
    expect(screen.getByText(/#### Nor this/)).toBeInTheDocument();
    expect(screen.getAllByRole('heading')).toHaveLength(2);
  });
});

describe('Markdown inline formatting', () => {
  it('makes **bold**, *italic* and `code`, nested too', () => {
    const { container } = show('**Save *15%*** on `DXB-LHR` and *more **now***');
    expect(container.querySelector('strong')?.textContent).toBe('Save 15%');
    expect(container.querySelector('strong em')?.textContent).toBe('15%');
    expect(container.querySelector('code')?.textContent).toBe('DXB-LHR');
    expect(container.querySelector('p > em')?.textContent).toBe('more now');
  });

  it('leaves unmatched and spaced-out markers as they are', () => {
    expect(parseInline('2 * 3 * 4 and ** not bold ** and *open')).toEqual([
      { type: 'text', text: '2 * 3 * 4 and ** not bold ** and *open' },
    ]);
    expect(parseInline('a `lone backtick')).toEqual([{ type: 'text', text: 'a `lone backtick' }]);
  });

  it('writes out what a backslash escapes', () => {
    expect(parseInline('\\*not italic\\* \\[x\\](y)')).toEqual([
      { type: 'text', text: '*not italic* [x](y)' },
    ]);
  });

  it('does not format inside code', () => {
    expect(parseInline('`**raw** [a](https://x.example)`')).toEqual([
      { type: 'code', text: '**raw** [a](https://x.example)' },
    ]);
  });

  it('shows markup as the text it is', () => {
    const { container } = show('<script>alert(1)</script> <b onclick="x">b</b>');
    expect(container.querySelector('script, b')).toBeNull();
    expect(container).toHaveTextContent('<script>alert(1)</script> <b onclick="x">b</b>');
  });

  it('goes no deeper than a few levels of nesting, and writes the rest out', () => {
    const deep = `${'*a '.repeat(50)}x${' a*'.repeat(50)}`;
    const { container } = show(deep);
    expect(container.querySelectorAll('em').length).toBeLessThanOrEqual(6);
    expect(container.textContent).toContain('x');
  });
});

describe('Markdown links', () => {
  it('links to the web in a new tab that cannot reach back, and to mail in place', () => {
    show('[Fares](https://skydesk.example/fares) or [write](mailto:sales@skydesk.example)');
    const web = screen.getByRole('link', { name: 'Fares' });
    expect(web).toHaveAttribute('href', 'https://skydesk.example/fares');
    expect(web).toHaveAttribute('target', '_blank');
    expect(web).toHaveAttribute('rel', 'noopener noreferrer');
    const mail = screen.getByRole('link', { name: 'write' });
    expect(mail).toHaveAttribute('href', 'mailto:sales@skydesk.example');
    expect(mail).not.toHaveAttribute('target');
  });

  it('links to a page of the portal in place', () => {
    show('[Search **now**](/dashboard/search-flights?from=DXB)');
    const link = screen.getByRole('link', { name: 'Search now' });
    expect(link).toHaveAttribute('href', '/dashboard/search-flights?from=DXB');
    expect(link).not.toHaveAttribute('target');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/phish',
    '/\\evil.example',
    'ftp://files.example',
    'evil.example',
    'https:evil.example',
    'https:///evil.example',
    '',
  ])('writes the label of a link to %j as plain text', (url) => {
    const { container } = show(`Go [there](${url}) now`);
    expect(container.querySelector('a')).toBeNull();
    expect(container).toHaveTextContent('Go there now');
  });

  it('makes no link of a URL with white space in it', () => {
    const { container } = show('Go [there](java\tscript:alert(1)) now');
    expect(container.querySelector('a')).toBeNull();
    expect(container).toHaveTextContent('there');
  });

  it('takes parentheses inside a URL', () => {
    show('[Wiki](https://en.example/wiki/Dubai_(city))');
    expect(screen.getByRole('link', { name: 'Wiki' })).toHaveAttribute(
      'href',
      'https://en.example/wiki/Dubai_(city)',
    );
  });

  it('nests no link inside another', () => {
    const { container } = show('[outer [inner](https://a.example)](https://b.example)');
    expect(container.querySelectorAll('a a')).toHaveLength(0);
  });
});

describe('safeHref', () => {
  it('allows the web, mail and portal paths only', () => {
    expect(safeHref('https://a.example')).toBe('https://a.example');
    expect(safeHref('HTTP://a.example')).toBe('HTTP://a.example');
    expect(safeHref('mailto:a@b.example')).toBe('mailto:a@b.example');
    expect(safeHref('/dashboard')).toBe('/dashboard');
    expect(safeHref('/')).toBe('/');
    for (const url of ['javascript:x', 'data:x', '//a.example', '/\\a', 'https://a.example/\u200bx', ' /x'])
      expect(safeHref(url), url).toBeNull();
  });
});

/** Pieces that mean something to the parser, or to a browser, mixed with any text. */
const piece = fc.oneof(
  fc.constantFrom(
    '*',
    '**',
    '***',
    '`',
    '\\',
    '[',
    ']',
    '(',
    ')',
    '](',
    '\n',
    '\n\n',
    '  ',
    '\t',
    '- ',
    '* ',
    '1. ',
    '## ',
    '### ',
    '#',
    'javascript:alert(1)',
    'JaVaScRiPt:',
    'java\tscript:',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:',
    '//evil.example',
    '/\\evil.example',
    '/dashboard',
    'https://ok.example',
    'mailto:a@b.example',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">',
    '&lt;',
    '\u0000',
    '\u200b',
  ),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
);
const markdownish = fc.array(piece, { maxLength: 60 }).map((pieces) => pieces.join(''));

const ELEMENTS = new Set(['DIV', 'P', 'BR', 'UL', 'OL', 'LI', 'STRONG', 'EM', 'CODE', 'A', 'H3', 'H4']);
const ATTRIBUTES = new Set(['class', 'href', 'target', 'rel', 'start']);
/** How a browser reads a URL's scheme: white space and control characters dropped, any case. */
const schemeOf = (href: string) => href.replace(/[\s\p{Cc}\p{Cf}]/gu, '').toLowerCase();

describe('Markdown on any input (generated)', () => {
  it('never throws, and makes only its own elements and safe links', () => {
    fc.assert(
      fc.property(markdownish, (source) => {
        const { elements } = elementsOf(source);
        for (const element of elements) {
          expect(ELEMENTS, element.outerHTML).toContain(element.tagName);
          for (const attribute of element.getAttributeNames()) expect(ATTRIBUTES).toContain(attribute);
          if (element.tagName !== 'A') continue;
          const href = element.getAttribute('href') ?? '';
          expect(schemeOf(href)).not.toMatch(/^(javascript|data|vbscript):/);
          expect(href).toMatch(/^(https?:\/\/[^/\\]|mailto:[^/\\]|\/(?![/\\]))/i);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('keeps every letter and digit of the text (only the markers go)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('Fly', ' ', '*', '**', '`', '\n', '- ', '## ', 'DXB', '42'), {
          maxLength: 30,
        }),
        (pieces) => {
          const source = pieces.join('');
          const { html } = elementsOf(source);
          const document = new DOMParser().parseFromString(html, 'text/html');
          const words = (text: string) => text.replace(/[^A-Za-z0-9]/g, '');
          expect(words(document.body.textContent ?? '')).toBe(words(source));
        },
      ),
      { numRuns: 200 },
    );
  });

  // How fast these parse is a benchmark's (apps/web/bench/markdown.bench.ts, docs/benchmarks.md).
  it('reads a long body of lone markers as the text it is, each letter kept', () => {
    const letters = (inlines: Inline[]): string =>
      inlines
        .map((inline) =>
          inline.type === 'text' || inline.type === 'code'
            ? inline.text
            : inline.type === 'break'
              ? ''
              : letters(inline.children),
        )
        .join('')
        .replace(/[^a-z]/g, '');
    for (const source of [
      '[*`'.repeat(3_300),
      '*a '.repeat(3_300),
      '[a]('.repeat(2_500),
      '**a'.repeat(3_300),
    ]) {
      const [paragraph, ...rest] = parseMarkdown(source);
      expect(rest).toEqual([]);
      expect(paragraph?.type).toBe('paragraph');
      if (paragraph?.type !== 'paragraph') continue;
      expect(letters(paragraph.children)).toBe(source.replace(/[^a-z]/g, ''));
    }
    expect(parseInline('[a]('.repeat(3))).toEqual([{ type: 'text', text: '[a]('.repeat(3) }]);
    expect(parseInline('*a *a *a')).toEqual([{ type: 'text', text: '*a *a *a' }]);
    // A URL's parentheses still balance: the link ends at the `)` that closes it.
    expect(parseInline('[map](https://x.example/a_(b)) [c](x (y) z')).toEqual([
      { type: 'link', href: 'https://x.example/a_(b)', children: [{ type: 'text', text: 'map' }] },
      { type: 'text', text: ' [c](x (y) z' },
    ]);
  });
});
