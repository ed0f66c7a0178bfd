import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/booking-details (spec §2). Coming soon. */
export function BookingDetailsPage() {
  return (
    <ComingSoon
      title="Booking details"
      description="The itinerary, passengers, tickets and history of a booking; issue, cancel or request a refund."
    />
  );
}
