import type { BookingDetails } from '@skydesk/contract';
import { CABIN_LABELS } from '@skydesk/contract';
import { clsx } from 'clsx';
import { ArrowLeft, Download, Mail, Plane, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useAirports } from '../../../entities/airports/use-airports';
import { tripRoute } from '../../../entities/bookings/booking-segments';
import { BookingStatusBadge } from '../../../entities/bookings/booking-status-badge';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { bookingDetailsPath } from '../../../shared/routing/booking-paths';
import { selectSessionCompany } from '../../../shared/session/session-slice';
import { useAppSelector } from '../../../shared/store/hooks';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { ticketsOfPassenger } from '../changes/ticket-chain';
import { BookingLoading, BookingNotFound } from '../components/booking-states';
import { EmailTicketDialog } from '../components/email-ticket-dialog';
import { InvalidTicketBanner, moneyOutcome } from '../components/invalid-ticket-banner';
import { PassengerList } from '../components/passenger-list';
import { SegmentList } from '../components/segment-list';
import { TotalParts } from '../components/total-parts';
import { useTicketDownload } from '../ticket-pdf';
import { ticketInvalidity } from '../ticket-validity';
import { useBookingDetails } from '../use-booking-details';

/** Location state of the arrival right after issuing. */
export type JustIssuedState = { justIssued: true };

const isJustIssued = (state: unknown): state is JustIssuedState =>
  typeof state === 'object' && state !== null && 'justIssued' in state;

/** docs/product-spec.md §2 "a final ticket screen" (/dashboard/e-ticket?id=): the e-ticket of an issued booking. */
export function ETicketPage() {
  const [params] = useSearchParams();
  const details = useBookingDetails(params.get('id'));
  if (details.status === 'loading') return <BookingLoading label="Loading the e-ticket" />;
  if (details.status !== 'done') return <BookingNotFound />;
  return <ETicket booking={details.booking} />;
}

