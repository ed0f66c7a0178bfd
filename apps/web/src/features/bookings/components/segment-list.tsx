import type { AirItineraryPricingInfo, BookingSegment, TripType } from '@skydesk/contract';
import { CABIN_LABELS } from '@skydesk/contract';
import { Clock, Luggage } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AirportDirectory } from '../../../entities/airports/use-airports';
import {
  fareOfSegment,
  legLabel,
  legRoute,
  legsOfSegments,
} from '../../../entities/bookings/booking-segments';
import { DayMark } from '../../../entities/itinerary/day-mark';
import { baggageLabel, instantOf } from '../../../entities/itinerary/itinerary';
import { daysBetween, formatDay, formatDuration, formatTime } from '../../../shared/format/date-time';
import { LocalTimesNote } from '../../../shared/ui/local-times-note';

const place = (airports: AirportDirectory | undefined, code: string, terminal: string | null) => {
  const airport = airports?.byCode.get(code);
  const name = airport ? `${airport.city} · ${airport.name}` : code;
  return terminal ? `${name} · T${terminal}` : name;
};

/** One end of a flight: the local time (and its day mark), airport code, day, city and terminal. */
function SegmentEnd(props: {
  at: string;
  airport: BookingSegment['DepartureAirport'];
  airports: AirportDirectory | undefined;
  dayMark?: ReactNode;
}) {
  const { at, airport, airports, dayMark } = props;
  return (
    <>
      <span className="font-semibold text-slate-900 tabular-nums">
        {formatTime(at)}
        {dayMark}
      </span>
      <span className="min-w-0">
        <span className="font-semibold text-slate-900">{airport.LocationCode}</span>{' '}
        <span className="text-slate-600">
          {formatDay(at)} · {place(airports, airport.LocationCode, airport.Terminal)}
        </span>
      </span>
    </>
  );
}

type SegmentListProps = {
  segments: BookingSegment[];
  tripType: TripType;
  pricing: AirItineraryPricingInfo;
  airports?: AirportDirectory;
  /** Fewer details: times, airports and flight only (review screens). */
  compact?: boolean;
};

/**
 * The flights of a booking, leg by leg, in airport-local times (docs/api.md: segments carry local
 * times and their UTC offsets), with connections, cabin, booking class and baggage.
 */
export function SegmentList({ segments, tripType, pricing, airports, compact = false }: SegmentListProps) {
  const legs = legsOfSegments(segments);
  let position = -1;
  return (
    <div className="space-y-4">
      {legs.map((leg, legIndex) => {
        const label = legLabel(tripType, legIndex, legs.length);
        const first = leg[0] as BookingSegment;
        const last = leg.at(-1) as BookingSegment;
        const minutes = Math.round(
          (instantOf(last.ArrivalDateTime, last.ArrivalUTCOffset) -
            instantOf(first.DepartureDateTime, first.DepartureUTCOffset)) /
            60_000,
        );
        return (
          <div key={`${first.DepartureDateTime}-${first.FlightNumber}`}>
            <p className="mb-2 flex flex-wrap items-baseline gap-x-2 text-sm">
              {label && <span className="font-semibold text-indigo-700">{label}</span>}
              <span className="font-semibold text-slate-900">{legRoute(leg)}</span>
              <span className="text-slate-500">
                {formatDuration(minutes)} ·{' '}
                {leg.length === 1 ? 'Nonstop' : `${leg.length - 1} stop${leg.length > 2 ? 's' : ''}`}
              </span>
            </p>
            <ol className="space-y-2">
              {leg.map((segment, index) => {
                position += 1;
                const fare = fareOfSegment(pricing, position);
                const previous = index > 0 ? leg[index - 1] : undefined;
                const layover = previous
                  ? Math.round(
                      (instantOf(segment.DepartureDateTime, segment.DepartureUTCOffset) -
                        instantOf(previous.ArrivalDateTime, previous.ArrivalUTCOffset)) /
                        60_000,
                    )
                  : null;
                return (
                  <li
                    key={`${segment.MarketingAirline.Code}${segment.FlightNumber}${segment.DepartureDateTime}`}
                  >
                    {layover !== null && (
                      <p className="mb-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-1 text-amber-900 text-xs">
                        Connection in {segment.DepartureAirport.LocationCode}: {formatDuration(layover)}
                      </p>
                    )}
                    <div className="grid gap-x-4 gap-y-2 rounded-xl bg-slate-50 p-3 sm:grid-cols-[1fr_auto]">
                      <div className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                        <SegmentEnd
                          at={segment.DepartureDateTime}
                          airport={segment.DepartureAirport}
                          airports={airports}
                        />
                        <SegmentEnd
                          at={segment.ArrivalDateTime}
                          airport={segment.ArrivalAirport}
                          airports={airports}
                          dayMark={
                            <DayMark days={daysBetween(segment.DepartureDateTime, segment.ArrivalDateTime)} />
                          }
                        />
                      </div>
                      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600 text-xs sm:flex-col sm:items-end sm:text-right">
                        <span className="font-medium text-slate-900 text-sm">
                          {segment.MarketingAirline.Code} {segment.FlightNumber}
                          <span className="font-normal text-slate-500">
                            {' '}
                            · {segment.MarketingAirline.Name}
                          </span>
                        </span>
                        <span className="inline-flex items-center gap-1">
                          <Clock aria-hidden="true" className="size-3.5" />
                          {formatDuration(segment.ElapsedTime)}
                        </span>
                        {!compact && (
                          <span>
                            {CABIN_LABELS[segment.CabinClass]} · class {segment.ResBookDesigCode}
                            {segment.OperatingAirline.Code !== segment.MarketingAirline.Code &&
                              ` · operated by ${segment.OperatingAirline.Name}`}
                          </span>
                        )}
                        {fare && (
                          <span className="inline-flex items-center gap-1">
                            <Luggage aria-hidden="true" className="size-3.5" />
                            {baggageLabel(fare.Baggage)}
                            {!compact && ` · ${fare.BrandName}`}
                          </span>
                        )}
                      </div>
                    </div>
                  </li>
                );
              })}
            </ol>
          </div>
        );
      })}
      <LocalTimesNote />
    </div>
  );
}
