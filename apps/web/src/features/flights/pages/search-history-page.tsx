import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/search-history (spec §2). Coming soon. */
export function SearchHistoryPage() {
  return (
    <ComingSoon
      title="Search history"
      description="Your agency's recent flight searches, ready to run again."
    />
  );
}
