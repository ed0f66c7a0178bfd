import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/create-ticket (spec §2). Coming soon. */
export function CreateTicketPage() {
  return (
    <ComingSoon
      title="New support ticket"
      description="Ask the SkyDesk team for help with a booking, a payment or your account."
    />
  );
}
