import { FileSpreadsheet, type LucideIcon, Table2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../ui/button';
import { type ChartTable, tableCsv } from './chart-table';
import { ChartTableView } from './chart-table-view';
import { csvFileName, downloadCsv } from './csv';

export type ChartEmpty = { icon?: LucideIcon; title: string; hint: string };

type ChartCardProps = {
  title: string;
  /** One line under the title saying what is drawn; it describes the chart to a screen reader too. */
  description: string;
  /** What the picture shows, in words, for a screen reader only (totals, the largest item). */
  summary?: string;
  /** The numbers drawn, for the table view and the CSV. */
  table: ChartTable;
  /** The picture; none for a card that is a table only (the staff's figures). */
  plot?: ReactNode;
  /** Words for the file name after the title's ("2026-03-01", "to", "2026-03-30"). */
  fileNameParts?: string[];
  /** Shown in place of the chart when there is nothing to draw: what it is waiting for. */
  empty?: ChartEmpty | null;
  /** A long table scrolls inside the card. */
  scrollTable?: boolean;
  className?: string;
};

/**
 * A chart's frame (issue 15): its title and description, the picture — or, toggled, the same
 * numbers as a table — and an "Export CSV" of them. The picture is an image to assistive
 * technology, named and described; the table is its readable twin.
 */
export function ChartCard({
  title,
  description,
  summary,
  table,
  plot,
  fileNameParts = [],
  empty,
  scrollTable = false,
  className,
}: ChartCardProps) {
  const titleId = useId();
  const descriptionId = useId();
  const summaryId = useId();
  const describedBy = summary ? `${descriptionId} ${summaryId}` : descriptionId;
  const [showTable, setShowTable] = useState(false);
  const tableOnly = plot === undefined;
  return (
    <section
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className={`flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className ?? ''}`}
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold text-slate-900">
            {title}
          </h2>
          <p id={descriptionId} className="mt-0.5 text-slate-500 text-sm">
            {description}
          </p>
          {summary && (
            <p id={summaryId} className="sr-only">
              {summary}
            </p>
          )}
        </div>
        {!empty && (
          <div className="-mr-2 flex shrink-0 gap-1">
            {!tableOnly && (
              <Button
                variant="ghost"
                className="px-2.5"
                aria-pressed={showTable}
                onClick={() => setShowTable(!showTable)}
              >
                <Table2 aria-hidden="true" className="size-4" /> Table
              </Button>
            )}
            <Button
              variant="ghost"
              className="px-2.5"
              aria-label={`Export CSV: ${title}`}
              onClick={() => downloadCsv(csvFileName(title, ...fileNameParts), tableCsv(table))}
            >
              <FileSpreadsheet aria-hidden="true" className="size-4" />
              <span>
                <span className="hidden sm:inline">Export </span>CSV
              </span>
            </Button>
          </div>
        )}
      </div>
      {empty ? (
        <ChartEmptyState empty={empty} />
      ) : tableOnly || showTable ? (
        <ChartTableView table={table} caption={title} scroll={scrollTable} />
      ) : (
        // Clipped sideways: a hidden tooltip keeps the place it last had, and after the window
        // narrows (a phone turned, a desktop window resized) it widened the page past the screen.
        <div
          role="img"
          aria-labelledby={titleId}
          aria-describedby={describedBy}
          className="min-w-0 overflow-x-clip"
        >
          {plot}
        </div>
      )}
    </section>
  );
}

function ChartEmptyState({ empty: { icon: Icon, title, hint } }: { empty: ChartEmpty }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-1 px-4 py-8 text-center">
      {Icon && <Icon aria-hidden="true" className="mb-1 size-7 text-slate-300" />}
      <p className="font-medium text-slate-800 text-sm">{title}</p>
      <p className="max-w-xs text-slate-500 text-sm">{hint}</p>
    </div>
  );
}

/** Where a lazily loaded picture will be, the height it will have. */
export function PlotSkeleton({ height }: { height: number }) {
  return <div style={{ height }} className="w-full animate-pulse rounded-xl bg-slate-100" />;
}
