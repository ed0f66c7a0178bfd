import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/travelers-details (spec §2). Coming soon. */
export function TravelersDetailsPage() {
  return (
    <ComingSoon
      title="Traveller details"
      description="Enter each passenger and their passport, or pick them from your saved travellers."
    />
  );
}
