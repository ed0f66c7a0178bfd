import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/confirm-booking (spec §2). Coming soon. */
export function ConfirmBookingPage() {
  return (
    <ComingSoon
      title="Confirm booking"
      description="Check the itinerary, travellers and price once more, then book the seats."
    />
  );
}
