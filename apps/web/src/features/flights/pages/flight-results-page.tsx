import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/flight-results (spec §2). Coming soon. */
export function FlightResultsPage() {
  return (
    <ComingSoon
      title="Flight results"
      description="Compare the itineraries found by price, duration, stops and airline."
    />
  );
}
