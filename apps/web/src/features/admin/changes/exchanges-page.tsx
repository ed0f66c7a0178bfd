import type { AdminExchange, ChangeOfferLeg, FlightSegment } from '@skydesk/contract';
import { ArrowRight, Repeat } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDayTime, formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { isApiFailure } from '../../../shared/http/api-error';
import { adminAgencyPath } from '../../../shared/routing/admin-paths';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { ListSkeleton } from '../components/list-states';
import { EXCHANGE_KIND, legRoute, moneyWent, signedMoney } from './change-words';
import { changesApi } from './changes-api';

/**
 * /admin/exchanges (issue 32): every change after ticketing, newest first — the booking and its
 * agency, what kind of change, the legs before and after, the three amounts apart (fare difference,
 * penalty, net) and where the money went, and the tickets each replaced.
 */
export function ExchangesPage() {
  const { currentData: exchanges, error, isError, isFetching, refetch } = changesApi.useExchangesQuery();

  let content: ReactNode;
  if (isApiFailure(error) && error.status === 403)
    content = <Alert tone="error" title="Exchanges are not open to your account" />;
  else if (isError)
    content = (
      <LoadFailed
        title="The exchanges could not be loaded"
        busy={isFetching}
        onRetry={() => void refetch()}
      />
    );
  else if (!exchanges) content = <ListSkeleton label="Loading the exchanges" />;
  else if (exchanges.length === 0)
    content = (
      <EmptyState icon={Repeat} title="No exchange yet">
        When an agency changes the flights of a ticketed booking, or takes an alternative to a schedule
        change, it appears here with its amounts.
      </EmptyState>
    );
  else content = <ExchangeTable exchanges={exchanges} busy={isFetching} />;

  return <div className="mx-auto w-full max-w-7xl space-y-4">{content}</div>;
}

const COLUMNS = [
  { label: 'Booking', className: 'w-56 pl-5 pr-3' },
  { label: 'Flights before → after', className: 'px-3' },
  { label: 'Amounts', className: 'w-64 px-3' },
  { label: 'Tickets', className: 'w-44 pr-5 pl-3' },
];

