import type { FlightSegment } from '@skydesk/contract';
import { legRoute } from '../../../entities/bookings/booking-segments';
import { DayMark } from '../../../entities/itinerary/day-mark';
import { instantOf } from '../../../entities/itinerary/itinerary';
import { daysBetween, formatDay, formatDuration, formatTime } from '../../../shared/format/date-time';

const stopsText = (flights: number) =>
  flights <= 1 ? 'Nonstop' : `${flights - 1} stop${flights > 2 ? 's' : ''}`;

/** How long a leg takes door to door, from its first departure to its last arrival (local times with offsets). */
const legMinutes = (segments: FlightSegment[]) => {
  const first = segments[0];
  const last = segments.at(-1);
  if (!first || !last) return 0;
  return Math.round(
    (instantOf(last.ArrivalDateTime, last.ArrivalUTCOffset) -
      instantOf(first.DepartureDateTime, first.DepartureUTCOffset)) /
      60_000,
  );
};

/** "Outbound · LHR → JFK · 7h 55m · Nonstop" — a leg's heading line. */
export function LegHeading({ label, segments }: { label: string | null; segments: FlightSegment[] }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
      {label && <span className="font-semibold text-indigo-700">{label}</span>}
      <span className="font-semibold text-slate-900">{legRoute(segments)}</span>
      <span className="text-slate-500">
        {formatDuration(legMinutes(segments))} · {stopsText(segments.length)}
      </span>
    </p>
  );
}

/**
 * A leg's flights, one line each in airport-local times: "Fri 25 Dec · 08:25 LHR → 11:20 JFK ·
 * BA 117". Compact, for the change panel's current flights and offers and the changes' chain.
 */
export function LegFlights({ segments, muted = false }: { segments: FlightSegment[]; muted?: boolean }) {
  return (
    <ul className={muted ? 'space-y-0.5 text-slate-500 text-sm' : 'space-y-0.5 text-slate-800 text-sm'}>
      {segments.map((segment) => (
        <li
          key={`${segment.MarketingAirline.Code}${segment.FlightNumber}${segment.DepartureDateTime}`}
          className="flex flex-wrap items-baseline gap-x-2"
        >
          <span className="text-slate-500">{formatDay(segment.DepartureDateTime)}</span>
          <span className="tabular-nums">
            <span className="font-semibold">{formatTime(segment.DepartureDateTime)}</span>{' '}
            {segment.DepartureAirport.LocationCode} →{' '}
            <span className="font-semibold">{formatTime(segment.ArrivalDateTime)}</span>
            <DayMark days={daysBetween(segment.DepartureDateTime, segment.ArrivalDateTime)} />{' '}
            {segment.ArrivalAirport.LocationCode}
          </span>
          <span className="font-medium text-slate-700">
            {segment.MarketingAirline.Code} {segment.FlightNumber}
          </span>
        </li>
      ))}
    </ul>
  );
}
