import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/flight-bookings (spec §2). Coming soon. */
export function FlightBookingsPage() {
  return (
    <ComingSoon
      title="Flight bookings"
      description="All of your agency's bookings with their status and ticketing deadline, and a look-up by PNR."
    />
  );
}
