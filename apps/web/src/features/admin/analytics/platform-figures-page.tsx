import { ChartNoAxesCombined, FileSpreadsheet, Percent } from 'lucide-react';
import { KpiCard, KpiCardsSkeleton } from '../../../entities/kpi/kpi-card';
import { formatKpiRange, KpiPeriod } from '../../../entities/kpi/kpi-period';
import { type KpiRange, presetRange, todayIn } from '../../../entities/kpi/kpi-range';
import { KpiRangePicker } from '../../../entities/kpi/kpi-range-picker';
import { kpiReportCsv } from '../../../entities/kpi/kpi-report-csv';
import { useKpiSelection } from '../../../entities/kpi/use-kpi-selection';
import { ChartCard } from '../../../shared/charts/chart-card';
import { csvFileName, downloadCsv } from '../../../shared/charts/csv';
import { DailyChart } from '../../../shared/charts/daily-chart';
import { COUNT } from '../../../shared/charts/measure';
import { RankingChart } from '../../../shared/charts/ranking-chart';
import { ShareChart } from '../../../shared/charts/share-chart';
import { isApiFailure } from '../../../shared/http/api-error';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadFailed } from '../../../shared/ui/load-failed';
import {
  APPROVAL_KEYS,
  agencyStatusItems,
  decisionsOf,
  isPlatformQuiet,
  PLATFORM_CARD_KEYS,
  type PlatformKpis,
  platformByKey,
  platformDailySeries,
  platformMarginTable,
  platformSections,
  salesOf,
} from './platform-figures';
import { platformKpiApi } from './platform-kpi-api';

/** The platform counts UTC days (contract AdminKpis): one calendar for every agency's zone. */
const PLATFORM_ZONE = 'UTC';

/**
 * /admin/kpi (issue 15): the platform's figures for a range of UTC days — the same presets and
 * cards as an agency's analytics — with its agencies by status, the daily bookings and sales, the
 * top agencies and how long operators take to approve agencies and deposits; every figure as CSV.
 */
export function PlatformFiguresPage() {
  const [selection, setSelection] = useKpiSelection();
  const today = todayIn(PLATFORM_ZONE);
  const range = selection.preset === 'custom' ? selection.range : presetRange(selection.preset, today);
  const figures = platformKpiApi.usePlatformKpiQuery({ query: { fromDate: range.from, toDate: range.to } });
  const answer = figures.currentData;

  const exportAll = () => {
    if (!answer) return;
    const csv = kpiReportCsv({
      title: 'SkyDesk platform figures',
      range,
      timeZone: PLATFORM_ZONE,
      figures: answer.kpis
        .filter((kpi) => kpi.previous !== null)
        .map((kpi) => ({ ...kpi, none: decisionsOf(kpi) === 0 })),
      sections: platformSections(answer),
    });
    downloadCsv(csvFileName('platform-figures', range.from, 'to', range.to), csv);
  };

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5" aria-busy={figures.isFetching || undefined}>
      <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 lg:flex-row lg:items-start lg:justify-between">
        <KpiRangePicker selection={selection} onChange={setSelection} range={range} today={today} />
        <Button variant="secondary" className="shrink-0 self-start" disabled={!answer} onClick={exportAll}>
          <FileSpreadsheet aria-hidden="true" className="size-4" /> Export all as CSV
        </Button>
      </div>

      <KpiPeriod range={range} timeZone={PLATFORM_ZONE} />

      {isApiFailure(figures.error) && figures.error.status === 403 ? (
        <Alert tone="error" title="The platform figures are not open to your account" />
      ) : figures.isError ? (
        <LoadFailed
          title={
            isApiFailure(figures.error) ? figures.error.message : 'The platform figures could not be loaded'
          }
          busy={figures.isFetching}
          onRetry={() => void figures.refetch()}
        />
      ) : !answer ? (
        <div className="space-y-5">
          <KpiCardsSkeleton count={8} label="Loading the platform figures" className="lg:grid-cols-4" />
          <div className="h-72 animate-pulse rounded-2xl bg-slate-200/70" />
        </div>
      ) : isPlatformQuiet(answer) ? (
        <EmptyState
          icon={ChartNoAxesCombined}
          title="No activity in these days"
          actions={
            selection.preset !== 'ytd' && (
              <Button variant="secondary" onClick={() => setSelection({ preset: 'ytd' })}>
                Show the year to date
              </Button>
            )
          }
        >
          No agency registered, booked or deposited in these days. Try a longer period.
        </EmptyState>
      ) : (
        <PlatformFigures
          kpis={platformByKey(answer.kpis)}
          range={range}
          statusItems={agencyStatusItems(answer)}
        />
      )}
    </div>
  );
}

