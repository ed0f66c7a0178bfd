import { skipToken } from '@reduxjs/toolkit/query';
import { type Booking, EMPTY_RESULT } from '@skydesk/contract';
import { Search, Ticket } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LIST_WAITING_POLL_MS, waitingForAirline } from '../../../entities/bookings/airline-waiting';
import { firstDepartureInstant } from '../../../entities/bookings/booking-segments';
import { useMayOpen } from '../../../shared/access/dashboard-access';
import { isForbidden } from '../../../shared/access/require-permission';
import { paths } from '../../../shared/routing/paths';
import { useCompanyId } from '../../../shared/session/use-company-id';
import { Alert } from '../../../shared/ui/alert';
import { buttonClasses } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { bookingsApi } from '../bookings-api';
import { BookingRow } from '../components/booking-row';
import { PnrLookup } from '../components/pnr-lookup';

/** Holds first, the nearest deadline on top; then tickets, the nearest departure on top. */
function upcoming(bookings: Booking[], now: number) {
  const ahead = bookings.filter((booking) => firstDepartureInstant(booking.segments) > now);
  return {
    held: ahead
      .filter((booking) => booking.status === 'booked')
      .sort((a, b) => Date.parse(a.ticketing_deadline) - Date.parse(b.ticketing_deadline)),
    ticketed: ahead
      .filter((booking) => booking.status === 'ticketed')
      .sort((a, b) => firstDepartureInstant(a.segments) - firstDepartureInstant(b.segments)),
  };
}

function BookingGroup({ title, hint, bookings }: { title: string; hint: string; bookings: Booking[] }) {
  if (bookings.length === 0) return null;
  const id = `group-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <div className="mb-2 flex flex-wrap items-baseline gap-x-2">
        <h2 id={id} className="font-semibold text-slate-900">
          {title} <span className="font-normal text-slate-500">({bookings.length})</span>
        </h2>
        <p className="text-slate-500 text-sm">{hint}</p>
      </div>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {bookings.map((booking) => (
          <BookingRow key={booking.id} booking={booking} />
        ))}
      </ul>
    </section>
  );
}

/** /dashboard/flight-bookings (docs/product-spec.md §2): upcoming trips — holds to ticket, and tickets to fly — and a PNR look-up. */
export function FlightBookingsPage() {
  const companyId = useCompanyId();
  // Issue 29: asked again while a booking waits for its airline, so its row follows the answer.
  const [waiting, setWaiting] = useState(false);
  const {
    data: bookings,
    isError: failed,
    error,
  } = bookingsApi.useCompanyBookingsQuery(
    companyId ? { params: { id: companyId }, query: { status: 'booked,ticketed', limit: 100 } } : skipToken,
    { pollingInterval: waiting ? LIST_WAITING_POLL_MS : 0 },
  );
  const nowWaiting = Boolean(bookings?.some(waitingForAirline));
  useEffect(() => setWaiting(nowWaiting), [nowWaiting]);

  const canSearch = useMayOpen(paths.dashboard.searchFlights);
  const groups = bookings ? upcoming(bookings, Date.now()) : null;
  if (isForbidden(error)) return <ForbiddenScreen permission="bookings.view" />;
  return (
    <div className="mx-auto w-full max-w-5xl space-y-5">
      <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end sm:justify-between sm:p-5">
        <div>
          <h2 className="font-semibold text-slate-900">Upcoming trips</h2>
          <p className="text-slate-600 text-sm">
            Held bookings waiting for tickets, and ticketed trips yet to fly.{' '}
            <Link to={paths.dashboard.bookingHistory} className="font-medium text-indigo-700 hover:underline">
              All bookings
            </Link>
          </p>
        </div>
        <PnrLookup />
      </div>

      {failed ? (
        <Alert tone="error" title="Your bookings could not be loaded" />
      ) : !groups ? (
        <div role="status" aria-label="Loading bookings" className="space-y-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-24 animate-pulse rounded-2xl bg-slate-200/70" />
          ))}
        </div>
      ) : groups.held.length === 0 && groups.ticketed.length === 0 ? (
        <EmptyState
          icon={Ticket}
          title={EMPTY_RESULT.noBookings}
          actions={
            canSearch && (
              <Link to={paths.dashboard.searchFlights} className={buttonClasses('primary')}>
                <Search aria-hidden="true" className="size-4" /> Search flights
              </Link>
            )
          }
        >
          Nothing is held or about to fly. Bookings you make appear here until departure.
        </EmptyState>
      ) : (
        <>
          <BookingGroup
            title="Held"
            hint="Seats held: issue the tickets before the deadline or they are released."
            bookings={groups.held}
          />
          <BookingGroup
            title="Ticketed"
            hint="Ready to fly, nearest departure first."
            bookings={groups.ticketed}
          />
        </>
      )}
    </div>
  );
}
