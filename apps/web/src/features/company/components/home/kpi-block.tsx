import { FALLBACK, type Kpi, type KpiKey } from '@skydesk/contract';
import { ChartNoAxesColumn, Search } from 'lucide-react';
import { Link } from 'react-router';
import { KpiCard, KpiCardsSkeleton } from '../../../../entities/kpi/kpi-card';
import { useMayOpen } from '../../../../shared/access/dashboard-access';
import { isApiFailure } from '../../../../shared/http/api-error';
import { paths } from '../../../../shared/routing/paths';
import { buttonClasses } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { LoadFailed } from '../../../../shared/ui/load-failed';
import { homeApi } from '../../home-api';
import { BlockEmpty, BlockLink } from './block-parts';

/** The home's figures, in the order an agent reads them; the analytics screen has the rest. */
export const HOME_KPIS: readonly KpiKey[] = ['bookings', 'tickets', 'spend', 'searches'];

const HINTS: Partial<Record<KpiKey, string>> = {
  bookings: 'Holds made',
  tickets: 'One per passenger',
  spend: 'Paid for tickets',
  searches: 'Flight searches',
};

/**
 * The agency's last 30 days (`analytics.view`): bookings, tickets, spend and searches, each against
 * the 30 days before. Asked without dates, the server counts the last 30 of the agency's own days
 * (contract KPI_DEFAULT_DAYS): the same "today" as the rest of the home.
 */
export function KpiBlock() {
  const { currentData: kpis, error, isFetching, refetch } = homeApi.useHomeKpisQuery();
  const canSearch = useMayOpen(paths.dashboard.searchFlights);
  const shown = kpis ? HOME_KPIS.flatMap((key) => kpis.find((kpi) => kpi.key === key) ?? []) : undefined;
  const quiet = shown?.every((kpi: Kpi) => kpi.value === 0 && !kpi.previous);

  return (
    <Card title="Last 30 days" aside={<BlockLink to={paths.dashboard.analytics}>Open analytics</BlockLink>}>
      {error ? (
        <LoadFailed
          title={isApiFailure(error) ? error.message : FALLBACK.fetchAnalytics}
          busy={isFetching}
          onRetry={() => void refetch()}
        />
      ) : !shown ? (
        <KpiCardsSkeleton
          count={HOME_KPIS.length}
          label="Loading the last 30 days' figures"
          className="lg:grid-cols-4"
        />
      ) : quiet || shown.length === 0 ? (
        <BlockEmpty
          icon={ChartNoAxesColumn}
          title="Nothing booked in the last 30 days"
          action={
            canSearch && (
              <Link to={paths.dashboard.searchFlights} className={buttonClasses('secondary')}>
                <Search aria-hidden="true" className="size-4" /> Search flights
              </Link>
            )
          }
        >
          Your searches, bookings, tickets and spend are counted here day by day, each against the period
          before, as your agency works.
        </BlockEmpty>
      ) : (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {shown.map((kpi) => (
            <KpiCard key={kpi.key} kpi={kpi} hint={HINTS[kpi.key]} />
          ))}
        </div>
      )}
    </Card>
  );
}
