import * as Dialog from '@radix-ui/react-dialog';
import type { PricedItinerary } from '@skydesk/contract';
import { clsx } from 'clsx';
import { SlidersHorizontal, X } from 'lucide-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Button } from '../../../shared/ui/button';
import {
  activeFilterCount,
  airlineCounts,
  applyFilters,
  noFilters,
  priceBounds,
  type ResultFacts,
  type ResultFilters,
  SORT_OPTIONS,
  type SortKey,
  type StopOption,
  sortSummaries,
  summarise,
} from '../result-filters';
import { ItineraryCard } from './itinerary-card';
import { ResultFiltersPanel } from './result-filters-panel';

/** Results shown at first and added by each "Show more" (every result stays filterable). */
export const PAGE_SIZE = 30;

type ResultsViewProps = {
  itineraries: PricedItinerary[];
  travellers: number;
  /** The itinerary in the brand the agent picked (its cheapest, or one of its fare families). */
  onSelect: (itinerary: PricedItinerary) => void;
};

/** A one-way answer: every itinerary as a card with its brands. */
export function ResultsView({ itineraries, travellers, onSelect }: ResultsViewProps) {
  const summaries = useMemo(() => itineraries.map(summarise), [itineraries]);
  return (
    <FilteredResults
      summaries={summaries}
      noun="flight"
      renderResult={(summary) => (
        <ItineraryCard itinerary={summary.itinerary} travellers={travellers} onSelect={onSelect} />
      )}
    />
  );
}

type FilteredResultsProps<S extends ResultFacts> = {
  summaries: S[];
  /** What a result is called in the count: 'flight', 'outbound flight'. */
  noun: string;
  renderResult: (summary: S) => ReactNode;
};

/**
 * Results with their filters and sorts (a flat answer's itineraries, or one leg's options of a
 * grouped answer), filtered and sorted on the client at once, shown 30 at a time.
 */
export function FilteredResults<S extends ResultFacts>({
  summaries,
  noun,
  renderResult,
}: FilteredResultsProps<S>) {
  const [filters, setFiltersState] = useState<ResultFilters>(noFilters);
  const [sort, setSortState] = useState<SortKey>('best');
  const [shown, setShown] = useState(PAGE_SIZE);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const airlines = useMemo(() => airlineCounts(summaries), [summaries]);
  const bounds = useMemo(() => priceBounds(summaries), [summaries]);
  const stopCounts = useMemo(() => {
    const counts: Record<StopOption, number> = { 0: 0, 1: 0, 2: 0 };
    for (const s of summaries) counts[s.stops >= 2 ? 2 : (s.stops as 0 | 1)] += 1;
    return counts;
  }, [summaries]);
  const filtered = useMemo(() => applyFilters(summaries, filters), [summaries, filters]);
  const sorted = useMemo(() => sortSummaries(filtered, sort), [filtered, sort]);

  const setFilters = useCallback((next: ResultFilters) => {
    setFiltersState(next);
    setShown(PAGE_SIZE);
  }, []);
  const setSort = (next: SortKey) => {
    setSortState(next);
    setShown(PAGE_SIZE);
  };
  const active = activeFilterCount(filters);
  const currency = summaries[0]?.currency ?? 'USD';
  const panel = (
    <ResultFiltersPanel
      filters={filters}
      onChange={setFilters}
      airlines={airlines}
      stopCounts={stopCounts}
      bounds={bounds}
      currency={currency}
    />
  );

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[16rem_1fr]">
      <aside
        aria-labelledby="filters-title"
        className="hidden rounded-2xl border border-slate-200 bg-white p-4 shadow-sm lg:sticky lg:top-4 lg:block"
      >
        <div className="mb-4 flex items-center justify-between">
          <h2 id="filters-title" className="font-semibold text-slate-900">
            Filters
          </h2>
          {active > 0 && (
            <button
              type="button"
              onClick={() => setFilters(noFilters)}
              className="font-medium text-indigo-700 text-xs hover:underline"
            >
              Clear all
            </button>
          )}
        </div>
        {panel}
      </aside>

      <section aria-labelledby="results-title" className="min-w-0 space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="results-title" className="font-semibold text-slate-900" aria-live="polite">
            {sorted.length === summaries.length
              ? `${summaries.length} ${noun}${summaries.length === 1 ? '' : 's'}`
              : `${sorted.length} of ${summaries.length} ${noun}s`}
          </h2>
          <div className="flex items-center gap-2">
            <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
              <Dialog.Trigger asChild>
                <Button variant="secondary" className="lg:hidden">
                  <SlidersHorizontal aria-hidden="true" className="size-4" />
                  Filters{active > 0 ? ` (${active})` : ''}
                </Button>
              </Dialog.Trigger>
              <Dialog.Portal>
                <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
                <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col bg-white shadow-xl focus:outline-none">
                  <div className="flex items-center justify-between border-slate-200 border-b px-4 py-3">
                    <Dialog.Title className="font-semibold text-slate-900">Filters</Dialog.Title>
                    <Dialog.Close asChild>
                      <button
                        type="button"
                        aria-label="Close filters"
                        className="rounded-lg p-2 text-slate-500 hover:bg-slate-100"
                      >
                        <X aria-hidden="true" className="size-5" />
                      </button>
                    </Dialog.Close>
                  </div>
                  <Dialog.Description className="sr-only">
                    Narrow the results; they update as you choose.
                  </Dialog.Description>
                  <div className="flex-1 overflow-y-auto p-4">{panel}</div>
                  <div className="flex gap-3 border-slate-200 border-t p-4">
                    <Button
                      variant="secondary"
                      className="flex-1"
                      onClick={() => setFilters(noFilters)}
                      disabled={active === 0}
                    >
                      Clear all
                    </Button>
                    <Dialog.Close asChild>
                      <Button className="flex-1">
                        Show {sorted.length} {noun}
                        {sorted.length === 1 ? '' : 's'}
                      </Button>
                    </Dialog.Close>
                  </div>
                </Dialog.Content>
              </Dialog.Portal>
            </Dialog.Root>
          </div>
        </div>
        <fieldset>
          <legend className="sr-only">Sort by</legend>
          <div className="grid grid-cols-4 gap-1 rounded-xl bg-slate-100 p-1">
            {SORT_OPTIONS.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={sort === option.value}
                title={option.hint}
                onClick={() => setSort(option.value)}
                className={clsx(
                  'rounded-lg px-2 py-1.5 font-medium text-sm transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500',
                  sort === option.value
                    ? 'bg-white text-indigo-700 shadow-sm'
                    : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {option.label}
              </button>
            ))}
          </div>
        </fieldset>

        {sorted.length === 0 ? (
          <div className="rounded-2xl border border-slate-300 border-dashed bg-white p-8 text-center">
            <p className="font-medium text-slate-900">No {noun}s match these filters.</p>
            <Button variant="secondary" className="mt-3" onClick={() => setFilters(noFilters)}>
              Clear filters
            </Button>
          </div>
        ) : (
          <ol className="space-y-3">
            {sorted.slice(0, shown).map((summary) => (
              <li key={summary.key}>{renderResult(summary)}</li>
            ))}
          </ol>
        )}
        {sorted.length > shown && (
          <div className="flex flex-col items-center gap-1 pt-2">
            <Button variant="secondary" onClick={() => setShown((count) => count + PAGE_SIZE)}>
              Show more
            </Button>
            <p className="text-slate-500 text-xs">
              Showing {shown} of {sorted.length}
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
