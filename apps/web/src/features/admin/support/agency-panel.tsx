import { type AdminTicketBooking, type AdminTicketDetails, BOOKING_STATUS_LABELS } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Mail, Phone, User } from 'lucide-react';
import { formatDayTime, formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { Badge } from '../../../shared/ui/badge';
import { countryName } from '../country-name';

/**
 * Beside the chat, to answer without leaving it: whom to call at the agency and its latest
 * bookings (the server puts the ticket's own first), the ticket's own marked.
 */
export function AgencyPanel({ details }: { details: AdminTicketDetails }) {
  const { ticket, company_contact: contact, recent_bookings: bookings } = details;
  return (
    <>
      <section
        aria-labelledby="agency-contact"
        className="rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
      >
        <h2 id="agency-contact" className="font-semibold text-slate-900">
          {ticket.company.name}
        </h2>
        <p className="text-slate-500 text-xs">{countryName(ticket.company.country)}</p>
        <ul className="mt-3 space-y-1.5">
          <li className="flex items-center gap-2 text-slate-800">
            <User aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            <span className="sr-only">Contact: </span>
            {contact.contact_name}
          </li>
          <li className="flex min-w-0 items-center gap-2">
            <Mail aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            <a href={`mailto:${contact.email}`} className="min-w-0 break-all text-indigo-700 hover:underline">
              {contact.email}
            </a>
          </li>
          <li className="flex items-center gap-2">
            <Phone aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            <a href={`tel:${contact.phone.replace(/\s+/g, '')}`} className="text-indigo-700 hover:underline">
              {contact.phone}
            </a>
          </li>
        </ul>
      </section>
      <section
        aria-labelledby="agency-bookings"
        className="rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <h2 id="agency-bookings" className="px-4 pt-4 pb-2 font-semibold text-slate-900">
          Recent bookings
        </h2>
        {bookings.length === 0 ? (
          <p className="px-4 pb-4 text-slate-600 text-sm">The agency has no bookings yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 pb-1">
            {bookings.map((booking) => (
              <BookingLine key={booking.id} booking={booking} own={booking.id === ticket.booking?.id} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function BookingLine({ booking, own }: { booking: AdminTicketBooking; own: boolean }) {
  const travellers = `${booking.passenger_count} ${booking.passenger_count === 1 ? 'traveller' : 'travellers'}`;
  return (
    <li
      aria-label={`Booking ${booking.pnr}${own ? ', this ticket’s booking' : ''}`}
      className={clsx('px-4 py-2.5 text-sm', own && 'bg-indigo-50/70 ring-1 ring-indigo-200 ring-inset')}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="flex min-w-0 flex-wrap items-center gap-1.5">
          <span className="font-bold font-mono text-slate-900 tracking-wider">{booking.pnr}</span>
          {own && <Badge tone="indigo">This ticket</Badge>}
        </span>
        <span className="shrink-0 font-semibold text-slate-900 tabular-nums">
          {formatMoney(booking.total)}
        </span>
      </div>
      <p className="mt-0.5 text-slate-700">{booking.route}</p>
      <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-slate-500 text-xs">
        <span>{BOOKING_STATUS_LABELS[booking.status]}</span>
        <span aria-hidden="true">·</span>
        <span>
          {booking.departure
            ? `departs ${formatDayTime(booking.departure)}`
            : `booked ${formatInstant(booking.created_at)}`}
        </span>
        <span aria-hidden="true">·</span>
        <span>{travellers}</span>
      </p>
    </li>
  );
}
