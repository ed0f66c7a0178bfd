import { Link, useNavigate } from 'react-router';
import { useAirports } from '../../../../entities/airports/use-airports';
import { FlightSearchForm } from '../../../../entities/flight-search/flight-search-form';
import { searchDraftSaved, selectSearchDraft } from '../../../../entities/flight-search/search-draft-slice';
import { paths } from '../../../../shared/routing/paths';
import { useAppDispatch, useAppSelector } from '../../../../shared/store/hooks';
import { Card } from '../../../../shared/ui/card';
import { BlockLink } from './block-parts';

/**
 * A quick flight search on the home (`flights.search`): from, to, dates and passengers, started
 * from the last search (the persisted search draft, docs/product-spec.md §3) and saved to it as it is typed, so
 * the search screen and this form are one search. Searching opens the results, as the search
 * screen does; the search screen has the rest (multi-city, cabin).
 */
export function QuickSearchBlock() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const draft = useAppSelector(selectSearchDraft);
  const airports = useAirports();
  const wasMultiCity = draft.trip_type === 'MultiCity';
  return (
    <Card title="Quick search" aside={<BlockLink to={paths.dashboard.searchFlights}>Full search</BlockLink>}>
      {/* Mounted once with the draft it starts from; later changes flow from the form to the draft. */}
      <FlightSearchForm
        variant="compact"
        draft={draft}
        airports={airports}
        onSearch={(valid) => {
          dispatch(searchDraftSaved(valid));
          navigate(paths.dashboard.flightResults);
        }}
      />
      {wasMultiCity && (
        <p className="mt-3 text-slate-500 text-xs">
          Your last search was multi-city: it is on the{' '}
          <Link to={paths.dashboard.searchFlights} className="font-medium text-indigo-700 hover:underline">
            search screen
          </Link>
          .
        </p>
      )}
    </Card>
  );
}
