import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/announcement (spec §2). Coming soon. */
export function AnnouncementPage() {
  return <ComingSoon title="Announcements" description="News and offers from SkyDesk." />;
}
