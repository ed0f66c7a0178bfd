import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/price-summary (spec §2). Coming soon. */
export function PriceSummaryPage() {
  return (
    <ComingSoon
      title="Price summary"
      description="Review fares, taxes and the total for every passenger before you book."
    />
  );
}
