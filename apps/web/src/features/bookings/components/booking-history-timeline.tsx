import { BOOKING_STATUS_LABELS, type BookingEvent, noteParts } from '@skydesk/contract';
import { Fragment } from 'react';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';

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
  e_ticket_sent: 'E-ticket e-mailed',
  // Issue 32: changes after ticketing.
  exchanged: 'Flights changed',
  schedule_change: 'Airline schedule change',
  schedule_change_accepted: "Airline's new times accepted",
};

/**
 * A note as the server stored it ('Seats held until 2026-11-25 00:18 UTC; total 1062.88 USD'),
 * its instants and amounts in the portal's formats ('Wed 25 Nov 2026, 00:18', 'US$1,062.88'):
 * the contract's noteParts finds them, in new rows and old alike.
 */
export function HistoryNote({ note }: { note: string }) {
  return (
    <>
      {noteParts(note).map((part, index) => (
        // The parts of one note never reorder: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {part.kind === 'text' ? (
            part.text
          ) : part.kind === 'instant' ? (
            <time dateTime={part.at}>{formatInstant(part.at)}</time>
          ) : (
            <span className="tabular-nums">
              {formatMoney({ Amount: part.amount, CurrencyCode: part.currency })}
            </span>
          )}
        </Fragment>
      ))}
    </>
  );
}

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
          {event.note && (
            <p className="mt-0.5 break-words text-slate-700">
              <HistoryNote note={event.note} />
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
