import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiFailure } from '../../../shared/http/api-error';
import { buttonClasses } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { ListSkeleton } from '../components/list-states';

type DeskDetailProps<T> = {
  /** The item's call: its answer, or why there is none. */
  answer: { currentData?: T | undefined; error?: unknown; isError: boolean; refetch: () => unknown };
  /** The queue the item belongs to, linked above it and from "not found". */
  queue: { to: string; label: string };
  /** "deposit", "refund request", "agency": what is not found, loading or failing. */
  noun: string;
  icon: LucideIcon;
  /** What "not found" adds: "No deposit has this address." */
  notFound: string;
  skeletonRows?: number;
  children: (item: T) => ReactNode;
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One item of a decision desk: the way back to its queue, then the item — or, when its address
 * names none (404, or an id that is no id: 422), "not found" with the way to the queue; when it
 * could not be read, a retry.
 */
export function DeskDetail<T>({
  answer: { currentData: item, error, isError, refetch },
  queue,
  noun,
  icon,
  notFound,
  skeletonRows = 3,
  children,
}: DeskDetailProps<T>) {
  if (isError && isApiFailure(error) && (error.status === 404 || error.status === 422)) {
    return (
      <EmptyState
        icon={icon}
        title={`${capitalised(noun)} not found`}
        actions={
          <Link to={queue.to} className={buttonClasses('primary')}>
            {queue.label}
          </Link>
        }
      >
        {notFound}
      </EmptyState>
    );
  }
  if (isError) return <LoadFailed title={`The ${noun} could not be loaded`} onRetry={() => void refetch()} />;
  if (!item) return <ListSkeleton label={`Loading the ${noun}`} rows={skeletonRows} />;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      <Link
        to={queue.to}
        className="inline-flex items-center gap-1.5 font-medium text-indigo-700 text-sm hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> {queue.label}
      </Link>
      {children(item)}
    </div>
  );
}

type DeskSummaryProps = {
  titleId: string;
  title: ReactNode;
  /** The state's badge and what it says about time (waiting since, requested when). */
  status: ReactNode;
  /** Beside the title: the figure the decision is about (DeskFigure), or the item's figures. */
  aside?: ReactNode;
  /** Facts under the title, across the summary's width. */
  children?: ReactNode;
};

/** The item's summary at the top of its page: what it is, where it stands, and the figure at stake. */
export function DeskSummary({ titleId, title, status, aside, children }: DeskSummaryProps) {
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold text-slate-900 text-xl">
            {title}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-600 text-sm">{status}</p>
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** The figure a decision is about, boxed beside the summary's title: "Amount deposited". */
export function DeskFigure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-indigo-50 px-4 py-2 text-right ring-1 ring-indigo-100">
      <p className="text-indigo-900 text-xs">{label}</p>
      <p className="font-semibold text-indigo-950 text-xl tabular-nums">{children}</p>
    </div>
  );
}
