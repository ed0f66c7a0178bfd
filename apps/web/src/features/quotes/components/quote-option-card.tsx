import { CABIN_LABELS, type PublicQuoteOption, type QuoteOption } from '@skydesk/contract';
import { BadgeCheck, Luggage, RefreshCcw, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { legLabel, legRoute, legsOfSegments } from '../../../entities/bookings/booking-segments';
import { formatDay, formatDuration, formatTime } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';

const PLURAL = { adult: 'adults', child: 'children', infant: 'infants' } as const;

type QuoteOptionCardProps = {
  option: PublicQuoteOption | QuoteOption;
  /** The agency's view: net and margin beside the selling price (never on the client's page). */
  showNet?: boolean;
  /** Actions under the option (the agency's "Book this option"). */
  actions?: ReactNode;
};

/**
 * One option of a quote, as the client reads it: the flights leg by leg, the brand and what it
 * includes in words, and the selling price for the party — with the agency's net and margin when
 * asked for.
 */
export function QuoteOptionCard({ option, showNet = false, actions }: QuoteOptionCardProps) {
  const legs = legsOfSegments(option.segments);
  const agency = showNet && 'net' in option ? option : null;
  return (
    <article
      aria-label={`Option ${option.position}`}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-slate-100 border-b bg-slate-50/70 px-4 py-3 sm:px-5">
        <h3 className="font-semibold text-slate-900">
          Option {option.position}
          <span className="font-normal text-slate-600">
            {' · '}
            {CABIN_LABELS[option.cabin]} {option.brand_label ?? option.brand}
          </span>
        </h3>
        {/* Under the title on a phone, read from the left; beside it from sm, against the right edge. */}
        <p className="sm:text-right">
          <span className="font-semibold text-lg text-slate-900 tabular-nums">
            {formatMoney(option.selling)}
          </span>
          <span className="block text-slate-500 text-xs">
            total for{' '}
            {option.passengers
              .map((p) => `${p.quantity} ${p.quantity > 1 ? PLURAL[p.passenger_type] : p.passenger_type}`)
              .join(', ')}
          </span>
        </p>
      </header>
      <div className="space-y-3 px-4 py-3 sm:px-5">
        {legs.map((leg, index) => {
          const first = leg[0];
          const last = leg.at(-1);
          if (!first || !last) return null;
          const stops = leg.length - 1;
          const title = legLabel(option.trip_type, index, legs.length);
          return (
            <div key={`${first.DepartureDateTime}-${first.FlightNumber}`} className="text-sm">
              <p className="font-medium text-slate-500 text-xs uppercase tracking-wide">
                {title ? `${title} · ` : ''}
                {formatDay(first.DepartureDateTime)}
              </p>
              <p className="mt-0.5 flex flex-wrap items-baseline gap-x-2 text-slate-900">
                <span className="font-semibold tabular-nums">
                  {formatTime(first.DepartureDateTime)} {first.DepartureAirport.LocationCode}
                </span>
                <span aria-hidden="true" className="text-slate-400">
                  →
                </span>
                <span className="font-semibold tabular-nums">
                  {formatTime(last.ArrivalDateTime)} {last.ArrivalAirport.LocationCode}
                </span>
                <span className="text-slate-600">
                  {stops === 0 ? 'Direct' : `${stops} stop${stops > 1 ? 's' : ''}`}
                  {' · '}
                  {formatDuration(leg.reduce((minutes, segment) => minutes + segment.ElapsedTime, 0))}
                </span>
              </p>
              <p className="text-slate-600">
                {leg.map((segment) => `${segment.MarketingAirline.Code}${segment.FlightNumber}`).join(', ')} ·{' '}
                {legRoute(leg)}
              </p>
            </div>
          );
        })}
      </div>
      <ul
        aria-label="Included"
        className="grid gap-2 border-slate-100 border-t px-4 py-3 text-sm sm:grid-cols-3 sm:px-5"
      >
        <Inclusion
          icon={<Luggage aria-hidden="true" className="size-4" />}
          label="Baggage"
          text={option.includes.baggage}
        />
        <Inclusion
          icon={<RefreshCcw aria-hidden="true" className="size-4" />}
          label="Changes"
          text={option.includes.changes}
        />
        <Inclusion
          icon={<Undo2 aria-hidden="true" className="size-4" />}
          label="Refunds"
          text={option.includes.refunds}
        />
      </ul>
      {(agency || actions) && (
        <footer className="flex flex-wrap items-center justify-between gap-3 border-slate-100 border-t bg-slate-50/50 px-4 py-3 sm:px-5">
          {agency ? (
            <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
              <div className="flex gap-1.5">
                <dt className="text-slate-500">Net</dt>
                <dd className="font-medium text-slate-900 tabular-nums">{formatMoney(agency.net)}</dd>
              </div>
              <div className="flex gap-1.5">
                <dt className="text-slate-500">Margin</dt>
                <dd className="font-medium text-emerald-700 tabular-nums">{formatMoney(agency.margin)}</dd>
              </div>
            </dl>
          ) : (
            <span />
          )}
          {'booking_id' in option && option.booking_id ? (
            <span className="inline-flex items-center gap-1.5 font-medium text-emerald-700 text-sm">
              <BadgeCheck aria-hidden="true" className="size-4" /> Booked
            </span>
          ) : null}
          {actions}
        </footer>
      )}
    </article>
  );
}

function Inclusion({ icon, label, text }: { icon: ReactNode; label: string; text: string }) {
  return (
    <li className="flex items-start gap-2">
      <span className="mt-0.5 text-slate-400">{icon}</span>
      <span>
        <span className="block text-slate-500 text-xs">{label}</span>
        <span className="text-slate-800">{text}</span>
      </span>
    </li>
  );
}
