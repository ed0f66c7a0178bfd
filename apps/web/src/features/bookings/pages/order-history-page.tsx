import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/order-history (spec §2). Coming soon. */
export function OrderHistoryPage() {
  return (
    <ComingSoon
      title="Order history"
      description="Every ticket, void and refund charged to or credited to your agency."
    />
  );
}
