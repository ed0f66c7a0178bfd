import { LEDGER_KINDS, type LedgerKind, type Statement, type StatementOrder } from '@skydesk/contract';
import { clsx } from 'clsx';
import { type Download, FileSpreadsheet, FileText, RefreshCw, ScrollText } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDayWithYear } from '../../shared/format/date-time';
import { Alert } from '../../shared/ui/alert';
import { Button, buttonClasses } from '../../shared/ui/button';
import { SelectField } from '../../shared/ui/field';
import { Pager } from '../../shared/ui/pager';
import { StatementLines, type StatementLinks } from './statement-lines';
import {
  formatCredits,
  formatSignedCredits,
  LEDGER_KIND_LABELS,
  LEDGER_KIND_PLURALS,
  signedTone,
} from './statement-money';
import { type StatementRange, StatementRangePicker } from './statement-range';

/** An export of the statement: a plain link, or a handler (a file fetched with the user's token). */
export type StatementExport = { href: string } | { onDownload: () => void; busy?: boolean };

export type StatementViewProps = StatementLinks & {
  /** The page shown; undefined while it loads or when it failed. */
  statement: Statement | undefined;
  /** A request is under way (the first, or another page or range). */
  loading?: boolean;
  /** Why the statement could not be shown; the view offers `onRetry`. */
  error?: string | null | undefined;
  onRetry?: (() => void) | undefined;
  range: StatementRange;
  onRangeChange: (range: StatementRange) => void;
  /** Zero-based (docs/product-spec.md §9). */
  page: number;
  onPage: (page: number) => void;
  /** CSV and PDF of the whole range, when the viewer may have them. */
  exports?: { csv?: StatementExport | undefined; pdf?: StatementExport | undefined } | undefined;
  /** Something beside the exports, e.g. the low-balance setting. */
  aside?: ReactNode;
  /**
   * How the lines are read (issue 30): newest or oldest first, and only some kinds. Without it the
   * lines are oldest first, every kind, and no choice is offered.
   */
  lineView?: StatementLineView | undefined;
};

/** The order the lines are read in and the kind shown ('' every kind), and how the viewer changes them. */
export type StatementLineView = {
  order: StatementOrder;
  kind: LedgerKind | '';
  onChange: (next: { order: StatementOrder; kind: LedgerKind | '' }) => void;
};

/**
 * An agency's ledger statement (issue 12): for a range of days, the balance brought forward, every
 * line with what it was for and the balance after it, the balance carried forward and the range's
 * totals — figures an accountant reconciles to the cent. Presentational: the agency's screen and
 * the operator console each fetch the statement and say where a booking or a deposit opens.
 */
export function StatementView({
  statement,
  loading = false,
  error,
  onRetry,
  range,
  onRangeChange,
  page,
  onPage,
  exports,
  aside,
  lineView,
  bookingHref,
  depositHref,
}: StatementViewProps) {
  const newestFirst = lineView?.order === 'newest';
  // Lines of some kinds don't add up from one balance to the other: no balance rows between them.
  const oneKind = Boolean(lineView?.kind);
  const firstPage = page === 0;
  const lastPage = statement ? page + 1 >= statement.totalPages : false;
  return (
    <div className="space-y-4" aria-busy={loading || undefined}>
      <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 lg:flex-row lg:items-end lg:justify-between">
        <StatementRangePicker range={range} onChange={onRangeChange} />
        {exports && (exports.csv || exports.pdf) && (
          <fieldset
            className="grid min-w-0 grid-cols-2 gap-2 sm:flex sm:flex-wrap"
            aria-label="Download the statement"
          >
            {exports.csv && <ExportControl format="CSV" icon={FileSpreadsheet} action={exports.csv} />}
            {exports.pdf && <ExportControl format="PDF" icon={FileText} action={exports.pdf} />}
          </fieldset>
        )}
      </div>
      {aside}

      {error ? (
        <Alert tone="error" title={error} assertive>
          {onRetry && (
            <Button variant="secondary" className="mt-2" onClick={onRetry}>
              <RefreshCw aria-hidden="true" className="size-4" /> Try again
            </Button>
          )}
        </Alert>
      ) : !statement ? (
        <StatementSkeleton />
      ) : (
        <>
          <StatementSummary statement={statement} range={range} />
          <section
            aria-label="Statement lines"
            className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
          >
            {lineView && <LineViewControls view={lineView} />}
            {statement.total === 0 ? (
              <div className="flex flex-col items-center gap-2 p-8 text-center">
                <ScrollText aria-hidden="true" className="size-8 text-slate-300" />
                <p className="font-medium text-slate-900">
                  {oneKind
                    ? `No ${LEDGER_KIND_LABELS[lineView!.kind as LedgerKind].toLowerCase()} entries here`
                    : range.fromDate || range.toDate
                      ? 'No entries in these dates'
                      : 'No entries yet'}
                </p>
                <p className="max-w-sm text-slate-600 text-sm">
                  {oneKind
                    ? 'Choose every kind to see what else moved your credits.'
                    : range.fromDate || range.toDate
                      ? 'Nothing moved your credits in this period: the balance stayed as it was.'
                      : 'Deposits, tickets, refunds and adjustments will be listed here as they happen.'}
                </p>
              </div>
            ) : (
              <StatementLines
                entries={statement.entries}
                currency={statement.currency}
                newestFirst={newestFirst}
                opening={
                  !oneKind && (newestFirst ? lastPage : firstPage) ? statement.opening_balance : undefined
                }
                closing={
                  !oneKind && (newestFirst ? firstPage : lastPage) ? statement.closing_balance : undefined
                }
                bookingHref={bookingHref}
                depositHref={depositHref}
              />
            )}
          </section>
          {statement.total > 0 && (
            <Pager
              label="Statement pages"
              page={page}
              totalPages={statement.totalPages}
              total={statement.total}
              noun={statement.total === 1 ? 'line' : 'lines'}
              onPage={onPage}
            />
          )}
        </>
      )}
    </div>
  );
}

