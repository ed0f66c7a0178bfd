import type { Money, PassengerType, PricedItinerary } from '@skydesk/contract';
import { PASSENGER_TYPE_LABELS } from '@skydesk/contract';
import type { ReactNode } from 'react';
import { legLabel } from '../../../entities/bookings/booking-segments';
import { DayMark } from '../../../entities/itinerary/day-mark';
import { firstSegment, lastSegment, legsOf, stopsOf } from '../../../entities/itinerary/itinerary';
import { daysBetween, formatDay, formatDuration, formatTime } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { Card } from '../../../shared/ui/card';
import { OfferTimer } from './offer-timer';

/** "2 adults, 1 child". */
export function mixSummary(mix: PassengerType[]): string {
  const counts = new Map<PassengerType, number>();
  for (const type of mix) counts.set(type, (counts.get(type) ?? 0) + 1);
  return [...counts]
    .map(([type, count]) => {
      const label = PASSENGER_TYPE_LABELS[type].toLowerCase();
      return `${count} ${count === 1 ? label : type === 'child' ? 'children' : `${label}s`}`;
    })
    .join(', ');
}

type TripSummaryProps = {
  itinerary: PricedItinerary;
  mix: PassengerType[];
  /** The accepted total after a price change, when there was one. */
  total?: Money | null;
  /** The offer's countdown or other status, shown above the flights. */
  status?: ReactNode;
};

/** The chosen offer at a glance, kept in view while the agent fills in the booking. */
export function TripSummary({ itinerary, mix, total, status }: TripSummaryProps) {
  const legs = legsOf(itinerary);
  return (
    <Card title="Your trip" aside={status}>
      <ol className="space-y-3">
        {legs.map((leg, index) => {
          const first = firstSegment(leg);
          const last = lastSegment(leg);
          const stops = stopsOf(leg);
          const label = legLabel(itinerary.AirItinerary.DirectionInd, index, legs.length);
          const flights = leg.FlightSegment.map((s) => `${s.MarketingAirline.Code} ${s.FlightNumber}`).join(
            ', ',
          );
          return (
            <li key={`${first.DepartureDateTime}${first.FlightNumber}`} className="text-sm">
              <p className="text-slate-500 text-xs">
                {label && <span className="font-semibold text-indigo-700">{label} · </span>}
                {formatDay(first.DepartureDateTime)}
              </p>
              <p className="font-semibold text-slate-900 tabular-nums">
                {formatTime(first.DepartureDateTime)} {first.DepartureAirport.LocationCode} →{' '}
                {formatTime(last.ArrivalDateTime)}
                <DayMark days={daysBetween(first.DepartureDateTime, last.ArrivalDateTime)} />{' '}
                {last.ArrivalAirport.LocationCode}
              </p>
              <p className="text-slate-600 text-xs">
                {first.MarketingAirline.Name} · {flights} · {formatDuration(leg.ElapsedTime)} ·{' '}
                {stops === 0 ? 'Nonstop' : `${stops} stop${stops > 1 ? 's' : ''}`}
              </p>
            </li>
          );
        })}
      </ol>
      <dl className="mt-3 flex items-end justify-between gap-3 border-slate-100 border-t pt-3 text-sm">
        <div>
          <dt className="sr-only">Passengers</dt>
          <dd className="text-slate-600">{mixSummary(mix)}</dd>
        </div>
        <div className="text-right">
          <dt className="text-slate-500 text-xs">Total</dt>
          <dd className="font-semibold text-base text-slate-900 tabular-nums">
            {formatMoney(total ?? itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare)}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/**
 * The booking steps' summary beside the form: the offer's countdown in the card's corner while the
 * offer holds; once it has lapsed, the timer's expired notice under the card, where it is seen.
 */
export function OfferTripSummary({
  expired,
  ...summary
}: Omit<TripSummaryProps, 'status'> & { expired: boolean }) {
  const timer = <OfferTimer expiresAt={summary.itinerary.offer_expires_at} />;
  return (
    <>
      <TripSummary {...summary} status={expired ? null : timer} />
      {expired && timer}
    </>
  );
}
