import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Money, PassengerType, PriceChange, PricedItinerary, ServiceRequest } from '@skydesk/contract';
import { passengerMix } from '../itinerary/passenger-mix';

/** A passenger as the travellers form holds it (docs/api.md `Passenger`). */
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

/** The booking form for one offer (docs/api.md `POST /api/booking`), kept until it is submitted. */
export type BookingFormDraft = {
  offer_id: string;
  passengers: TravellerDraft[];
  contact: { email: string; phone: string };
  save_travellers: boolean;
};

/**
 * A seat or extra bags chosen for one passenger on one flight (issue 31): what `POST /api/booking`
 * sends as `services`, plus what the summary shows of it before the server prices it again.
 */
export type ChosenService = ServiceRequest & {
  /** What it costs, as the seat map or the bag offer said (bags: the price of all of them); null: included. */
  amount: Money | null;
  /** The flight's designator ('BA117'), for the summary's line. */
  flight: string;
};

/**
 * docs/product-spec.md §3: booking form data, the previous traveller and the disabled travellers are persisted
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
  /**
   * The total the agent accepted when the offer re-priced (docs/api.md 409 `Price changed`): the
   * itinerary's own fares are the old quote, this is what the booking will cost.
   */
  acceptedTotal: Money | null;
  /** Seats and extra bags chosen for this offer's flights; at most one seat and one bag line per passenger and flight. */
  services: ChosenService[];
  /** Issue 33: the quote option this booking sells (sent as `quote_option_id`); null for a booking from results. */
  quoteOptionId?: string | null;
};

export const emptyBookingDraft: BookingDraftState = {
  selectedItinerary: null,
  form: null,
  previousTraveller: null,
  disabledTravellerIds: [],
  acceptedTotal: null,
  services: [],
};

const sameSlot = (a: ChosenService, b: Pick<ChosenService, 'type' | 'passenger_index' | 'segment_index'>) =>
  a.type === b.type && a.passenger_index === b.passenger_index && a.segment_index === b.segment_index;

const NO_SERVICES: ChosenService[] = [];

export const bookingDraftSlice = createSlice({
  name: 'bookingDraft',
  initialState: emptyBookingDraft,
  reducers: {
    /** A new offer was chosen: a booking form of another offer no longer applies. */
    itinerarySelected(state, action: PayloadAction<PricedItinerary>) {
      const form = state.form;
      if (form && form.offer_id !== action.payload.offer_id) {
        // Another offer for the same passengers (say, after searching again once the first
        // expired): the travellers already typed still apply. A different mix starts afresh.
        const mix = passengerMix(action.payload);
        const sameMix =
          mix.length === form.passengers.length &&
          mix.every((type, index) => form.passengers[index]?.passenger_type === type);
        if (sameMix) form.offer_id = action.payload.offer_id;
        else {
          state.form = null;
          state.disabledTravellerIds = [];
        }
      }
      if (state.selectedItinerary?.offer_id !== action.payload.offer_id) {
        state.acceptedTotal = null;
        // Seats and bags belong to the flights and fare of the offer they were chosen on.
        state.services = [];
        // Another offer is no longer the quote's option (a quote's booking names it after this).
        state.quoteOptionId = null;
      }
      state.selectedItinerary = action.payload;
    },
    /**
     * The agent accepted a new price: the same flights under the new offer, so the travellers
     * already entered carry over to it.
     */
    offerRepriced(state, action: PayloadAction<PriceChange>) {
      const { offer_id, offer_expires_at, new_total } = action.payload;
      if (state.selectedItinerary) {
        state.selectedItinerary.offer_id = offer_id;
        state.selectedItinerary.offer_expires_at = offer_expires_at;
      }
      if (state.form) state.form.offer_id = offer_id;
      state.acceptedTotal = new_total;
    },
    /**
     * A seat or bags for one passenger on one flight, replacing what that passenger had there;
     * a seat of another passenger on that flight is theirs no more (a seat is chosen once).
     */
    serviceChosen(state, action: PayloadAction<ChosenService>) {
      const chosen = action.payload;
      const services = (state.services ?? []).filter(
        (service) =>
          !sameSlot(service, chosen) &&
          !(
            chosen.type === 'seat' &&
            service.type === 'seat' &&
            service.segment_index === chosen.segment_index &&
            service.designator === chosen.designator
          ),
      );
      services.push(chosen);
      state.services = services;
    },
    /** No seat (or no extra bags) for this passenger on this flight. */
    serviceRemoved(
      state,
      action: PayloadAction<Pick<ChosenService, 'type' | 'passenger_index' | 'segment_index'>>,
    ) {
      state.services = (state.services ?? []).filter((service) => !sameSlot(service, action.payload));
    },
    /** 'Skip seats' / 'Skip bags': none of that kind. */
    servicesOfTypeCleared(state, action: PayloadAction<ChosenService['type']>) {
      state.services = (state.services ?? []).filter((service) => service.type !== action.payload);
    },
    /** Issue 33: the offer just selected is a quote's option, re-priced: its booking names the option. */
    quoteOptionChosen(state, action: PayloadAction<string>) {
      state.quoteOptionId = action.payload;
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
    /** The saved travellers the form uses now (one may have been swapped for another). */
    disabledTravellersSet(state, action: PayloadAction<string[]>) {
      const ids = [...new Set(action.payload)];
      // Left alone when unchanged, so screens reading it do not re-render on every keystroke.
      const same =
        ids.length === state.disabledTravellerIds.length &&
        ids.every((id, index) => state.disabledTravellerIds[index] === id);
      if (!same) state.disabledTravellerIds = ids;
    },
    /**
     * The booking was made: its form and offer are done with, but the last traveller stays on
     * offer for the next booking (an agent often books the same person again).
     */
    bookingSubmitted: (state) => ({ ...emptyBookingDraft, previousTraveller: state.previousTraveller }),
    /** The booking was abandoned. */
    bookingDraftCleared: () => emptyBookingDraft,
  },
  selectors: {
    // A draft saved before this field existed has none.
    selectSelectedItinerary: (draft) => draft.selectedItinerary ?? null,
    selectBookingForm: (draft) => draft.form,
    selectPreviousTraveller: (draft) => draft.previousTraveller,
    selectDisabledTravellerIds: (draft) => draft.disabledTravellerIds,
    selectAcceptedTotal: (draft) => draft.acceptedTotal ?? null,
    // A draft saved before services existed has none.
    selectChosenServices: (draft) => draft.services ?? NO_SERVICES,
    selectQuoteOptionId: (draft) => draft.quoteOptionId ?? null,
  },
});

export const {
  itinerarySelected,
  bookingFormSaved,
  previousTravellerRemembered,
  travellerDisabled,
  travellerEnabled,
  disabledTravellersSet,
  offerRepriced,
  serviceChosen,
  serviceRemoved,
  servicesOfTypeCleared,
  bookingSubmitted,
  bookingDraftCleared,
  quoteOptionChosen,
} = bookingDraftSlice.actions;
export const {
  selectSelectedItinerary,
  selectBookingForm,
  selectPreviousTraveller,
  selectDisabledTravellerIds,
  selectAcceptedTotal,
  selectChosenServices,
  selectQuoteOptionId,
} = bookingDraftSlice.selectors;
