import { EMPTY_RESULT, type PricedItinerary } from '@skydesk/contract';
import { PencilLine, PlaneTakeoff, RefreshCw } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { daysBetween } from '../../../shared/format/date-time';
import { ApiError } from '../../../shared/http/api-error';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { itinerarySelected } from '../../bookings/booking-draft-slice';
import { FareStrip } from '../components/fare-strip';
import { ResultsView } from '../components/results-view';
import { runSearch, searchKey, selectFlightSearch } from '../flight-search-slice';
import { searchDraftSaved, selectSearchDraft } from '../search-draft-slice';
import { SearchForm, shiftDraftDates, toSearchBody } from '../search-form';
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
  const search = useAppSelector(selectFlightSearch);
  const valid = useMemo(() => SearchForm.safeParse(draft).success, [draft]);
  const body = useMemo(() => toSearchBody(draft), [draft]);
  const key = searchKey(body);

  useEffect(() => {
    if (!valid) return;
    dispatch(runSearch(JSON.parse(key))).catch((error: unknown) => {
      // The server refused a field (API.md 422): back to the form, the problems on the fields.
      if (error instanceof ApiError && error.status === 422)
        navigate(paths.dashboard.searchFlights, {
          replace: true,
          state: { fieldErrors: error.fieldErrors } satisfies SearchFormLocationState,
        });
    });
  }, [dispatch, navigate, key, valid]);

  if (!valid)
    return (
      <Navigate
        to={paths.dashboard.searchFlights}
        replace
        state={{ validate: true } satisfies SearchFormLocationState}
      />
    );

  const current = search.key === key ? search : null;
  const loading = !current || current.status === 'loading' || current.status === 'idle';
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

      {loading ? (
        <div role="status" aria-label="Searching flights" className="space-y-3">
          <p className="sr-only">Searching flights…</p>
          {[0, 1, 2, 3].map((i) => (
            <ResultSkeleton key={i} />
          ))}
        </div>
      ) : current.status === 'empty' ? (
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
      ) : current.status === 'failed' ? (
        <Alert tone="error" title="The search did not complete">
          <p>{current.error}</p>
          <Button
            variant="secondary"
            className="mt-2"
            onClick={() => dispatch(runSearch(body, { force: true })).catch(() => {})}
          >
            <RefreshCw aria-hidden="true" className="size-4" /> Try again
          </Button>
        </Alert>
      ) : (
        <ResultsView key={key} itineraries={current.itineraries} travellers={travellers} onSelect={select} />
      )}
    </div>
  );
}
