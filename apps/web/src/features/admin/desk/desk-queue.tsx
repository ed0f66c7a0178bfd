import type { ReactNode } from 'react';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Pager } from '../../../shared/ui/pager';
import { ListSkeleton } from '../components/list-states';

/** A page of a queue as the console's list calls answer it. */
type QueuePage = { total: number; totalPages: number };

type DeskQueueProps<P extends QueuePage, Item> = {
  /** The bar above the list: the state tabs, and the queue's other filters. */
  toolbar: ReactNode;
  /** The list call's answer (currentData: another page's items never show while these come). */
  answer: { currentData?: P | undefined; isError: boolean; refetch: () => unknown };
  items: (page: P) => Item[];
  /** "deposits", read in "Loading deposits" and "The deposits could not be loaded". */
  noun: string;
  /** What an empty page says (an EmptyState). */
  empty: ReactNode;
  /** The items, in a list or a table. */
  children: (items: Item[], page: P) => ReactNode;
  pager: { page: number; onPage: (page: number) => void; noun: (total: number) => string };
};

/**
 * The decision desks' queue (deposits, refunds, agency review): the states as tabs with the
 * queue's filters, then the items waiting (or decided), a page at a time — or why there are none,
 * or why they could not be read.
 */
export function DeskQueue<P extends QueuePage, Item>({
  toolbar,
  answer: { currentData, isError, refetch },
  items,
  noun,
  empty,
  children,
  pager,
}: DeskQueueProps<P, Item>) {
  const shown = currentData ? items(currentData) : [];
  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
        {toolbar}
      </div>
      {isError ? (
        <LoadFailed title={`The ${noun} could not be loaded`} onRetry={() => void refetch()} />
      ) : !currentData ? (
        <ListSkeleton label={`Loading ${noun}`} />
      ) : shown.length === 0 ? (
        empty
      ) : (
        <>
          {children(shown, currentData)}
          <Pager
            page={pager.page}
            totalPages={currentData.totalPages}
            total={currentData.total}
            noun={pager.noun(currentData.total)}
            onPage={pager.onPage}
          />
        </>
      )}
    </div>
  );
}
