import { skipToken } from '@reduxjs/toolkit/query';
import { EMPTY_RESULT, GENERIC_ERROR, type PricedItinerary } from '@skydesk/contract';
import { PencilLine, PlaneTakeoff, RefreshCw } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { itinerarySelected } from '../../../shared/booking-draft/booking-draft-slice';
import { searchDraftSaved, selectSearchDraft } from '../../../shared/flight-search/search-draft-slice';
import { SearchForm, shiftDraftDates, toSearchBody } from '../../../shared/flight-search/search-form';
import { daysBetween } from '../../../shared/format/date-time';
import { isApiFailure } from '../../../shared/http/api-error';
import { paths } from '../../../shared/routing/paths';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { FareStrip } from '../components/fare-strip';
import { ResultsView } from '../components/results-view';
import { flightsApi, RESULTS_FRESH_SECONDS } from '../flights-api';
import { cabinLabel, datesSummary, passengersSummary, routeSummary } from '../search-summary';
import type { SearchFormLocationState } from './search-flights-page';

function ResultSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex animate-pulse items-center gap-4">
        <div className="size-8 rounded-lg bg-slate-200" />
        <div className="h-4 w-32 rounded bg-slate-200" />
        <div className="h-6 flex-1 rounded bg-slate-100" />
        <div className="h-8 w-24 rounded bg-slate-200" />
      </div>
      <div className="mt-4 h-3 w-48 animate-pulse rounded bg-slate-100" />
    </div>
  );
}

/** /dashboard/flight-results (spec §2): runs the search in the draft (again after a reload). */
export function FlightResultsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const draft = useAppSelector(selectSearchDraft);
  const valid = useMemo(() => SearchForm.safeParse(draft).success, [draft]);
  const body = useMemo(() => toSearchBody(draft), [draft]);
  const key = JSON.stringify(body);
  // Results of the same search are shown again, unless too old to trust (their offers expire).
  const search = flightsApi.useSearchQuery(valid ? body : skipToken, {
    refetchOnMountOrArgChange: RESULTS_FRESH_SECONDS,
  });
  const failure = !search.isFetching && isApiFailure(search.error) ? search.error : null;

  useEffect(() => {
    // The server refused a field (API.md 422): back to the form, the problems on the fields.
    if (failure?.status === 422)
      navigate(paths.dashboard.searchFlights, {
        replace: true,
        state: { fieldErrors: failure.fieldErrors } satisfies SearchFormLocationState,
      });
  }, [navigate, failure]);

  if (!valid)
    return (
      <Navigate
        to={paths.dashboard.searchFlights}
        replace
        state={{ validate: true } satisfies SearchFormLocationState}
      />
    );

  const results = search.currentData;
  const travellers = draft.adult_quantity + draft.child_quantity + draft.infant_quantity;
  const outboundDate = draft.legs[0]?.departure_date ?? '';

  const select = (itinerary: PricedItinerary) => {
    dispatch(itinerarySelected(itinerary));
    navigate(paths.dashboard.flightDetails);
  };

  return (
    <div className="mx-auto w-full max-w-7xl space-y-5">
      <section
        aria-label="Your search"
        className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="min-w-0">
          <p className="flex items-center gap-2 font-semibold text-slate-900">
            <PlaneTakeoff aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
            <span className="truncate">{routeSummary(body)}</span>
          </p>
          <p className="mt-0.5 text-slate-600 text-sm">
            {datesSummary(body)} · {passengersSummary(draft)} · {cabinLabel(draft)}
          </p>
        </div>
        <Link to={paths.dashboard.searchFlights} className={buttonClasses('secondary', 'shrink-0')}>
          <PencilLine aria-hidden="true" className="size-4" />
          Edit search
        </Link>
      </section>

      <FareStrip
        body={body}
        selectedDate={outboundDate}
        onPick={(date) => dispatch(searchDraftSaved(shiftDraftDates(draft, daysBetween(outboundDate, date))))}
      />

      {search.isFetching ? (
        <div role="status" aria-label="Searching flights" className="space-y-3">
          <p className="sr-only">Searching flights…</p>
          {[0, 1, 2, 3].map((i) => (
            <ResultSkeleton key={i} />
          ))}
        </div>
      ) : search.isError || !results ? (
        <Alert tone="error" title="The search did not complete">
          <p>{failure?.message ?? GENERIC_ERROR}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void search.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" /> Try again
          </Button>
        </Alert>
      ) : results.itineraries.length === 0 ? (
        <section className="rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <PlaneTakeoff aria-hidden="true" className="size-6" />
          </span>
          <h2 className="mt-4 font-semibold text-lg text-slate-900">{EMPTY_RESULT.noFlights}</h2>
          <p className="mx-auto mt-1 max-w-md text-slate-600 text-sm">
            Nothing is on sale for this search. Try other dates from the strip above, another cabin, or nearby
            airports.
          </p>
          <Link to={paths.dashboard.searchFlights} className={buttonClasses('primary', 'mt-5')}>
            <PencilLine aria-hidden="true" className="size-4" />
            Edit search
          </Link>
        </section>
      ) : (
        <ResultsView key={key} itineraries={results.itineraries} travellers={travellers} onSelect={select} />
      )}
    </div>
  );
}
