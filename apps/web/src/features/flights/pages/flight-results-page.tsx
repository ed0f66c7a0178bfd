import { skipToken } from '@reduxjs/toolkit/query';
import { EMPTY_RESULT, GENERIC_ERROR, type PricedItinerary } from '@skydesk/contract';
import { PencilLine, PlaneTakeoff, RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { itinerarySelected } from '../../../entities/booking-draft/booking-draft-slice';
import {
  type SearchDraft,
  searchDraftSaved,
  selectSearchDraft,
} from '../../../entities/flight-search/search-draft-slice';
import { SearchForm, shiftDraftDates, toSearchBody } from '../../../entities/flight-search/search-form';
import {
  choiceFromParams,
  draftFromParams,
  resultsUrl,
  searchParamsOf,
  type TripChoice,
} from '../../../entities/flight-search/search-url';
import { useMayOpen } from '../../../shared/access/dashboard-access';
import { isForbidden } from '../../../shared/access/require-permission';
import { daysBetween } from '../../../shared/format/date-time';
import { isApiFailure } from '../../../shared/http/api-error';
import { paths } from '../../../shared/routing/paths';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { LocalTimesNote } from '../../../shared/ui/local-times-note';
import { FareStrip } from '../components/fare-strip';
import { GroupedResults } from '../components/grouped-results';
import { MissingSuppliersNotice } from '../components/missing-suppliers-notice';
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

/**
 * /dashboard/flight-results (docs/product-spec.md §2): runs the search the URL names (issue 16: a link, a bookmark
 * or a new tab opens the same results). A bare URL — an older link, or a screen that opens the
 * results after saving the draft — is completed from the saved draft first.
 */
export function FlightResultsPage() {
  const [params] = useSearchParams();
  const stored = useAppSelector(selectSearchDraft);
  const fromUrl = useMemo(() => draftFromParams(params), [params]);
  if (!fromUrl) {
    if (!SearchForm.safeParse(stored).success)
      return (
        <Navigate
          to={paths.dashboard.searchFlights}
          replace
          state={{ validate: true } satisfies SearchFormLocationState}
        />
      );
    return <Navigate to={resultsUrl(stored)} replace />;
  }
  return <SearchResults draft={fromUrl} />;
}

function SearchResults({ draft }: { draft: SearchDraft }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const stored = useAppSelector(selectSearchDraft);
  const valid = useMemo(() => SearchForm.safeParse(draft).success, [draft]);
  const body = useMemo(() => toSearchBody(draft), [draft]);
  const key = JSON.stringify(body);
  const grouped = draft.trip_type !== 'OneWay';
  const canBook = useMayOpen(paths.dashboard.travelersDetails);

  // The form shows the search on screen ('Edit search'), whichever way the agent came here.
  useEffect(() => {
    if (JSON.stringify(stored) !== JSON.stringify(draft)) dispatch(searchDraftSaved(draft));
  }, [dispatch, draft, stored]);

  // Results of the same search are shown again, unless too old to trust (their offers expire).
  const flat = flightsApi.useSearchQuery(valid && !grouped ? body : skipToken, {
    refetchOnMountOrArgChange: RESULTS_FRESH_SECONDS,
  });
  const trips = flightsApi.useSearchGroupedQuery(valid && grouped ? body : skipToken, {
    refetchOnMountOrArgChange: RESULTS_FRESH_SECONDS,
  });
  const search = grouped ? trips : flat;
  const failure = !search.isFetching && isApiFailure(search.error) ? search.error : null;

  useEffect(() => {
    // The server refused a field (docs/api.md 422): back to the form, the problems on the fields.
    if (failure?.status === 422)
      navigate(paths.dashboard.searchFlights, {
        replace: true,
        state: { fieldErrors: failure.fieldErrors } satisfies SearchFormLocationState,
      });
  }, [navigate, failure]);

  // A link to a search that cannot run (a date now past): the form with that search in it, its
  // problems on the fields — saved first, so the form opens on the link's search.
  useEffect(() => {
    if (valid) return;
    dispatch(searchDraftSaved(draft));
    navigate(paths.dashboard.searchFlights, {
      replace: true,
      state: { validate: true } satisfies SearchFormLocationState,
    });
  }, [valid, draft, dispatch, navigate]);
  if (!valid) return null;

  // The server refused the role (it changed since sign-in): the permission state, nothing else.
  if (isForbidden(search.error)) return <ForbiddenScreen permission="flights.search" />;

  const travellers = draft.adult_quantity + draft.child_quantity + draft.infant_quantity;
  const outboundDate = draft.legs[0]?.departure_date ?? '';
  const choice = choiceFromParams(params);

  const select = (itinerary: PricedItinerary) => {
    dispatch(itinerarySelected(itinerary));
    navigate(paths.dashboard.flightDetails);
  };
  const priced = (itinerary: PricedItinerary) => {
    dispatch(itinerarySelected(itinerary));
    // A role that searches but does not book sees the offer's details, without the way to book it.
    navigate(canBook ? paths.dashboard.travelersDetails : paths.dashboard.flightDetails);
  };
  const choose = (next: TripChoice, options: { replace?: boolean } = {}) => {
    setParams(searchParamsOf(draft, next), { replace: options.replace ?? false });
    // A new step starts at the top of the page, where its step indicator is.
    if (!options.replace) document.documentElement.scrollTop = 0;
  };

  const empty = grouped ? trips.currentData?.search_id === null : flat.currentData?.itineraries.length === 0;
  // Issue 29: suppliers that did not answer in time; their flights may come with another search
  // (an empty answer too: the missing airlines may sell it).
  const missingSuppliers = grouped
    ? trips.currentData?.missing_suppliers
    : flat.currentData?.missingSuppliers;
  let content: ReactNode;
  if (search.isFetching)
    content = (
      <div role="status" aria-label="Searching flights" className="space-y-3">
        <p className="sr-only">Searching flights…</p>
        {[0, 1, 2, 3].map((i) => (
          <ResultSkeleton key={i} />
        ))}
      </div>
    );
  else if (search.isError || search.currentData === undefined)
    content = (
      <Alert tone="error" title="The search did not complete">
        <p>{failure?.message ?? GENERIC_ERROR}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void search.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" /> Try again
        </Button>
      </Alert>
    );
  else if (empty)
    content = (
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
    );
  else if (grouped && trips.currentData && 'legs' in trips.currentData)
    content = (
      <GroupedResults
        key={trips.currentData.search_id}
        result={trips.currentData}
        body={body}
        choice={choice}
        onChoice={choose}
        onPriced={priced}
        onSearchAgain={() => void trips.refetch()}
        continueLabel={canBook ? 'Continue' : 'See the offer'}
      />
    );
  else
    content = (
      <ResultsView
        key={key}
        itineraries={flat.currentData?.itineraries ?? []}
        travellers={travellers}
        onSelect={select}
      />
    );

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
          <LocalTimesNote className="mt-1" />
        </div>
        <Link to={paths.dashboard.searchFlights} className={buttonClasses('secondary', 'shrink-0')}>
          <PencilLine aria-hidden="true" className="size-4" />
          Edit search
        </Link>
      </section>

      {choice.picks.length === 0 && (
        <FareStrip
          body={body}
          selectedDate={outboundDate}
          onPick={(date) => navigate(resultsUrl(shiftDraftDates(draft, daysBetween(outboundDate, date))))}
        />
      )}

      {!search.isFetching && (
        <MissingSuppliersNotice
          suppliers={missingSuppliers}
          empty={empty}
          onSearchAgain={() => void search.refetch()}
        />
      )}
      {content}
    </div>
  );
}
