import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard (spec §2). Coming soon. */
export function DashboardHomePage() {
  return (
    <ComingSoon
      title="Home"
      description="Your agency at a glance: credit balance, bookings and sales figures for the dates you choose."
    />
  );
}
