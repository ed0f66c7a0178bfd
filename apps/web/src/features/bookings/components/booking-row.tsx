import type { Booking } from '@skydesk/contract';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { WaitingBadge, waitingForAirline } from '../../../entities/bookings/airline-waiting';
import { firstDeparture, tripRoute } from '../../../entities/bookings/booking-segments';
import { BookingStatusBadge } from '../../../entities/bookings/booking-status-badge';
import { DeadlineCountdown } from '../../../entities/bookings/deadline-countdown';
import { NetLine } from '../../../entities/pricing/two-prices';
import { formatDayTime, formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { bookingDetailsPath } from '../../../shared/routing/booking-paths';
import { ScheduleChangeBadge } from '../changes/schedule-change-banner';

const travellersOf = (booking: Booking): string => {
  const lead = booking.passengers[0];
  if (!lead) return '';
  const others = booking.passengers.length - 1;
  return `${lead.first_name} ${lead.last_name}${others > 0 ? ` +${others}` : ''}`;
};

/**
 * One booking in a list: reference, status (and "Waiting for the airline" while its airline has not
 * answered), trip, lead passenger, total; the whole row opens it.
 */
export function BookingRow({ booking, showDeadline = true }: { booking: Booking; showDeadline?: boolean }) {
  const departure = firstDeparture(booking.segments);
  const deadlineShown = showDeadline && booking.status === 'booked';
  const waiting = waitingForAirline(booking);
  const scheduleChanged = booking.schedule_change?.status === 'pending';
  return (
    <li>
      <Link
        to={bookingDetailsPath(booking.id)}
        className="group grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 p-4 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:-outline-offset-2 sm:grid-cols-[8.5rem_1fr_auto_auto] sm:px-5"
      >
        <div className="flex items-center gap-2 sm:flex-col sm:items-start sm:gap-1">
          <span className="font-bold font-mono text-slate-900 tracking-wider">{booking.pnr}</span>
          <BookingStatusBadge status={booking.status} />
        </div>
        <div className="order-3 col-span-2 min-w-0 sm:order-none sm:col-span-1">
          <p className="truncate font-medium text-slate-900">
            {tripRoute(booking.trip_type, booking.segments)}
            {departure && <span className="font-normal text-slate-600"> · {formatDayTime(departure)}</span>}
          </p>
          <p className="truncate text-slate-600 text-sm uppercase">{travellersOf(booking)}</p>
          <p className="text-slate-500 text-xs">
            Booked {formatInstant(booking.created_at)} by {booking.created_by.name}
          </p>
          {(deadlineShown || waiting || scheduleChanged) && (
            <div className="mt-1 flex flex-wrap items-center gap-1.5">
              {deadlineShown && (
                <DeadlineCountdown
                  deadline={booking.ticketing_deadline}
                  label="Ticket by"
                  passedLabel="Deadline passed"
                  compact
                />
              )}
              {/* Issue 29: a step of its airline order under way (the booking page says which). */}
              <WaitingBadge booking={booking} />
              {/* Issue 32: the airline moved or cancelled a flight and waits for an answer. */}
              <ScheduleChangeBadge booking={booking} />
            </div>
          )}
        </div>
        {/* Issue 33: the client's price, the agency's net and margin under it (none in the client view). */}
        <div className="text-right">
          <p className="font-semibold text-slate-900 tabular-nums">
            {formatMoney(booking.selling ?? booking.total)}
          </p>
          {booking.selling && (
            <NetLine
              net={booking.total.Amount}
              selling={booking.selling.Amount}
              currency={booking.total.CurrencyCode}
              className="whitespace-nowrap"
            />
          )}
        </div>
        <ChevronRight
          aria-hidden="true"
          className="hidden size-5 text-slate-400 group-hover:text-slate-600 sm:block"
        />
      </Link>
    </li>
  );
}
