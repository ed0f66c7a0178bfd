import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PassengerType, PricedItinerary } from '@skydesk/contract';

/** A passenger as the travellers form holds it (API.md `Passenger`). */
export type TravellerDraft = {
  passenger_type: PassengerType;
  title: string;
  first_name: string;
  last_name: string;
  gender: string;
  /** YYYY-MM-DD */
  date_of_birth: string;
  /** ISO 3166 alpha-2 */
  nationality: string;
  passport_number: string;
  /** YYYY-MM-DD */
  passport_expiry: string;
  /** Set when the passenger was picked from the company's saved travellers. */
  traveller_id?: string;
};

/** The booking form for one offer (API.md `POST /api/booking`), kept until it is submitted. */
export type BookingFormDraft = {
  offer_id: string;
  passengers: TravellerDraft[];
  contact: { email: string; phone: string };
  save_travellers: boolean;
};

/**
 * spec §3: booking form data, the previous traveller and the disabled travellers are persisted
 * client state, so a reload in the middle of a booking loses nothing.
 */
export type BookingDraftState = {
  /** The itinerary chosen on the results (its offer_id is what the booking sends). */
  selectedItinerary: PricedItinerary | null;
  form: BookingFormDraft | null;
  /** The last traveller entered, offered again to speed up the next passenger. */
  previousTraveller: TravellerDraft | null;
  /** Saved travellers already used in this booking, so they cannot be picked twice. */
  disabledTravellerIds: string[];
};

export const emptyBookingDraft: BookingDraftState = {
  selectedItinerary: null,
  form: null,
  previousTraveller: null,
  disabledTravellerIds: [],
};

export const bookingDraftSlice = createSlice({
  name: 'bookingDraft',
  initialState: emptyBookingDraft,
  reducers: {
    /** A new offer was chosen: a booking form of another offer no longer applies. */
    itinerarySelected(state, action: PayloadAction<PricedItinerary>) {
      if (state.form && state.form.offer_id !== action.payload.offer_id) state.form = null;
      state.selectedItinerary = action.payload;
    },
    bookingFormSaved(state, action: PayloadAction<BookingFormDraft>) {
      state.form = action.payload;
    },
    previousTravellerRemembered(state, action: PayloadAction<TravellerDraft>) {
      state.previousTraveller = action.payload;
    },
    travellerDisabled(state, action: PayloadAction<string>) {
      if (!state.disabledTravellerIds.includes(action.payload))
        state.disabledTravellerIds.push(action.payload);
    },
    travellerEnabled(state, action: PayloadAction<string>) {
      state.disabledTravellerIds = state.disabledTravellerIds.filter((id) => id !== action.payload);
    },
    /** The booking was submitted or abandoned. */
    bookingDraftCleared: () => emptyBookingDraft,
  },
  selectors: {
    // A draft saved before this field existed has none.
    selectSelectedItinerary: (draft) => draft.selectedItinerary ?? null,
    selectBookingForm: (draft) => draft.form,
    selectPreviousTraveller: (draft) => draft.previousTraveller,
    selectDisabledTravellerIds: (draft) => draft.disabledTravellerIds,
  },
});

export const {
  itinerarySelected,
  bookingFormSaved,
  previousTravellerRemembered,
  travellerDisabled,
  travellerEnabled,
  bookingDraftCleared,
} = bookingDraftSlice.actions;
export const {
  selectSelectedItinerary,
  selectBookingForm,
  selectPreviousTraveller,
  selectDisabledTravellerIds,
} = bookingDraftSlice.selectors;
