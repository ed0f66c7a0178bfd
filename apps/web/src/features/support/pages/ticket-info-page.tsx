import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/ticket-info (spec §2). Coming soon. */
export function TicketInfoPage() {
  return (
    <ComingSoon title="Ticket details" description="The conversation and status of one support ticket." />
  );
}
