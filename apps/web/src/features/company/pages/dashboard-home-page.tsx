import { FeaturedOfferCard } from '../../../shared/notices/featured-offer-card';
import { LatestAnnouncementCard } from '../../../shared/notices/latest-announcement-card';
import { ComingSoon } from '../../../shared/ui/coming-soon';

/**
 * /dashboard (spec §2). The agency's figures are coming soon; SkyDesk's featured offer and latest
 * announcement are here already (issue 14).
 */
export function DashboardHomePage() {
  return (
    <div className="mx-auto w-full max-w-5xl space-y-5">
      <div className="grid items-start gap-5 lg:grid-cols-2">
        <FeaturedOfferCard />
        <LatestAnnouncementCard />
      </div>
      <ComingSoon
        title="Home"
        description="Your agency at a glance: credit balance, bookings and sales figures for the dates you choose."
      />
    </div>
  );
}
