import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/search-flights (spec §2). Coming soon. */
export function SearchFlightsPage() {
  return (
    <ComingSoon
      title="Search flights"
      description="Find one-way, return and multi-city fares for adults, children and infants."
    />
  );
}
