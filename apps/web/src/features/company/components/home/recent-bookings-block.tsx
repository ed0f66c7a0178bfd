import { skipToken } from '@reduxjs/toolkit/query';
import { type Booking, FALLBACK } from '@skydesk/contract';
import { BookOpen, Search } from 'lucide-react';
import { Link } from 'react-router';
import { WaitingBadge } from '../../../../entities/bookings/airline-waiting';
import { firstDeparture, tripRoute } from '../../../../entities/bookings/booking-segments';
import { BookingStatusBadge } from '../../../../entities/bookings/booking-status-badge';
import { useMayOpen } from '../../../../shared/access/dashboard-access';
import { formatDayTime, formatInstant } from '../../../../shared/format/date-time';
import { formatMoney } from '../../../../shared/format/money';
import { isApiFailure } from '../../../../shared/http/api-error';
import { bookingDetailsPath } from '../../../../shared/routing/booking-paths';
import { paths } from '../../../../shared/routing/paths';
import { useCompanyId } from '../../../../shared/session/use-company-id';
import { buttonClasses } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { LoadFailed } from '../../../../shared/ui/load-failed';
import { homeApi } from '../../home-api';
import { BlockEmpty, BlockLink, RowsSkeleton, travellersOf } from './block-parts';

export const RECENT_SHOWN = 5;

/** The agency's latest bookings, newest first, whatever their state (`bookings.view`). */
export function RecentBookingsBlock() {
  const companyId = useCompanyId();
  const canSearch = useMayOpen(paths.dashboard.searchFlights);
  const {
    currentData: bookings,
    error,
    isFetching,
    refetch,
  } = homeApi.useHomeBookingsQuery(
    companyId ? { params: { id: companyId }, query: { sort: 'created', limit: RECENT_SHOWN } } : skipToken,
  );

  return (
    <Card
      title="Recent bookings"
      aside={<BlockLink to={paths.dashboard.bookingHistory}>All bookings</BlockLink>}
    >
      {error ? (
        <LoadFailed
          title={isApiFailure(error) ? error.message : FALLBACK.fetchFlightBookings}
          busy={isFetching}
          onRetry={() => void refetch()}
        />
      ) : !bookings ? (
        <RowsSkeleton label="Loading the recent bookings" />
      ) : bookings.length === 0 ? (
        <BlockEmpty
          icon={BookOpen}
          title="No bookings yet"
          action={
            canSearch && (
              <Link to={paths.dashboard.searchFlights} className={buttonClasses('secondary')}>
                <Search aria-hidden="true" className="size-4" /> Search flights
              </Link>
            )
          }
        >
          Search a flight and hold it for your travellers: your agency's bookings are listed here, newest
          first.
        </BlockEmpty>
      ) : (
        <ul aria-label="Recent bookings, newest first" className="-mx-1 divide-y divide-slate-100">
          {bookings.map((booking) => (
            <RecentRow key={booking.id} booking={booking} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function RecentRow({ booking }: { booking: Booking }) {
  const departure = firstDeparture(booking.segments);
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-1 py-3">
      <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <Link
          to={bookingDetailsPath(booking.id)}
          className="rounded font-bold font-mono text-indigo-700 tracking-wider hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          {booking.pnr}
        </Link>
        <BookingStatusBadge status={booking.status} />
        <WaitingBadge booking={booking} />
      </p>
      <p className="text-right font-semibold text-slate-900 text-sm tabular-nums">
        {formatMoney(booking.total)}
      </p>
      <div className="col-span-2 min-w-0">
        <p className="truncate font-medium text-slate-900 text-sm">
          {tripRoute(booking.trip_type, booking.segments)}
          {departure && <span className="font-normal text-slate-600"> · {formatDayTime(departure)}</span>}
        </p>
        <p className="truncate text-slate-600 text-xs uppercase">{travellersOf(booking)}</p>
        <p className="text-slate-500 text-xs">
          Booked {formatInstant(booking.created_at)} by {booking.created_by.name}
        </p>
      </div>
    </li>
  );
}
