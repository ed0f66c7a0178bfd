import { clsx } from 'clsx';
import { Fragment, type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { type Block, type Inline, parseMarkdown } from './parse-markdown';

type HeadingLevel = 2 | 3 | 4;

type MarkdownProps = {
  /** The post's body, as the operator wrote it. */
  source: string;
  /**
   * The level a `##` heading takes on this page (`###` one deeper): under a post's own title
   * (an h3 on the announcement screen) its headings must not outrank it.
   */
  headingLevel?: HeadingLevel;
  className?: string;
};

/**
 * A post's limited Markdown as React elements (parse-markdown.ts): every piece of text is a
 * React text node, every element one of a fixed few, every link checked — no HTML string is
 * ever built, so nothing written in a post can run or style the page.
 */
export function Markdown({ source, headingLevel = 3, className }: MarkdownProps) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className={clsx('space-y-3 break-words text-slate-700 leading-relaxed', className)}>
      {keyed(blocks.map((block) => renderBlock(block, headingLevel)))}
    </div>
  );
}

/** Rendered pieces of a fixed text, in order: their place is the only key they have. */
const keyed = (nodes: ReactNode[]) =>
  // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move or reorder
  nodes.map((node, index) => <Fragment key={index}>{node}</Fragment>);

const HEADINGS = { 2: 'h2', 3: 'h3', 4: 'h4', 5: 'h5' } as const;

function renderBlock(block: Block, headingLevel: HeadingLevel): ReactNode {
  switch (block.type) {
    case 'heading': {
      const level = (headingLevel + block.level - 2) as keyof typeof HEADINGS;
      const Heading = HEADINGS[level];
      return (
        <Heading
          className={clsx('font-semibold text-slate-900', block.level === 2 ? 'text-base' : 'text-sm')}
        >
          {renderInlines(block.children)}
        </Heading>
      );
    }
    case 'paragraph':
      return <p>{renderInlines(block.children)}</p>;
    case 'list': {
      const items = block.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the items of one text never move or reorder
        <li key={index} className="pl-1">
          {renderInlines(item)}
        </li>
      ));
      return block.ordered ? (
        <ol start={block.start === 1 ? undefined : block.start} className="list-decimal space-y-1 pl-5">
          {items}
        </ol>
      ) : (
        <ul className="list-disc space-y-1 pl-5">{items}</ul>
      );
    }
  }
}

const renderInlines = (inlines: Inline[]): ReactNode => keyed(inlines.map(renderInline));

const linkClasses =
  'rounded-sm font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2';

function renderInline(inline: Inline): ReactNode {
  switch (inline.type) {
    case 'text':
      return inline.text;
    case 'break':
      return <br />;
    case 'strong':
      return <strong className="font-semibold text-slate-900">{renderInlines(inline.children)}</strong>;
    case 'em':
      return <em>{renderInlines(inline.children)}</em>;
    case 'code':
      return (
        <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
          {inline.text}
        </code>
      );
    case 'link':
      // A page of the portal opens in place; the web in a new tab that cannot reach back to this one.
      return inline.href.startsWith('/') ? (
        <Link to={inline.href} className={linkClasses}>
          {renderInlines(inline.children)}
        </Link>
      ) : (
        <a
          href={inline.href}
          className={linkClasses}
          {...(inline.href.toLowerCase().startsWith('mailto:')
            ? {}
            : { target: '_blank', rel: 'noopener noreferrer' })}
        >
          {renderInlines(inline.children)}
        </a>
      );
  }
}