function ETicket({ booking }: { booking: BookingDetails }) {
  const location = useLocation();
  const company = useAppSelector(selectSessionCompany);
  const airports = useAirports();
  const { downloading, download } = useTicketDownload(booking);
  const [mailing, setMailing] = useState(false);
  const invalid = ticketInvalidity(booking);

  // A hold cancelled or expired never had tickets: nothing to issue any more.
  if (booking.tickets.length === 0 && invalid)
    return (
      <div className="mx-auto w-full max-w-2xl space-y-3">
        <InvalidTicketBanner booking={booking} invalid={invalid} />
        <Link to={bookingDetailsPath(booking.id)} className={buttonClasses('secondary')}>
          Open the booking
        </Link>
      </div>
    );
  if (booking.tickets.length === 0)
    return (
      <Alert tone="info" title="No tickets yet" className="mx-auto max-w-2xl">
        <p>Booking {booking.pnr} is not ticketed. Issue it from the booking's details.</p>
        <Link to={bookingDetailsPath(booking.id)} className={buttonClasses('secondary', 'mt-2')}>
          Open the booking
        </Link>
      </Alert>
    );

  // Issue 32: after a change, the tickets that replaced the exchanged ones are the e-ticket's.
  const valid = booking.tickets.filter((ticket) => ticket.status !== 'exchanged');
  const issuedAt = (valid[0] ?? booking.tickets[0])?.issued_at;
  return (
    <div className="mx-auto w-full max-w-4xl space-y-5">
      {invalid && <InvalidTicketBanner booking={booking} invalid={invalid} />}
      {isJustIssued(location.state) && !invalid && (
        <Alert tone="success" title="Tickets issued">
          <p>
            {formatMoney(booking.total)} was debited from your credits. E-mail the e-ticket to the traveller
            or download it as a PDF.
          </p>
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between print:hidden">
        <Link to={bookingDetailsPath(booking.id)} className={buttonClasses('ghost')}>
          <ArrowLeft aria-hidden="true" className="size-4" /> Booking details
        </Link>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" /> Print
          </Button>
          {/* A ticket no longer valid is not sent to travellers (the server refuses it too). */}
          {!invalid && (
            <Button variant="secondary" onClick={() => setMailing(true)}>
              <Mail aria-hidden="true" className="size-4" /> E-mail e-ticket
            </Button>
          )}
          <Button
            variant={invalid ? 'secondary' : 'primary'}
            busy={downloading}
            onClick={() => void download()}
          >
            <Download aria-hidden="true" className="size-4" />{' '}
            {invalid ? `Download PDF (marked ${invalid.mark})` : 'Download PDF'}
          </Button>
        </div>
      </div>
      {!invalid && <EmailTicketDialog booking={booking} open={mailing} onOpenChange={setMailing} />}

      <article
        aria-labelledby="e-ticket-title"
        className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        {invalid && (
          // Across the whole ticket, on screen and in print, as on the PDF: an SVG scales the
          // word to the ticket's size, so 'REFUNDED' fits a phone as 'VOID' fits a laptop.
          <svg
            aria-hidden="true"
            viewBox="0 0 100 100"
            preserveAspectRatio="xMidYMid meet"
            className="pointer-events-none absolute inset-0 z-10 size-full select-none"
          >
            <text
              x="50"
              y="50"
              textAnchor="middle"
              dominantBaseline="middle"
              transform="rotate(-30 50 50)"
              fontSize={Math.min(30, 120 / invalid.mark.length)}
              fontWeight={900}
              letterSpacing="2"
              className="fill-rose-600/15"
            >
              {invalid.mark}
            </text>
          </svg>
        )}
        <header className="flex flex-col gap-3 bg-slate-900 p-4 text-white sm:flex-row sm:items-center sm:justify-between sm:p-6">
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-xl bg-white/10">
              <Plane aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h2 id="e-ticket-title" className="font-semibold text-lg">
                Electronic ticket
                {invalid && (
                  // The space outside the span, so the ticket's name keeps it when read out.
                  <>
                    {' '}
                    <span className="text-rose-300">· {invalid.title.toLowerCase()}, not valid</span>
                  </>
                )}
              </h2>
              <p className="text-slate-300 text-sm">{company?.name ?? 'Your agency'}</p>
            </div>
          </div>
          <div className="sm:text-right">
            <p className="text-slate-300 text-xs">Booking reference (PNR)</p>
            <p className="font-bold font-mono text-2xl tracking-widest">{booking.pnr}</p>
            {booking.supplier?.reference && (
              // Issue 29: the airline's own reference, which the traveller checks in with.
              <p className="mt-1 text-slate-300 text-xs">
                Airline reference{' '}
                <span className="font-mono font-semibold text-sm text-white tracking-wider">
                  {booking.supplier.reference}
                </span>
              </p>
            )}
          </div>
        </header>
        <div className="space-y-6 p-4 sm:p-6">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-500 text-xs">Trip</dt>
              <dd className="font-medium text-slate-900">{tripRoute(booking.trip_type, booking.segments)}</dd>
            </div>
            <div>
              <dt className="text-slate-500 text-xs">Status</dt>
              <dd>
                <BookingStatusBadge status={booking.status} />
              </dd>
            </div>
            <div>
              <dt className="text-slate-500 text-xs">Issued</dt>
              <dd className="text-slate-900">{issuedAt ? formatInstant(issuedAt) : '—'}</dd>
            </div>
            <div>
              <dt className="text-slate-500 text-xs">Cabin · carrier</dt>
              <dd className="text-slate-900">
                {CABIN_LABELS[booking.cabin]} · {booking.validating_carrier}
              </dd>
            </div>
          </dl>
          <section aria-labelledby="e-ticket-passengers">
            <h3 id="e-ticket-passengers" className="mb-2 font-semibold text-slate-900">
              Passengers and ticket numbers
            </h3>
            <PassengerList
              passengers={booking.passengers.map((passenger) => ({
                ...passenger,
                key: passenger.id,
                ticket: ticketsOfPassenger(booking.tickets, passenger.id).ticket,
              }))}
            />
          </section>
          <section aria-labelledby="e-ticket-flights">
            <h3 id="e-ticket-flights" className="mb-2 font-semibold text-slate-900">
              Flights <span className="font-normal text-slate-500 text-sm">(local times)</span>
            </h3>
            <SegmentList
              segments={booking.segments}
              tripType={booking.trip_type}
              pricing={booking.pricing}
              airports={airports}
            />
          </section>
          <div className="border-slate-200 border-t pt-4">
            <div className="flex items-baseline justify-between gap-3">
              <p className="text-slate-600 text-sm">
                {invalid ? 'Charged' : 'Total paid'} for {booking.passengers.length} passenger
                {booking.passengers.length > 1 ? 's' : ''}
                {invalid && ` · ${invalid.title.toLowerCase()}`}
              </p>
              <p
                className={clsx(
                  'font-semibold text-xl tabular-nums',
                  invalid ? 'text-slate-400 line-through' : 'text-slate-900',
                )}
              >
                {formatMoney(booking.total)}
              </p>
            </div>
            <TotalParts booking={booking} className="mt-1 text-right text-slate-500 text-xs tabular-nums" />
            {invalid && (
              <p className="mt-1 text-right font-medium text-rose-700 text-sm">
                {moneyOutcome(booking, invalid)}
              </p>
            )}
          </div>
        </div>
      </article>
    </div>
  );
}
