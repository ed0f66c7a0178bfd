import { type SearchHistoryEntry, TRIP_TYPE_LABELS } from '@skydesk/contract';
import { RotateCw, Search } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { searchDraftSaved } from '../../../entities/flight-search/search-draft-slice';
import { draftFromSearch } from '../../../entities/flight-search/search-form';
import { resultsUrl } from '../../../entities/flight-search/search-url';
import { isForbidden } from '../../../shared/access/require-permission';
import { formatInstant } from '../../../shared/format/date-time';
import { paths } from '../../../shared/routing/paths';
import { useAppDispatch } from '../../../shared/store/hooks';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { flightsApi } from '../flights-api';
import { cabinLabel, datesSummary, passengersSummary, routeSummary } from '../search-summary';

/** /dashboard/search-history (docs/product-spec.md §2): the agency's searches, newest first, each one click to run again. */
export function SearchHistoryPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: entries, isError: failed, error } = flightsApi.useSearchHistoryQuery();

  const searchAgain = (entry: SearchHistoryEntry) => {
    const draft = draftFromSearch(entry);
    dispatch(searchDraftSaved(draft));
    navigate(resultsUrl(draft));
  };

  if (isForbidden(error)) return <ForbiddenScreen permission="history.view" />;
  if (failed)
    return <Alert tone="error" title="Search history could not be loaded" className="mx-auto max-w-3xl" />;
  if (!entries)
    return (
      <div role="status" aria-label="Loading search history" className="mx-auto max-w-5xl space-y-2">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="h-20 animate-pulse rounded-2xl bg-slate-200/70" />
        ))}
      </div>
    );
  if (entries.length === 0)
    return (
      <section className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h2 className="font-semibold text-lg text-slate-900">No searches yet</h2>
        <p className="mt-1 text-slate-600 text-sm">
          Searches made by anyone in your agency will be listed here.
        </p>
        <Link to={paths.dashboard.searchFlights} className={buttonClasses('primary', 'mt-5')}>
          <Search aria-hidden="true" className="size-4" /> Search flights
        </Link>
      </section>
    );

  return (
    <section aria-labelledby="history-title" className="mx-auto w-full max-w-5xl">
      <h2 id="history-title" className="sr-only">
        Searches of your agency
      </h2>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {entries.map((entry) => (
          <li
            key={entry.id}
            className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:px-5"
          >
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
            <Button
              variant="secondary"
              className="shrink-0"
              aria-label={`Search again ${routeSummary(entry)} ${datesSummary(entry)}`}
              onClick={() => searchAgain(entry)}
            >
              <RotateCw aria-hidden="true" className="size-4" /> Search again
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
