import { describe, expect, it } from 'vitest';
import { lhrJfk } from '../../testing/itineraries';
import {
  bookingDraftSlice,
  bookingSubmitted,
  type ChosenService,
  emptyBookingDraft,
  itinerarySelected,
  offerRepriced,
  selectChosenServices,
  serviceChosen,
  serviceRemoved,
  servicesOfTypeCleared,
} from './booking-draft-slice';

const reduce = bookingDraftSlice.reducer;
const usd = (Amount: number) => ({ Amount, CurrencyCode: 'USD' });
const seat = (passenger_index: number, designator: string, segment_index = 0): ChosenService => ({
  type: 'seat',
  passenger_index,
  segment_index,
  designator,
  amount: usd(25),
  flight: 'BA117',
});
const bags = (passenger_index: number, quantity: number): ChosenService => ({
  type: 'bag',
  passenger_index,
  segment_index: 0,
  quantity,
  amount: usd(45 * quantity),
  flight: 'BA117',
});

describe('the services of a booking draft (issue 31)', () => {
  const family = lhrJfk.baMorning;
  const chosen = () =>
    reduce(reduce(emptyBookingDraft, itinerarySelected(family)), serviceChosen(seat(0, '23C')));

  it('keeps one seat per passenger and flight, and a seat for one passenger only', () => {
    let state = chosen();
    state = reduce(state, serviceChosen(seat(0, '23D')));
    expect(state.services).toEqual([seat(0, '23D')]);
    state = reduce(state, serviceChosen(seat(0, '23C', 1)));
    // Omar takes 23D: Layla has it no more on that flight, still has 23C on the next.
    state = reduce(state, serviceChosen(seat(1, '23D')));
    expect(state.services).toEqual([seat(0, '23C', 1), seat(1, '23D')]);
    state = reduce(state, serviceChosen(bags(1, 2)));
    state = reduce(state, serviceChosen(bags(1, 1)));
    expect(state.services.filter((service) => service.type === 'bag')).toEqual([bags(1, 1)]);
    state = reduce(state, serviceRemoved({ type: 'seat', passenger_index: 1, segment_index: 0 }));
    expect(state.services).toEqual([seat(0, '23C', 1), bags(1, 1)]);
    state = reduce(state, servicesOfTypeCleared('bag'));
    expect(state.services).toEqual([seat(0, '23C', 1)]);
  });

  it('forgets them when another offer is chosen, keeps them when the same flights re-price', () => {
    let state = reduce(
      chosen(),
      offerRepriced({
        previous_total: usd(1000),
        new_total: usd(1100),
        offer_id: 'offer-new',
        offer_expires_at: '2026-12-01T10:00:00.000Z',
      }),
    );
    expect(state.services).toEqual([seat(0, '23C')]);
    state = reduce(state, itinerarySelected(lhrJfk.vsEvening));
    expect(state.services).toEqual([]);
  });

  it('are spent by the booking, and a draft saved before them reads as none', () => {
    expect(reduce(chosen(), bookingSubmitted()).services).toEqual([]);
    const { services: _none, ...old } = emptyBookingDraft;
    expect(selectChosenServices({ bookingDraft: old as typeof emptyBookingDraft })).toEqual([]);
  });
});
