import { clsx } from 'clsx';
import { FeaturedOfferCard } from '../../../entities/notices/featured-offer-card';
import { LatestAnnouncementCard } from '../../../entities/notices/latest-announcement-card';
import { useCan } from '../../../shared/access/dashboard-access';
import { CreditsBlock } from '../components/home/credits-block';
import { DeparturesBlock } from '../components/home/departures-block';
import { HoldsBlock } from '../components/home/holds-block';
import { KpiBlock } from '../components/home/kpi-block';
import { QuickSearchBlock } from '../components/home/quick-search-block';
import { RecentBookingsBlock } from '../components/home/recent-bookings-block';

/** Two columns on a wide screen: the agency's bookings on the left, a narrower column beside them. */
const columns = 'xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]';

/**
 * /dashboard (docs/product-spec.md §2, issue 15): what an agent needs first thing in the morning. Holds whose
 * ticketing deadline is nearest, with one-click issue; today's and tomorrow's departures; the
 * credits and a quick search beside them; the last 30 days' figures; the latest bookings, and
 * SkyDesk's featured offer and latest announcement. Each block loads, fails and retries on its
 * own, and shows only to a role holding its permission (the server refuses the rest anyway). On a
 * phone the blocks stack in the order they matter: what needs doing today first.
 */
export function DashboardHomePage() {
  const canViewBookings = useCan('bookings.view');
  const canSearch = useCan('flights.search');
  const canViewAnalytics = useCan('analytics.view');

  return (
    <div className="mx-auto w-full max-w-7xl space-y-5">
      <div className={clsx('grid items-start gap-5', canViewBookings && columns)}>
        {canViewBookings && (
          <div className="min-w-0 space-y-5">
            <HoldsBlock />
            <DeparturesBlock />
          </div>
        )}
        <div
          className={clsx(
            'grid min-w-0 items-start gap-5',
            !canViewBookings && canSearch && 'lg:grid-cols-2',
          )}
        >
          <CreditsBlock />
          {canSearch && <QuickSearchBlock />}
        </div>
      </div>
      {canViewAnalytics && <KpiBlock />}
      <div className={clsx('grid items-start gap-5', canViewBookings && columns)}>
        {canViewBookings && <RecentBookingsBlock />}
        <div className={clsx('grid min-w-0 items-start gap-5', !canViewBookings && 'lg:grid-cols-2')}>
          <FeaturedOfferCard />
          <LatestAnnouncementCard />
        </div>
      </div>
    </div>
  );
}
