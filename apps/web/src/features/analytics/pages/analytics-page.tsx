import { skipToken } from '@reduxjs/toolkit/query';
import { ChartNoAxesCombined, FileSpreadsheet, Search } from 'lucide-react';
import { Link } from 'react-router';
import { useAgencyToday } from '../../../entities/company/agency-today';
import { kpiApi } from '../../../entities/kpi/kpi-api';
import { KpiCardsSkeleton } from '../../../entities/kpi/kpi-card';
import { KpiPeriod } from '../../../entities/kpi/kpi-period';
import { presetRange } from '../../../entities/kpi/kpi-range';
import { KpiRangePicker } from '../../../entities/kpi/kpi-range-picker';
import { kpiReportCsv } from '../../../entities/kpi/kpi-report-csv';
import { useKpiSelection } from '../../../entities/kpi/use-kpi-selection';
import { useMayOpen } from '../../../shared/access/dashboard-access';
import { isForbidden } from '../../../shared/access/require-permission';
import { csvFileName, downloadCsv } from '../../../shared/charts/csv';
import { isApiFailure } from '../../../shared/http/api-error';
import { paths } from '../../../shared/routing/paths';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { breakdownTables, byKey, isQuiet } from '../analytics-figures';
import { AnalyticsFiguresView } from '../components/analytics-figures-view';

/**
 * /dashboard/analytics (issue 15, analytics.view): the agency's figures for a period of its own
 * days — presets or chosen days, kept in the address — each against the period of equal length
 * before, with the daily spend and tickets, the top routes and airlines, the bookings' outcomes,
 * the staff's figures, and every number as CSV.
 */
export function AnalyticsPage() {
  const [selection, setSelection] = useKpiSelection();
  // The agency's today, not the browser's: a preset waits for the agency's zone (its profile).
  const { timeZone, today, failed: zoneFailed, loading: zoneLoading, retry: retryZone } = useAgencyToday();
  const range =
    selection.preset === 'custom' ? selection.range : today ? presetRange(selection.preset, today) : null;
  const figures = kpiApi.useCompanyKpiQuery(
    range ? { query: { fromDate: range.from, toDate: range.to } } : skipToken,
  );
  const kpis = figures.currentData;

  if (isForbidden(figures.error)) return <ForbiddenScreen permission="analytics.view" />;

  const exportAll = () => {
    if (!kpis || !range || !timeZone) return;
    const csv = kpiReportCsv({
      title: 'SkyDesk analytics',
      range,
      timeZone,
      figures: kpis.filter((kpi) => kpi.previous !== null),
      sections: breakdownTables(byKey(kpis)),
    });
    downloadCsv(csvFileName('analytics', range.from, 'to', range.to), csv);
  };

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5" aria-busy={figures.isFetching || undefined}>
      <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 lg:flex-row lg:items-start lg:justify-between">
        <KpiRangePicker selection={selection} onChange={setSelection} range={range} today={today} />
        <Button
          variant="secondary"
          className="shrink-0 self-start"
          disabled={!kpis || !range || !timeZone}
          onClick={exportAll}
        >
          <FileSpreadsheet aria-hidden="true" className="size-4" /> Export all as CSV
        </Button>
      </div>

      {range && timeZone && <KpiPeriod range={range} timeZone={timeZone} />}

      {zoneFailed ? (
        <LoadFailed
          title="Your agency's time zone could not be read, so its days are unknown"
          busy={zoneLoading}
          onRetry={retryZone}
        />
      ) : figures.isError ? (
        <LoadFailed
          title={isApiFailure(figures.error) ? figures.error.message : 'Failed to fetch analytics.'}
          busy={figures.isFetching}
          onRetry={() => void figures.refetch()}
        />
      ) : !kpis || !range ? (
        <AnalyticsSkeleton />
      ) : isQuiet(kpis) ? (
        <QuietPeriod
          onYearToDate={selection.preset === 'ytd' ? null : () => setSelection({ preset: 'ytd' })}
        />
      ) : (
        <AnalyticsFiguresView kpis={byKey(kpis)} range={range} />
      )}
    </div>
  );
}

function AnalyticsSkeleton() {
  return (
    <div className="space-y-5">
      <KpiCardsSkeleton count={9} />
      <div className="h-72 animate-pulse rounded-2xl bg-slate-200/70" />
    </div>
  );
}

/** Nothing in the period nor the one before: where figures come from, and a longer period to try. */
function QuietPeriod({ onYearToDate }: { onYearToDate: (() => void) | null }) {
  const maySearch = useMayOpen(paths.dashboard.searchFlights);
  return (
    <EmptyState
      icon={ChartNoAxesCombined}
      title="No activity in these days"
      actions={
        <>
          {maySearch && (
            <Link to={paths.dashboard.searchFlights} className={buttonClasses('primary')}>
              <Search aria-hidden="true" className="size-4" /> Search flights
            </Link>
          )}
          {onYearToDate && (
            <Button variant="secondary" onClick={onYearToDate}>
              Show the year to date
            </Button>
          )}
        </>
      }
    >
      Your agency's searches, bookings and tickets are counted here as they happen. Try a longer period, or
      make a booking.
    </EmptyState>
  );
}
