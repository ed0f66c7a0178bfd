import { skipToken } from '@reduxjs/toolkit/query';
import { type Booking, FALLBACK } from '@skydesk/contract';
import { Search, Ticket } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  LIST_WAITING_POLL_MS,
  WaitingBadge,
  waitingForAirline,
} from '../../../../entities/bookings/airline-waiting';
import { firstDeparture, tripRoute } from '../../../../entities/bookings/booking-segments';
import { useCan, useMayOpen } from '../../../../shared/access/dashboard-access';
import { formatDayTime } from '../../../../shared/format/date-time';
import { formatMoney } from '../../../../shared/format/money';
import { isApiFailure } from '../../../../shared/http/api-error';
import { bookingDetailsPath } from '../../../../shared/routing/booking-paths';
import { paths } from '../../../../shared/routing/paths';
import { useCompanyId } from '../../../../shared/session/use-company-id';
import { Button, buttonClasses } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { LoadFailed } from '../../../../shared/ui/load-failed';
import { homeApi } from '../../home-api';
import { BlockEmpty, BlockLink, RowsSkeleton, travellersOf } from './block-parts';
import { IssueHoldDialog } from './issue-hold-dialog';
import { TimeLeft } from './time-left';

/** How many holds the home lists: the nearest deadlines; the rest are on the bookings screen. */
export const HOLDS_SHOWN = 5;

/**
 * Held bookings whose ticketing deadline is nearest (`bookings.view`): each with its time left and,
 * for a role that may issue (`bookings.issue`), a one-click Issue that confirms the amount first.
 * A hold whose airline has not answered yet (issue 29: its hold or tickets being confirmed) offers
 * no Issue but says it waits, as the booking page does, and the list is asked again meanwhile.
 */
export function HoldsBlock() {
  const companyId = useCompanyId();
  const canIssue = useCan('bookings.issue');
  const canSearch = useMayOpen(paths.dashboard.searchFlights);
  const [issuing, setIssuing] = useState<Booking | null>(null);
  const [waiting, setWaiting] = useState(false);
  const {
    currentData: holds,
    error,
    isFetching,
    refetch,
  } = homeApi.useHomeBookingsQuery(
    companyId
      ? { params: { id: companyId }, query: { status: 'booked', sort: 'deadline', limit: HOLDS_SHOWN } }
      : skipToken,
    { pollingInterval: waiting ? LIST_WAITING_POLL_MS : 0 },
  );
  const nowWaiting = Boolean(holds?.some(waitingForAirline));
  useEffect(() => setWaiting(nowWaiting), [nowWaiting]);

  return (
    <Card
      title="Holds to ticket"
      aside={<BlockLink to={paths.dashboard.flightBookings}>All holds</BlockLink>}
    >
      {error ? (
        <LoadFailed
          title={isApiFailure(error) ? error.message : FALLBACK.fetchFlightBookings}
          busy={isFetching}
          onRetry={() => void refetch()}
        />
      ) : !holds ? (
        <RowsSkeleton label="Loading the holds" />
      ) : holds.length === 0 ? (
        <BlockEmpty
          icon={Ticket}
          title="No holds waiting for tickets"
          action={
            canSearch && (
              <Link to={paths.dashboard.searchFlights} className={buttonClasses('secondary')}>
                <Search aria-hidden="true" className="size-4" /> Search flights
              </Link>
            )
          }
        >
          Seats you hold show here with the time left to issue their tickets, the nearest deadline first.
        </BlockEmpty>
      ) : (
        <ul aria-label="Holds, nearest deadline first" className="-mx-1 divide-y divide-slate-100">
          {holds.map((booking) => (
            <HoldRow
              key={booking.id}
              booking={booking}
              onIssue={canIssue ? () => setIssuing(booking) : undefined}
            />
          ))}
        </ul>
      )}
      <IssueHoldDialog booking={issuing} onClose={() => setIssuing(null)} />
    </Card>
  );
}

function HoldRow({ booking, onIssue }: { booking: Booking; onIssue: (() => void) | undefined }) {
  const departure = firstDeparture(booking.segments);
  const passed = Date.parse(booking.ticketing_deadline) <= Date.now();
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1.5 px-1 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <Link
            to={bookingDetailsPath(booking.id)}
            className="rounded font-bold font-mono text-indigo-700 tracking-wider hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            {booking.pnr}
          </Link>
          <span className="min-w-0 truncate font-medium text-slate-900 text-sm">
            {tripRoute(booking.trip_type, booking.segments)}
          </span>
          {departure && <span className="text-slate-600 text-sm">{formatDayTime(departure)}</span>}
        </p>
        <p className="truncate text-slate-600 text-xs uppercase">{travellersOf(booking)}</p>
      </div>
      <p className="text-right font-semibold text-slate-900 text-sm tabular-nums">
        {formatMoney(booking.total)}
      </p>
      <div>
        <TimeLeft deadline={booking.ticketing_deadline} />
      </div>
      {waitingForAirline(booking) ? (
        <div className="justify-self-end">
          <WaitingBadge booking={booking} />
        </div>
      ) : onIssue ? (
        <Button
          variant="primary"
          className="min-h-9 justify-self-end px-3 py-1.5"
          disabled={passed}
          onClick={onIssue}
          aria-label={`Issue ${booking.pnr}`}
        >
          <Ticket aria-hidden="true" className="size-4" /> Issue
        </Button>
      ) : (
        <span />
      )}
    </li>
  );
}
