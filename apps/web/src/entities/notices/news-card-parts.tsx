import type { LucideIcon } from 'lucide-react';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Markdown } from '../../shared/markdown/markdown';
import { paths } from '../../shared/routing/paths';

/** The way from a home card to the announcement screen. */
export function ToAnnouncements({ children }: { children: ReactNode }) {
  return (
    <Link
      to={paths.dashboard.announcement}
      className="inline-flex items-center gap-1 rounded font-medium text-indigo-700 text-sm hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2"
    >
      {children}
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}

/** Grey blocks where the post will be, read out as loading. */
export function NewsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-2">
      <div className="h-5 w-2/3 animate-pulse rounded bg-slate-200/70" />
      <div className="h-3 w-1/3 animate-pulse rounded bg-slate-200/70" />
      <div className="h-16 animate-pulse rounded-lg bg-slate-200/70" />
    </div>
  );
}

/** A home card with nothing to show: says so, and what will come here. */
export function NewsEmpty({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-3 rounded-xl bg-slate-50 p-4">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400" />
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">{title}</p>
        <p className="mt-0.5 text-slate-600 leading-relaxed">{children}</p>
      </div>
    </div>
  );
}

/** Past this length a body is cut short on a card, fading out, with the screen for the rest. */
const LONG_BODY = 240;

/** The start of a post's body on a home card. */
export function BodyPreview({ source }: { source: string }) {
  const long = source.length > LONG_BODY;
  return (
    <div className={long ? 'relative max-h-32 overflow-hidden' : undefined}>
      <Markdown source={source} headingLevel={4} className="text-sm" />
      {long && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 bottom-0 h-10 bg-gradient-to-t from-white"
        />
      )}
    </div>
  );
}
