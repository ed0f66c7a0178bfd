import type { BookingEvent } from '@skydesk/contract';
import { BOOKING_STATUS_LABELS } from '../../../shared/bookings/booking-status-badge';
import { formatInstant } from '../../../shared/format/date-time';

const ACTION_LABELS: Record<string, string> = {
  booked: 'Booked',
  ticketed: 'Tickets issued',
  cancelled: 'Cancelled',
  voided: 'Tickets voided',
  refund_requested: 'Refund requested',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  refund_rejected: 'Refund rejected',
  expired: 'Hold expired',
};

const actionLabel = (event: BookingEvent) =>
  ACTION_LABELS[event.action] ?? event.action.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** Every status change of a booking, oldest first: what happened, who did it, when, and why. */
export function BookingHistoryTimeline({ events }: { events: BookingEvent[] }) {
  return (
    <ol className="relative space-y-4 border-slate-200 border-l pl-5">
      {events.map((event) => (
        <li key={event.id} className="relative text-sm">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full bg-indigo-500 ring-4 ring-white"
          />
          <p className="font-medium text-slate-900">
            {actionLabel(event)}
            {event.from_status && (
              <span className="font-normal text-slate-500">
                {' '}
                · {BOOKING_STATUS_LABELS[event.from_status]} → {BOOKING_STATUS_LABELS[event.to_status]}
              </span>
            )}
          </p>
          <p className="text-slate-500 text-xs">
            {event.actor ? event.actor.name : 'SkyDesk (automatic)'} ·{' '}
            <time dateTime={event.created_at}>{formatInstant(event.created_at)}</time>
          </p>
          {event.note && <p className="mt-0.5 text-slate-700">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}