const periodOf = ({ fromDate, toDate }: StatementRange): string => {
  if (fromDate && toDate) return `${formatDayWithYear(fromDate)} – ${formatDayWithYear(toDate)}`;
  if (fromDate) return `From ${formatDayWithYear(fromDate)}`;
  if (toDate) return `Until ${formatDayWithYear(toDate)}`;
  return 'All dates';
};

/** The range's four figures: brought forward, credits, debits, carried forward. */
function StatementSummary({ statement, range }: { statement: Statement; range: StatementRange }) {
  const { currency } = statement;
  const figures: { label: string; value: string; tone: string; hint: string }[] = [
    {
      label: 'Opening balance',
      value: formatCredits(statement.opening_balance, currency),
      tone: statement.opening_balance < 0 ? 'text-rose-700' : 'text-slate-900',
      hint: 'Before the first line',
    },
    {
      label: 'Credits',
      value: formatSignedCredits(statement.total_credits, currency),
      tone: signedTone(statement.total_credits),
      hint: 'Deposits, refunds, voids',
    },
    {
      label: 'Debits',
      value: formatSignedCredits(statement.total_debits, currency),
      tone: signedTone(statement.total_debits),
      hint: 'Tickets and charges',
    },
    {
      label: 'Closing balance',
      value: formatCredits(statement.closing_balance, currency),
      tone: statement.closing_balance < 0 ? 'text-rose-700' : 'text-slate-900',
      hint: 'After the last line',
    },
  ];
  return (
    <section aria-label="Statement summary" className="space-y-2">
      <p className="text-slate-600 text-sm">
        <span className="font-medium text-slate-800">{periodOf(range)}</span> · {currency}
      </p>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map((figure) => (
          <div
            key={figure.label}
            className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
          >
            <dt className="font-medium text-slate-600 text-xs uppercase tracking-wide">{figure.label}</dt>
            <dd
              className={clsx(
                'mt-1 break-words font-semibold text-base tabular-nums sm:text-xl',
                figure.tone,
              )}
            >
              {figure.value}
            </dd>
            <dd className="text-slate-500 text-xs">{figure.hint}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ExportControl({
  format,
  icon: Icon,
  action,
}: {
  format: string;
  icon: typeof Download;
  action: StatementExport;
}) {
  const label = (
    <>
      <Icon aria-hidden="true" className="size-4" />
      <span>
        {/* A phone's narrow row keeps the format; the accessible name says it all. */}
        <span className="hidden sm:inline">Download </span>
        {format}
      </span>
    </>
  );
  if ('href' in action)
    return (
      <a href={action.href} download aria-label={`Download ${format}`} className={buttonClasses('secondary')}>
        {label}
      </a>
    );
  return (
    <Button
      variant="secondary"
      busy={action.busy}
      onClick={action.onDownload}
      aria-label={`Download ${format}`}
    >
      {label}
    </Button>
  );
}

function StatementSkeleton() {
  return (
    <div role="status" aria-label="Loading the statement" className="space-y-3">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-20 animate-pulse rounded-2xl bg-slate-200/70" />
        ))}
      </div>
      <div className="h-72 animate-pulse rounded-2xl bg-slate-200/70" />
    </div>
  );
}

/** Newest or oldest first, and one kind or every kind, above the lines. */
function LineViewControls({ view }: { view: StatementLineView }) {
  return (
    <div className="flex flex-wrap items-end gap-3 border-slate-200 border-b bg-slate-50/60 px-4 py-3">
      <SelectField
        label="Order"
        value={view.order}
        className="min-w-40 flex-1 sm:flex-none"
        onChange={(event) => view.onChange({ ...view, order: event.target.value as StatementOrder })}
      >
        <option value="newest">Newest first</option>
        <option value="oldest">Oldest first</option>
      </SelectField>
      <SelectField
        label="Kind"
        value={view.kind}
        className="min-w-40 flex-1 sm:flex-none"
        onChange={(event) => view.onChange({ ...view, kind: event.target.value as LedgerKind | '' })}
      >
        <option value="">Every kind</option>
        {LEDGER_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {LEDGER_KIND_PLURALS[kind]}
          </option>
        ))}
      </SelectField>
      {view.kind && (
        <p className="basis-full text-slate-500 text-xs">
          Each line keeps the balance after it; the opening and closing balances are the whole period&apos;s.
        </p>
      )}
    </div>
  );
}
