import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Cabin, TripType } from '@skydesk/contract';

/** One leg of the search form as the agent is typing it (docs/product-spec.md §3: origin_destinations). */
export type SearchLegDraft = {
  origin_location_code: string;
  destination_location_code: string;
  /** YYYY-MM-DD, airport-local. */
  departure_date: string;
};

/**
 * The flight search form, kept across reloads (docs/product-spec.md §3: the search form is persisted client state)
 * so an agent does not retype a search after a refresh.
 */
export type SearchDraft = {
  trip_type: TripType;
  legs: SearchLegDraft[];
  /** docs/product-spec.md §5: only sent when trip_type is 'Return' and a return date exists. */
  return_date: string;
  adult_quantity: number;
  child_quantity: number;
  infant_quantity: number;
  cabin: Cabin;
};

export const emptySearchDraft: SearchDraft = {
  trip_type: 'OneWay',
  legs: [{ origin_location_code: '', destination_location_code: '', departure_date: '' }],
  return_date: '',
  adult_quantity: 1,
  child_quantity: 0,
  infant_quantity: 0,
  cabin: 'Economy',
};

export const searchDraftSlice = createSlice({
  name: 'searchDraft',
  initialState: emptySearchDraft,
  reducers: {
    searchDraftSaved: (_state, action: PayloadAction<SearchDraft>) => action.payload,
    searchDraftCleared: () => emptySearchDraft,
  },
  selectors: {
    selectSearchDraft: (draft) => draft,
  },
});

export const { searchDraftSaved, searchDraftCleared } = searchDraftSlice.actions;
export const { selectSearchDraft } = searchDraftSlice.selectors;
