import type { FieldErrors } from '@skydesk/contract';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAirports } from '../../../entities/airports/use-airports';
import { FlightSearchForm } from '../../../entities/flight-search/flight-search-form';
import { searchDraftSaved, selectSearchDraft } from '../../../entities/flight-search/search-draft-slice';
import { resultsUrl } from '../../../entities/flight-search/search-url';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { RecentSearches } from '../components/recent-searches';
import { searchAgain } from '../search-again';

/** What the results screen hands back when the server refused the search (422). */
export type SearchFormLocationState = { fieldErrors?: FieldErrors; validate?: boolean } | null;

/** /dashboard/search-flights (docs/product-spec.md §2): the search form; submitting opens the results. */
export function SearchFlightsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as SearchFormLocationState;
  const draft = useAppSelector(selectSearchDraft);
  const airports = useAirports();
  // A recent search picked: the form starts again from it.
  const [formKey, setFormKey] = useState(0);

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 2xl:grid-cols-[1fr_18rem]">
      <section
        aria-labelledby="search-title"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="search-title" className="mb-5 font-semibold text-lg text-slate-900">
          Where to?
        </h2>
        <FlightSearchForm
          key={formKey}
          draft={draft}
          airports={airports}
          serverErrors={state?.fieldErrors}
          validateOnMount={state?.validate}
          onSearch={(valid) => {
            dispatch(searchDraftSaved(valid));
            navigate(resultsUrl(valid));
          }}
        />
      </section>
      <aside className="space-y-4">
        <RecentSearches
          onPick={(entry) => {
            // A search whose dates have passed fills the form starting tomorrow (issue 30).
            dispatch(searchDraftSaved(searchAgain(entry).draft));
            setFormKey((key) => key + 1);
          }}
        />
      </aside>
    </div>
  );
}
