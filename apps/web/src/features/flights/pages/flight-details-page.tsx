import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/flight-details (spec §2). Coming soon. */
export function FlightDetailsPage() {
  return (
    <ComingSoon
      title="Flight details"
      description="See the segments, baggage allowance, fare rules and price breakdown of an itinerary."
    />
  );
}
