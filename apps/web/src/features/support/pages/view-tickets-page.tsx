import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/view-tickets (spec §2). Coming soon. */
export function ViewTicketsPage() {
  return (
    <ComingSoon
      title="Support tickets"
      description="Your agency's support tickets and where each one stands."
    />
  );
}
