import { QUOTE_STATUSES, type QuoteListQuery, QuoteStatus, type QuoteSummary } from '@skydesk/contract';
import { FileText, Plus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../shared/access/dashboard-access';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { isApiFailure } from '../../../shared/http/api-error';
import { paths } from '../../../shared/routing/paths';
import { listParam, useListParams } from '../../../shared/routing/use-list-params';
import { buttonClasses } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { SelectField, TextField } from '../../../shared/ui/field';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { FilterActions } from '../../../shared/ui/list-filters';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Pager } from '../../../shared/ui/pager';
import { QUOTE_STATUS_LABELS, QuoteStatusBadge } from '../components/quote-status-badge';
import { validUntilText } from '../quote-format';
import { quoteDetailsPath } from '../quote-paths';
import { quotesApi } from '../quotes-api';

export const QUOTES_PAGE_SIZE = 20;

/** The status and search live in the address: a filtered list can be reloaded and shared. */
const QUOTE_FILTERS = {
  status: listParam.text({ valid: (value) => QuoteStatus.safeParse(value).success }),
  q: listParam.text({ valid: (value) => value.length <= 60 }),
};

/**
 * /dashboard/quotes (issue 33): the agency's quotes to its clients, newest first — client, route,
 * options, from-price, validity and where each stands (sent, viewed by the client, booked, expired,
 * withdrawn) — searched by client or reference, a page at a time.
 */
export function QuotesPage() {
  if (!useCan('bookings.create')) return <ForbiddenScreen permission="bookings.create" />;
  return <Quotes />;
}

function Quotes() {
  const list = useListParams(QUOTE_FILTERS);
  const [draft, setDraft] = useState(list.filters);
  const key = JSON.stringify(list.filters);
  useEffect(() => setDraft(JSON.parse(key) as typeof list.filters), [key]);
  const { status, q } = list.filters;
  const query: QuoteListQuery = {
    ...(status ? { status: status as QuoteStatus } : {}),
    ...(q ? { q } : {}),
    page: list.page,
    limit: QUOTES_PAGE_SIZE,
  };
  const { currentData: page, error, refetch } = quotesApi.useQuotesQuery({ query });
  const filtered = Boolean(status || q);

  if (isApiFailure(error) && error.status === 403) return <ForbiddenScreen permission="bookings.create" />;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    list.setFilters({ status: draft.status, q: draft.q.trim() });
  };

  return (
    <div className="mx-auto w-full max-w-5xl space-y-5">
      <search aria-label="Filter quotes">
        <form
          onSubmit={apply}
          noValidate
          className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 lg:grid-cols-[2fr_1fr_auto] lg:items-start"
        >
          <TextField
            label="Client or reference"
            className="col-span-2 lg:col-span-1"
            type="search"
            maxLength={60}
            value={draft.q}
            placeholder="e.g. Sara Khan or Q-7K3D9A"
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
          <SelectField
            label="Status"
            className="col-span-2 sm:col-span-1"
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value })}
          >
            <option value="">All statuses</option>
            {QUOTE_STATUSES.map((value) => (
              <option key={value} value={value}>
                {QUOTE_STATUS_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <FilterActions
            filtered={filtered}
            onReset={list.reset}
            className="col-span-2 flex gap-2 sm:col-span-1 sm:pt-6.5"
          />
        </form>
      </search>

      {error ? (
        <LoadFailed title="The quotes could not be loaded" onRetry={() => void refetch()} />
      ) : !page ? (
        <div role="status" aria-label="Loading quotes" className="space-y-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-20 animate-pulse rounded-2xl bg-slate-200/70" />
          ))}
        </div>
      ) : page.items.length === 0 ? (
        <EmptyState
          icon={FileText}
          title={filtered ? 'No quote matches these filters' : 'No quotes yet'}
          actions={
            filtered ? undefined : (
              <Link to={paths.dashboard.searchFlights} className={buttonClasses('primary')}>
                <Plus aria-hidden="true" className="size-4" /> Search flights to quote
              </Link>
            )
          }
        >
          {filtered
            ? 'Try another name or status.'
            : 'Pick up to five options from the results with “Add to quote”, then make the quote for your client.'}
        </EmptyState>
      ) : (
        <section aria-label="Quotes" className="space-y-3">
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            {page.items.map((quote) => (
              <QuoteRow key={quote.id} quote={quote} />
            ))}
          </ul>
          <Pager
            page={list.page}
            totalPages={page.totalPages}
            total={page.total}
            noun={page.total === 1 ? 'quote' : 'quotes'}
            onPage={list.setPage}
            label="Quote pages"
          />
        </section>
      )}
    </div>
  );
}

function QuoteRow({ quote }: { quote: QuoteSummary }) {
  return (
    <li aria-label={`Quote ${quote.reference}`} className="relative p-4 hover:bg-slate-50 sm:px-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 space-y-0.5">
          <p className="font-semibold text-slate-900">
            <Link
              to={quoteDetailsPath(quote.id)}
              className="after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              {quote.client.name}
            </Link>
            <span className="ml-2 font-mono font-normal text-slate-500 text-sm">{quote.reference}</span>
          </p>
          <p className="text-slate-700 text-sm">
            {quote.route} · {quote.option_count} option{quote.option_count === 1 ? '' : 's'} from{' '}
            <span className="font-medium tabular-nums">{formatMoney(quote.from)}</span>
          </p>
          <p className="text-slate-500 text-xs">
            Made {formatInstant(quote.created_at)} by {quote.created_by.name} · valid until{' '}
            {validUntilText(quote.valid_until)}
          </p>
        </div>
        <QuoteStatusBadge status={quote.status} />
      </div>
    </li>
  );
}
