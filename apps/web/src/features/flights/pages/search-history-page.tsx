import {
  isCalendarDate,
  SEARCH_HISTORY_PAGE_SIZE,
  type SearchHistoryEntry,
  type SearchHistoryQuery,
  TRIP_TYPE_LABELS,
} from '@skydesk/contract';
import { History, RotateCw, Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { searchDraftSaved } from '../../../entities/flight-search/search-draft-slice';
import { resultsUrl } from '../../../entities/flight-search/search-url';
import { isForbidden } from '../../../shared/access/require-permission';
import { formatDay, formatInstant } from '../../../shared/format/date-time';
import { paths } from '../../../shared/routing/paths';
import { listParam, useListParams } from '../../../shared/routing/use-list-params';
import { useAppDispatch } from '../../../shared/store/hooks';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { TextField } from '../../../shared/ui/field';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { DayRangeFields, FilterActions } from '../../../shared/ui/list-filters';
import { Pager } from '../../../shared/ui/pager';
import { flightsApi } from '../flights-api';
import { searchAgain } from '../search-again';
import { cabinLabel, datesSummary, passengersSummary, routeSummary } from '../search-summary';

const AIRPORT_CODE = /^[A-Z]{3}$/;
const isAirportCode = (value: string) => AIRPORT_CODE.test(value);

/** The filters and page live in the address, so a filtered history can be reloaded, shared and gone back to. */
const HISTORY_FILTERS = {
  origin: listParam.text({ max: 3, valid: isAirportCode }),
  destination: listParam.text({ max: 3, valid: isAirportCode }),
  from: listParam.text({ valid: isCalendarDate }),
  to: listParam.text({ valid: isCalendarDate }),
};

type Filters = { origin: string; destination: string; from: string; to: string };
type FilterErrors = Partial<Record<keyof Filters, string>>;

function checkFilters(draft: Filters): FilterErrors {
  const errors: FilterErrors = {};
  if (draft.origin && !isAirportCode(draft.origin)) errors.origin = 'Enter a 3-letter airport code';
  if (draft.destination && !isAirportCode(draft.destination))
    errors.destination = 'Enter a 3-letter airport code';
  if (draft.from && draft.to && draft.to < draft.from) errors.to = 'The end is before the start';
  return errors;
}

/**
 * /dashboard/search-history (docs/product-spec.md §2): the agency's searches, newest first, a page
 * at a time from the server with how many there are (issue 30), filtered by route and by the day
 * searched; each one click to run again — from tomorrow when its dates have passed.
 */
export function SearchHistoryPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const list = useListParams(HISTORY_FILTERS);
  const applied = list.filters;
  const [draft, setDraft] = useState<Filters>(applied);
  const [errors, setErrors] = useState<FilterErrors>({});
  const key = JSON.stringify(applied);
  // The form follows the address when it changes from outside (back, a shared link).
  useEffect(() => {
    setDraft(JSON.parse(key) as Filters);
    setErrors({});
  }, [key]);

  const query: SearchHistoryQuery = {
    view: 'page',
    page: list.page,
    limit: SEARCH_HISTORY_PAGE_SIZE,
    ...(applied.origin ? { origin: applied.origin } : {}),
    ...(applied.destination ? { destination: applied.destination } : {}),
    ...(applied.from ? { from: applied.from } : {}),
    ...(applied.to ? { to: applied.to } : {}),
  };
  // currentData: another page's or filter's searches are not shown while these come.
  const { currentData: history, isError: failed, error } = flightsApi.useSearchHistoryQuery({ query });
  const filtered = Boolean(applied.origin || applied.destination || applied.from || applied.to);

  const runAgain = (entry: SearchHistoryEntry) => {
    const { draft: again } = searchAgain(entry);
    dispatch(searchDraftSaved(again));
    navigate(resultsUrl(again));
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = checkFilters(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) list.setFilters(draft);
  };
  const code = (value: string) =>
    value
      .toUpperCase()
      .replace(/[^A-Z]/g, '')
      .slice(0, 3);

  if (isForbidden(error)) return <ForbiddenScreen permission="history.view" />;

  return (
    <div className="mx-auto w-full max-w-5xl space-y-5">
      <search aria-label="Filter searches">
        <form
          onSubmit={apply}
          noValidate
          className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 lg:grid-cols-[1fr_1fr_1.3fr_1.3fr_auto] lg:items-start"
        >
          <TextField
            label="From airport"
            value={draft.origin}
            placeholder="LHR"
            autoCapitalize="characters"
            error={errors.origin}
            onChange={(event) => setDraft({ ...draft, origin: code(event.target.value) })}
          />
          <TextField
            label="To airport"
            value={draft.destination}
            placeholder="JFK"
            autoCapitalize="characters"
            error={errors.destination}
            onChange={(event) => setDraft({ ...draft, destination: code(event.target.value) })}
          />
          <DayRangeFields
            fromLabel="Searched from"
            toLabel="Searched to"
            range={draft}
            error={errors.to}
            onChange={(range) => setDraft({ ...draft, ...range })}
          />
          <FilterActions
            filtered={filtered}
            onReset={list.reset}
            className="col-span-2 flex gap-2 lg:col-span-1 lg:pt-6.5"
          />
        </form>
      </search>

      {failed ? (
        <Alert tone="error" title="Search history could not be loaded" />
      ) : !history ? (
        <div role="status" aria-label="Loading search history" className="space-y-2">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="h-20 animate-pulse rounded-2xl bg-slate-200/70" />
          ))}
        </div>
      ) : history.total === 0 ? (
        filtered ? (
          <EmptyState icon={History} title="No searches match">
            No search of your agency matches these filters.
          </EmptyState>
        ) : (
          <EmptyState
            icon={History}
            title="No searches yet"
            actions={
              <Link to={paths.dashboard.searchFlights} className={buttonClasses('primary')}>
                <Search aria-hidden="true" className="size-4" /> Search flights
              </Link>
            }
          >
            Searches made by anyone in your agency will be listed here.
          </EmptyState>
        )
      ) : (
        <section aria-labelledby="history-title" className="space-y-3">
          <h2 id="history-title" className="sr-only">
            Searches of your agency
          </h2>
          {history.searches.length > 0 ? (
            <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              {history.searches.map((entry) => (
                <HistoryRow key={entry.id} entry={entry} onSearchAgain={() => runAgain(entry)} />
              ))}
            </ul>
          ) : (
            <Alert tone="info" title="This page is past the last search">
              <Button variant="secondary" className="mt-2" onClick={() => list.setPage(0)}>
                First page
              </Button>
            </Alert>
          )}
          <Pager
            label="Search history pages"
            page={list.page}
            totalPages={history.totalPages}
            total={history.total}
            noun={history.total === 1 ? 'search' : 'searches'}
            onPage={list.setPage}
          />
        </section>
      )}
    </div>
  );
}

