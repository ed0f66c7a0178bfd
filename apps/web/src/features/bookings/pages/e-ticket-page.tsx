import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/e-ticket (spec §2). Coming soon. */
export function ETicketPage() {
  return (
    <ComingSoon
      title="E-ticket"
      description="The issued ticket, ready to print or send to the traveller as a PDF."
    />
  );
}
