import type { PricedItinerary } from '@skydesk/contract';
import type { BookingFormDraft } from '../../entities/booking-draft/booking-draft-slice';
import { passengerMix, travellerProblems, tripDates } from './passengers';

/**
 * Whether the draft can go on to the price summary and the booking: travellers entered for this
 * offer, one per seat of its mix, each one passing the trip's checks.
 */
export function travellersReady(itinerary: PricedItinerary, form: BookingFormDraft | null): boolean {
  if (!form || form.offer_id !== itinerary.offer_id) return false;
  const mix = passengerMix(itinerary);
  const dates = tripDates(itinerary);
  return (
    form.passengers.length === mix.length &&
    form.passengers.every(
      (passenger, index) =>
        passenger.passenger_type === mix[index] &&
        Object.keys(travellerProblems(passenger, dates)).length === 0,
    )
  );
}
