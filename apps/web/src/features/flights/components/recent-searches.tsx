import { skipToken } from '@reduxjs/toolkit/query';
import type { SearchHistoryEntry } from '@skydesk/contract';
import { History } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useMayOpen } from '../../../shared/access/dashboard-access';
import { paths } from '../../../shared/routing/paths';
import { flightsApi } from '../flights-api';
import { datesSummary, passengersSummary, routeSummary } from '../search-summary';

/** How many different recent searches are offered. */
const RECENT_COUNT = 5;
/** How many of the latest searches are read to find them. */
const RECENT_READ = 30;

type RecentSearchesProps = { onPick: (entry: SearchHistoryEntry) => void };

/** The same search repeated is offered once. */
const identity = (entry: SearchHistoryEntry) =>
  JSON.stringify([
    entry.trip_type,
    entry.origin_destinations,
    entry.adult_quantity,
    entry.child_quantity,
    entry.infant_quantity,
    entry.cabin,
  ]);

/**
 * The agency's latest searches (docs/api.md `GET /api/searchhistory`), one click to fill the form.
 * A convenience: if the call fails (or the user may not view history) it is simply not shown.
 */
export function RecentSearches({ onPick }: RecentSearchesProps) {
  // Not asked of a role without history.view: it would only be refused.
  const canSeeHistory = useMayOpen(paths.dashboard.searchHistory);
  // Enough to find five different ones among repeats, not the whole history.
  const { data: history } = flightsApi.useRecentSearchesQuery(
    canSeeHistory ? { query: { limit: RECENT_READ } } : skipToken,
  );
  const entries = useMemo(() => {
    const seen = new Set<string>();
    return (history ?? [])
      .filter((entry) => {
        const key = identity(entry);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .slice(0, RECENT_COUNT);
  }, [history]);

  if (entries.length === 0) return null;
  return (
    <section
      aria-labelledby="recent-searches-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-center justify-between gap-3">
        <h2
          id="recent-searches-title"
          className="flex items-center gap-2 font-semibold text-slate-900 text-sm"
        >
          <History aria-hidden="true" className="size-4 text-slate-500" />
          Recent searches
        </h2>
        <Link
          to={paths.dashboard.searchHistory}
          className="font-medium text-indigo-700 text-xs hover:underline"
        >
          All searches
        </Link>
      </div>
      <ul className="mt-3 space-y-2">
        {entries.map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              onClick={() => onPick(entry)}
              className="w-full rounded-xl border border-slate-200 px-3 py-2 text-left transition-colors hover:border-indigo-300 hover:bg-indigo-50/50 focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              <span className="block font-medium text-slate-900 text-sm">{routeSummary(entry)}</span>
              <span className="block text-slate-500 text-xs">
                {datesSummary(entry)} · {passengersSummary(entry)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