function HistoryRow({ entry, onSearchAgain }: { entry: SearchHistoryEntry; onSearchAgain: () => void }) {
  // Said before the click: a search whose dates have passed runs from tomorrow.
  const { movedTo } = searchAgain(entry);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:px-5">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{routeSummary(entry)}</span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-600 text-xs">
            {TRIP_TYPE_LABELS[entry.trip_type]}
          </span>
        </p>
        <p className="mt-0.5 text-slate-700 text-sm">
          {datesSummary(entry)} · {passengersSummary(entry)} · {cabinLabel(entry)}
        </p>
        <p className="mt-0.5 text-slate-500 text-xs">
          {entry.result_count} result{entry.result_count === 1 ? '' : 's'} · by {entry.user.name} ·{' '}
          <time dateTime={entry.created_at}>{formatInstant(entry.created_at)}</time>
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-stretch gap-1 sm:items-end">
        <Button
          variant="secondary"
          aria-label={`Search again ${routeSummary(entry)} ${datesSummary(entry)}`}
          aria-describedby={movedTo ? `moved-${entry.id}` : undefined}
          onClick={onSearchAgain}
        >
          <RotateCw aria-hidden="true" className="size-4" /> Search again
        </Button>
        {movedTo && (
          <p id={`moved-${entry.id}`} className="text-slate-500 text-xs sm:text-right">
            Dates passed: from {formatDay(movedTo)}
          </p>
        )}
      </div>
    </li>
  );
}
