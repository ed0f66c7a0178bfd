import { skipToken } from '@reduxjs/toolkit/query';
import { type Booking, FALLBACK } from '@skydesk/contract';
import { clsx } from 'clsx';
import { PlaneTakeoff } from 'lucide-react';
import { Link } from 'react-router';
import {
  firstDeparture,
  firstDepartureInstant,
  tripRoute,
} from '../../../../entities/bookings/booking-segments';
import { BookingStatusBadge } from '../../../../entities/bookings/booking-status-badge';
import { type AgencyDays, useAgencyToday } from '../../../../entities/company/agency-today';
import { formatDay, formatTime } from '../../../../shared/format/date-time';
import { isApiFailure } from '../../../../shared/http/api-error';
import { bookingDetailsPath } from '../../../../shared/routing/booking-paths';
import { paths } from '../../../../shared/routing/paths';
import { useCompanyId } from '../../../../shared/session/use-company-id';
import { Card } from '../../../../shared/ui/card';
import { LoadFailed } from '../../../../shared/ui/load-failed';
import { homeApi } from '../../home-api';
import { BlockEmpty, BlockLink, RowsSkeleton, travellersOf } from './block-parts';

/** The most departures the home lists; past it, the bookings screen has the rest. */
export const DEPARTURES_SHOWN = 20;

/** Bookings whose passengers fly: held (not ticketed yet: said so), ticketed, partly refunded. */
const FLYING = 'booked,ticketed,partially_refunded';

/**
 * The agency's passengers leaving today and tomorrow (`bookings.view`), soonest first. "Today" is
 * the agency's (its time zone, entities/company), and each flight's day is its airport's, as the
 * itinerary prints it (the contract's `departs_from`/`departs_to`).
 */
export function DeparturesBlock() {
  const days = useAgencyToday();
  const companyId = useCompanyId();
  const { today, tomorrow } = days;
  const {
    currentData: departures,
    error,
    isFetching,
    refetch,
  } = homeApi.useHomeBookingsQuery(
    companyId && today && tomorrow
      ? {
          params: { id: companyId },
          query: {
            status: FLYING,
            departs_from: today,
            departs_to: tomorrow,
            sort: 'departure',
            limit: DEPARTURES_SHOWN,
          },
        }
      : skipToken,
  );

  return (
    <Card
      title="Departures today and tomorrow"
      aside={<BlockLink to={paths.dashboard.flightBookings}>Upcoming trips</BlockLink>}
    >
      {days.failed ? (
        <LoadFailed
          title="Your agency's time zone could not be read"
          busy={days.loading}
          onRetry={days.retry}
        />
      ) : error ? (
        <LoadFailed
          title={isApiFailure(error) ? error.message : FALLBACK.fetchFlightBookings}
          busy={isFetching}
          onRetry={() => void refetch()}
        />
      ) : !departures || !today || !tomorrow ? (
        <RowsSkeleton label="Loading the departures" />
      ) : (
        <DepartureDays departures={departures} days={{ ...days, today, tomorrow }} />
      )}
    </Card>
  );
}

type KnownDays = AgencyDays & { today: string; tomorrow: string };

function DepartureDays({ departures, days }: { departures: Booking[]; days: KnownDays }) {
  const zoneNote = days.timeZone && (
    <p className="mt-3 text-slate-500 text-xs">
      Days are your agency's, in {days.timeZone.replaceAll('_', ' ')}; flight times are local to each airport.
    </p>
  );
  if (departures.length === 0)
    return (
      <>
        <BlockEmpty icon={PlaneTakeoff} title="No departures today or tomorrow">
          When your travellers fly, their flights show here on the day before and the day itself, with the
          booking to open.
        </BlockEmpty>
        {zoneNote}
      </>
    );
  const onDay = (day: string) =>
    departures.filter((booking) => firstDeparture(booking.segments).startsWith(day));
  return (
    <>
      <div className="space-y-4">
        <DepartureDay heading="Today" day={days.today} departures={onDay(days.today)} />
        <DepartureDay heading="Tomorrow" day={days.tomorrow} departures={onDay(days.tomorrow)} />
      </div>
      {departures.length >= DEPARTURES_SHOWN && (
        <p className="mt-3 text-slate-600 text-sm">
          The first {DEPARTURES_SHOWN} departures.{' '}
          <Link to={paths.dashboard.flightBookings} className="font-medium text-indigo-700 hover:underline">
            See every upcoming trip
          </Link>
        </p>
      )}
      {zoneNote}
    </>
  );
}

function DepartureDay({ heading, day, departures }: { heading: string; day: string; departures: Booking[] }) {
  const id = `departures-${heading.toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="font-medium text-slate-700 text-xs uppercase tracking-wide">
        {heading} <span className="font-normal text-slate-500 normal-case">· {formatDay(day)}</span>
      </h3>
      {departures.length === 0 ? (
        <p className="mt-1 text-slate-500 text-sm">Nobody flies {heading.toLowerCase()}.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {departures.map((booking) => (
            <DepartureRow key={booking.id} booking={booking} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DepartureRow({ booking }: { booking: Booking }) {
  const first = booking.segments[0];
  const departed = firstDepartureInstant(booking.segments) <= Date.now();
  return (
    <li className="grid grid-cols-[3.5rem_minmax(0,1fr)_auto] items-center gap-x-3 py-2.5">
      <p className="leading-tight">
        <time
          dateTime={first?.DepartureDateTime}
          className={clsx('block font-semibold tabular-nums', departed ? 'text-slate-400' : 'text-slate-900')}
        >
          {first ? formatTime(first.DepartureDateTime) : ''}
        </time>
        {departed && <span className="text-slate-500 text-xs">departed</span>}
      </p>
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900 text-sm">
          {tripRoute(booking.trip_type, booking.segments)}
        </p>
        <p className="truncate text-slate-600 text-xs">
          {first && (
            <span className="whitespace-nowrap">
              {first.MarketingAirline.Code} {first.FlightNumber} ·{' '}
            </span>
          )}
          <span className="uppercase">{travellersOf(booking)}</span>
        </p>
      </div>
      <div className="flex flex-col items-end gap-1">
        <Link
          to={bookingDetailsPath(booking.id)}
          className="rounded font-bold font-mono text-indigo-700 text-sm tracking-wider hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          {booking.pnr}
        </Link>
        {booking.status !== 'ticketed' && <BookingStatusBadge status={booking.status} />}
      </div>
    </li>
  );
}