function ExchangeTable({ exchanges, busy }: { exchanges: AdminExchange[]; busy: boolean }) {
  return (
    <section aria-labelledby="exchange-list-title" aria-busy={busy || undefined}>
      <h2 id="exchange-list-title" className="sr-only">
        Exchanges
      </h2>
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full text-sm lg:table-fixed">
          <thead className="hidden bg-slate-50 text-left text-slate-500 text-xs lg:table-header-group">
            <tr>
              {COLUMNS.map(({ label, className }) => (
                <th key={label} scope="col" className={`py-2 font-medium ${className}`}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {exchanges.map((exchange) => (
              <ExchangeRow key={exchange.id} exchange={exchange} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** One exchange: a table row on a wide screen, a card on a phone (its cells stacked). */
function ExchangeRow({ exchange }: { exchange: AdminExchange }) {
  const went = moneyWent(exchange);
  return (
    <tr
      aria-label={`${EXCHANGE_KIND[exchange.kind]} of ${exchange.pnr} for ${exchange.company.name}`}
      className="flex flex-col gap-3 px-4 py-4 lg:table-row lg:p-0"
    >
      <td className="min-w-0 lg:table-cell lg:py-3 lg:pr-3 lg:pl-5 lg:align-top">
        <span className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 lg:block">
          <span className="font-mono font-semibold text-slate-900 tracking-wider">{exchange.pnr}</span>
          <span className="lg:hidden">
            <KindBadge kind={exchange.kind} />
          </span>
        </span>
        <Link
          to={adminAgencyPath(exchange.company.id)}
          className="block break-words font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          {exchange.company.name}
        </Link>
        <span className="mt-1.5 hidden lg:block">
          <KindBadge kind={exchange.kind} />
        </span>
        <span className="mt-1 block text-slate-500 text-xs">
          <time dateTime={exchange.created_at}>{formatInstant(exchange.created_at)}</time>
          {exchange.actor && <> · by {exchange.actor.name}</>}
        </span>
      </td>
      <td className="min-w-0 lg:table-cell lg:px-3 lg:py-3 lg:align-top">
        <LegChanges before={exchange.before} after={exchange.after} />
      </td>
      <td className="lg:table-cell lg:px-3 lg:py-3 lg:align-top">
        <div className="rounded-lg bg-slate-50 px-3 py-2 lg:bg-transparent lg:p-0">
          <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5">
            <dt className="whitespace-nowrap text-slate-500">Fare difference</dt>
            <dd className="text-right text-slate-900 tabular-nums">
              {signedMoney(exchange.fare_difference)}
            </dd>
            <dt className="text-slate-500">Penalty</dt>
            <dd className="text-right text-slate-900 tabular-nums">{formatMoney(exchange.penalty)}</dd>
            <dt className="font-medium text-slate-700">Net</dt>
            <dd className="text-right font-semibold text-slate-900 tabular-nums">
              {signedMoney(exchange.change_total)}
            </dd>
          </dl>
          <p className={`mt-1 text-xs ${WENT_TONE[went.way]}`}>{went.text}</p>
        </div>
      </td>
      <td className="lg:table-cell lg:py-3 lg:pr-5 lg:pl-3 lg:align-top">
        <TicketChain tickets={exchange.tickets} />
      </td>
    </tr>
  );
}

const WENT_TONE: Record<ReturnType<typeof moneyWent>['way'], string> = {
  debited: 'font-medium text-amber-800',
  credited: 'font-medium text-emerald-700',
  none: 'text-slate-600',
};

function KindBadge({ kind }: { kind: AdminExchange['kind'] }) {
  return <Badge tone={kind === 'exchange' ? 'indigo' : 'sky'}>{EXCHANGE_KIND[kind]}</Badge>;
}

const flightName = (segment: FlightSegment) => `${segment.MarketingAirline.Code}${segment.FlightNumber}`;

/** Each leg changed, paired by its index: the route, then its flights before (struck) and after. */
function LegChanges({ before, after }: { before: ChangeOfferLeg[]; after: ChangeOfferLeg[] }) {
  const indexes = [...new Set([...before, ...after].map((leg) => leg.leg_index))].sort((a, b) => a - b);
  return (
    <ul className="space-y-2.5">
      {indexes.map((index) => {
        const old = before.find((leg) => leg.leg_index === index);
        const next = after.find((leg) => leg.leg_index === index);
        return (
          <li key={index} className="min-w-0">
            <span className="block text-slate-500 text-xs">
              Leg {index + 1} · {legRoute((next ?? old)!)}
            </span>
            <LegFlights leg={old} struck />
            <span className="flex items-baseline gap-1.5">
              <ArrowRight aria-hidden="true" className="size-3.5 shrink-0 translate-y-0.5 text-slate-400" />
              <span className="sr-only">became</span>
              <LegFlights leg={next} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function LegFlights({ leg, struck = false }: { leg: ChangeOfferLeg | undefined; struck?: boolean }) {
  if (!leg) return <span className="block text-slate-400">—</span>;
  return (
    <span
      className={
        struck
          ? 'block text-slate-500 line-through decoration-slate-400'
          : 'block min-w-0 font-medium text-slate-900'
      }
    >
      {leg.segments.map((segment, i) => (
        <span key={`${flightName(segment)}-${segment.DepartureDateTime}`}>
          {i > 0 && ' + '}
          <span className="whitespace-nowrap">
            {flightName(segment)} {formatDayTime(segment.DepartureDateTime)}
          </span>
        </span>
      ))}
    </span>
  );
}

function TicketChain({ tickets }: { tickets: AdminExchange['tickets'] }) {
  if (tickets.length === 0) return <span className="text-slate-500">No ticket reissued</span>;
  return (
    <ul aria-label="Tickets exchanged" className="space-y-1.5 font-mono text-xs lg:space-y-2">
      {tickets.map((ticket) => (
        <li key={ticket.from} className="flex flex-wrap items-center gap-x-1.5 lg:block">
          <span className="text-slate-500 line-through decoration-slate-400 lg:block">{ticket.from}</span>
          <span className="inline-flex items-center gap-1.5 lg:flex">
            <ArrowRight aria-hidden="true" className="size-3 text-slate-400" />
            <span className="sr-only">replaced by</span>
            <span className="text-slate-900">{ticket.to}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
