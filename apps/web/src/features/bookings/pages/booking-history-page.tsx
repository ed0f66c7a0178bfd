import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/booking-history (spec §2). Coming soon. */
export function BookingHistoryPage() {
  return (
    <ComingSoon
      title="Booking history"
      description="Your agency's past bookings, filtered by date, status or passenger."
    />
  );
}
