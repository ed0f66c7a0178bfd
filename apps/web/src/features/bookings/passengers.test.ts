import { describe, expect, it } from 'vitest';
import {
  bookingDraftSlice,
  bookingFormSaved,
  bookingSubmitted,
  emptyBookingDraft,
  itinerarySelected,
  offerRepriced,
  previousTravellerRemembered,
} from '../../entities/booking-draft/booking-draft-slice';
import { lhrJfk } from '../../testing/itineraries';
import { emptyTraveller, passengerLabels, passengerMix, travellerProblems, tripDates } from './passengers';
import { familyOffer, forFamily } from './testing/bookings';

const reduce = bookingDraftSlice.reducer;

const layla = {
  passenger_type: 'adult' as const,
  title: 'MRS',
  first_name: 'Layla',
  last_name: 'Hassan',
  gender: 'F',
  date_of_birth: '1988-04-12',
  nationality: 'AE',
  passport_number: 'P1234567',
  passport_expiry: '2031-03-01',
};

/** LHR → JFK on 22 Dec 2026, back on 5 Jan 2027. */
const dates = { first: '2026-12-22', last: '2027-01-05' };

describe('the passengers of an offer', () => {
  it('are its priced mix, adults first, each named by type and place', () => {
    const mix = passengerMix(familyOffer);
    expect(mix).toEqual(['adult', 'adult', 'child', 'infant']);
    expect(passengerLabels(mix)).toEqual(['Adult 1', 'Adult 2', 'Child 1', 'Infant 1']);
    expect(tripDates(familyOffer)).toEqual({ first: '2026-12-22', last: '2026-12-22' });
  });
});

describe('a passenger’s problems', () => {
  it('are none for a complete, fitting passenger', () => {
    expect(travellerProblems(layla, dates)).toEqual({});
  });

  it('name every missing field in words, not in schema terms', () => {
    expect(travellerProblems(emptyTraveller('adult'), dates)).toEqual({
      title: 'Choose a title',
      first_name: 'Enter the first name',
      last_name: 'Enter the last name',
      gender: 'Choose a gender',
      date_of_birth: 'Enter the date of birth',
      nationality: 'Choose a nationality',
      passport_number: 'Enter the passport number',
      passport_expiry: 'Enter the passport expiry date',
    });
  });

  it('refuse a title of another type, names not in Latin letters and a short passport number', () => {
    expect(
      travellerProblems({ ...layla, title: 'MSTR', first_name: 'Лейла', passport_number: 'P1' }, dates),
    ).toEqual({
      title: 'Mr, Mrs or Ms for adults',
      first_name: 'Latin letters as in the passport',
      passport_number: '5 to 20 letters and digits',
    });
  });

  it('check a child’s age on the first flight and an infant’s on the last', () => {
    // 12 on 22 Dec 2026: an adult by then.
    expect(
      travellerProblems(
        { ...layla, passenger_type: 'child', title: 'MISS', date_of_birth: '2014-12-22' },
        dates,
      ),
    ).toEqual({ date_of_birth: 'A child is under 12 on the travel date' });
    expect(
      travellerProblems(
        { ...layla, passenger_type: 'child', title: 'MISS', date_of_birth: '2014-12-23' },
        dates,
      ),
    ).toEqual({});
    // Under 2 on the way out, 2 on the way back: not an infant for this trip.
    expect(
      travellerProblems(
        { ...layla, passenger_type: 'infant', title: 'MSTR', date_of_birth: '2025-01-03' },
        dates,
      ),
    ).toEqual({ date_of_birth: 'An infant is under 2 on the travel date' });
  });

  it('want the passport valid six months after the last flight, to the day', () => {
    expect(travellerProblems({ ...layla, passport_expiry: '2027-07-05' }, dates)).toEqual({});
    expect(travellerProblems({ ...layla, passport_expiry: '2027-07-04' }, dates)).toEqual({
      passport_expiry: 'Must be valid until at least Mon 5 Jul 2027, 6 months after the last flight',
    });
  });
});

describe('the booking draft', () => {
  const form = {
    offer_id: familyOffer.offer_id,
    passengers: [layla],
    contact: { email: 'a@b.co', phone: '+44 20 7946 0000' },
    save_travellers: false,
  };

  it('keeps the travellers typed when another offer for the same passengers is chosen', () => {
    const solo = forFamily(lhrJfk.baMorning, { adults: 1 });
    let state = reduce(emptyBookingDraft, itinerarySelected(solo));
    state = reduce(state, bookingFormSaved({ ...form, offer_id: solo.offer_id }));
    const again = { ...forFamily(lhrJfk.vsEvening, { adults: 1 }) };
    state = reduce(state, itinerarySelected(again));
    expect(state.form?.offer_id).toBe(again.offer_id);
    expect(state.form?.passengers).toEqual([layla]);
    // Another mix: the form no longer fits.
    state = reduce(state, itinerarySelected(familyOffer));
    expect(state.form).toBeNull();
  });

  it('moves the draft to the new offer when a price change is accepted', () => {
    let state = reduce(emptyBookingDraft, itinerarySelected(familyOffer));
    state = reduce(state, bookingFormSaved(form));
    const change = {
      previous_total: { Amount: 1863.75, CurrencyCode: 'USD' },
      new_total: { Amount: 1992.25, CurrencyCode: 'USD' },
      offer_id: 'offer-new',
      offer_expires_at: '2026-12-01T10:00:00.000Z',
    };
    state = reduce(state, offerRepriced(change));
    expect(state.selectedItinerary?.offer_id).toBe('offer-new');
    expect(state.selectedItinerary?.offer_expires_at).toBe(change.offer_expires_at);
    expect(state.form?.offer_id).toBe('offer-new');
    expect(state.acceptedTotal).toEqual(change.new_total);
  });

  it('is spent by the booking, except the previous traveller', () => {
    let state = reduce(emptyBookingDraft, itinerarySelected(familyOffer));
    state = reduce(state, bookingFormSaved(form));
    state = reduce(state, previousTravellerRemembered(layla));
    state = reduce(state, bookingSubmitted());
    expect(state).toEqual({ ...emptyBookingDraft, previousTraveller: layla });
  });
});
