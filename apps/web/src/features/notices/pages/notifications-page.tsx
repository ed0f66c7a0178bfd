import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/notifications (spec §2). Coming soon. */
export function NotificationsPage() {
  return (
    <ComingSoon title="Notifications" description="Updates about your bookings, deposits and account." />
  );
}