type PlatformFiguresProps = {
  kpis: PlatformKpis;
  range: KpiRange;
  statusItems: ReturnType<typeof agencyStatusItems>;
};

function PlatformFigures({ kpis, range, statusItems }: PlatformFiguresProps) {
  const fileNameParts = [range.from, 'to', range.to];
  return (
    <>
      <section aria-labelledby="platform-cards-title">
        <h2 id="platform-cards-title" className="sr-only">
          Key figures
        </h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {PLATFORM_CARD_KEYS.map((key) => {
            const kpi = kpis[key];
            return kpi ? <KpiCard key={key} kpi={kpi} /> : null;
          })}
        </div>
      </section>

      <DailyChart
        title="Daily bookings and sales"
        description={`Per UTC day, ${formatKpiRange(range)}`}
        series={platformDailySeries(kpis)}
        fileNameParts={fileNameParts}
        emptyHint="Bookings and sales of every agency show here day by day. Try a longer period."
      />

      <div className="grid items-start gap-5 lg:grid-cols-2">
        <div className="grid gap-5">
          {kpis.top_agencies && (
            <RankingChart
              title="Top agencies"
              description="By bookings made in these days"
              items={kpis.top_agencies.items}
              itemLabel="Agency"
              valueLabel="Bookings"
              amount={salesOf(kpis.top_agencies)}
              fileNameParts={fileNameParts}
              emptyHint="The agencies booking most rank here."
            />
          )}
          <ApprovalTimes kpis={kpis} />
          <PlatformMargin kpis={kpis} fileNameParts={fileNameParts} />
        </div>
        <ShareChart
          title="Agencies by status"
          description="Every agency on the platform now, by review state"
          items={statusItems}
          itemLabel="Status"
          valueLabel="Agencies"
          measure={COUNT}
          emptyHint="Agencies show here from their registration."
        />
      </div>
    </>
  );
}

/** Issue 33: the platform rules' margin by supplier and by agency, largest first. */
function PlatformMargin({ kpis, fileNameParts }: { kpis: PlatformKpis; fileNameParts: string[] }) {
  const sections = [
    { kpi: kpis.platform_margin, title: 'Platform margin by supplier', itemLabel: 'Supplier' },
    { kpi: kpis.platform_margin_by_agency, title: 'Platform margin by agency', itemLabel: 'Agency' },
  ];
  return (
    <>
      {sections.map(({ kpi, title, itemLabel }) =>
        kpi ? (
          <ChartCard
            key={title}
            title={title}
            description="What the platform's rules added to suppliers' prices, on tickets issued in these days"
            table={platformMarginTable(kpi, itemLabel)}
            fileNameParts={fileNameParts}
            empty={
              kpi.items.length === 0
                ? {
                    icon: Percent,
                    title: 'No platform margin yet',
                    hint: 'Tickets sold under platform rules show here.',
                  }
                : null
            }
          />
        ) : null,
      )}
    </>
  );
}

/** How long agencies and deposits wait for an operator's decision: lower is better. */
function ApprovalTimes({ kpis }: { kpis: PlatformKpis }) {
  const shown = APPROVAL_KEYS.flatMap((key) => kpis[key] ?? []);
  if (shown.length === 0) return null;
  return (
    <Card title="Approval times">
      <p className="-mt-2 mb-3 text-slate-500 text-sm">
        Average from submission to decision, for decisions taken in these days
      </p>
      <div className="grid grid-cols-2 gap-3">
        {shown.map((kpi) => (
          <KpiCard
            key={kpi.key}
            kpi={kpi}
            none={decisionsOf(kpi) === 0 ? 'No decisions in these days' : undefined}
            className="shadow-none"
          />
        ))}
      </div>
    </Card>
  );
}
