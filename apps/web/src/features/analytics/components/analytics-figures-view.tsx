import { Users } from 'lucide-react';
import { KpiCard } from '../../../entities/kpi/kpi-card';
import { formatKpiRange } from '../../../entities/kpi/kpi-period';
import type { KpiRange } from '../../../entities/kpi/kpi-range';
import { ChartCard } from '../../../shared/charts/chart-card';
import { DailyChart } from '../../../shared/charts/daily-chart';
import { COUNT } from '../../../shared/charts/measure';
import { RankingChart } from '../../../shared/charts/ranking-chart';
import { ShareChart } from '../../../shared/charts/share-chart';
import {
  CARD_HINTS,
  CARD_KEYS,
  dailySeries,
  EARNINGS_KEYS,
  type KpisByKey,
  OUTCOMES_DESCRIPTION,
  spendOf,
  staffTable,
} from '../analytics-figures';

type AnalyticsFiguresViewProps = { kpis: KpisByKey; range: KpiRange };

/** The figures of a range: the cards, the daily chart, the rankings, the outcomes and the staff. */
export function AnalyticsFiguresView({ kpis, range }: AnalyticsFiguresViewProps) {
  const days = formatKpiRange(range);
  const fileNameParts = [range.from, 'to', range.to];
  return (
    <>
      <section aria-labelledby="analytics-cards-title">
        <h2 id="analytics-cards-title" className="sr-only">
          Key figures
        </h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          {CARD_KEYS.map((key) => {
            const kpi = kpis[key];
            return kpi ? <KpiCard key={key} kpi={kpi} hint={CARD_HINTS[key]} /> : null;
          })}
        </div>
      </section>

      {EARNINGS_KEYS.some((key) => kpis[key]) && (
        <section aria-labelledby="analytics-earnings-title" className="space-y-2">
          <h2 id="analytics-earnings-title" className="font-semibold text-slate-900">
            Earnings
          </h2>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {EARNINGS_KEYS.map((key) => {
              const kpi = kpis[key];
              return kpi ? <KpiCard key={key} kpi={kpi} hint={CARD_HINTS[key]} /> : null;
            })}
          </div>
        </section>
      )}

      <DailyChart
        title="Daily spend and tickets"
        description={`Per day, ${days}`}
        series={dailySeries(kpis)}
        fileNameParts={fileNameParts}
        emptyHint="Tickets you issue in these days show here, day by day. Try a longer period."
      />

      <div className="grid items-start gap-5 lg:grid-cols-2">
        {kpis.top_routes && (
          <RankingChart
            title="Top routes"
            description="By bookings made in these days"
            items={kpis.top_routes.items}
            itemLabel="Route"
            valueLabel="Bookings"
            amount={spendOf(kpis.top_routes)}
            fileNameParts={fileNameParts}
            emptyHint="The routes your agency books most rank here."
          />
        )}
        {kpis.top_airlines && (
          <RankingChart
            title="Top airlines"
            description="By bookings made in these days"
            items={kpis.top_airlines.items}
            itemLabel="Airline"
            valueLabel="Bookings"
            amount={spendOf(kpis.top_airlines)}
            fileNameParts={fileNameParts}
            emptyHint="The airlines your agency books most rank here."
          />
        )}
        {kpis.outcomes && (
          <ShareChart
            title="Booking outcomes"
            description={OUTCOMES_DESCRIPTION}
            items={kpis.outcomes.items}
            itemLabel="Outcome"
            valueLabel="Outcomes"
            measure={COUNT}
            fileNameParts={fileNameParts}
            emptyHint="Held, ticketed, cancelled or expired: each booking's outcome shows here."
          />
        )}
        {kpis.staff && (
          <ChartCard
            title="Staff"
            description="Bookings made by each member of your team, their spend and margin"
            table={staffTable(kpis.staff)}
            fileNameParts={fileNameParts}
            empty={
              kpis.staff.items.length === 0
                ? {
                    icon: Users,
                    title: 'No bookings by your team yet',
                    hint: 'Each member’s bookings and spend show here.',
                  }
                : null
            }
          />
        )}
      </div>
    </>
  );
}
