import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

type PagerProps = {
  /** Zero-based, as the API counts (docs/product-spec.md §9). */
  page: number;
  totalPages: number;
  total: number;
  /** What is counted, plural: "lines", "deposits". */
  noun: string;
  onPage: (page: number) => void;
  /** What the pages are of, for the landmark's name ("Statement pages"). */
  label?: string;
};

/** Previous and next under a list, with how much there is and where the user is in it. */
export function Pager({ page, totalPages, total, noun, onPage, label = 'Pages' }: PagerProps) {
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-3 text-slate-600 text-sm"
    >
      <p>
        {total.toLocaleString('en-GB')} {noun}
        {totalPages > 1 && (
          <>
            {' '}
            · page {page + 1} of {totalPages}
          </>
        )}
      </p>
      {totalPages > 1 && (
        <div className="flex gap-2">
          <Button variant="secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous
          </Button>
          <Button variant="secondary" disabled={page + 1 >= totalPages} onClick={() => onPage(page + 1)}>
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      )}
    </nav>
  );
}
