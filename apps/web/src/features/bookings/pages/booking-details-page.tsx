import {
  BOOKING_MESSAGES,
  type BookingAction,
  type BookingDetails,
  CABIN_LABELS,
  type Permission,
  TRIP_TYPE_LABELS,
} from '@skydesk/contract';
import { clsx } from 'clsx';
import { Ban, CalendarClock, Download, FileText, LifeBuoy, Mail, ReceiptText, Ticket } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAirports } from '../../../entities/airports/use-airports';
import { WaitingBadge, waitingForAirline } from '../../../entities/bookings/airline-waiting';
import { tripRoute } from '../../../entities/bookings/booking-segments';
import { BookingStatusBadge } from '../../../entities/bookings/booking-status-badge';
import { BookingDeadline } from '../../../entities/bookings/deadline-countdown';
import { useCredits } from '../../../entities/credits/use-credits';
import { BookingInvoices } from '../../../entities/invoices/booking-invoices';
import { useShowsNet } from '../../../entities/pricing/client-view';
import { NetLine } from '../../../entities/pricing/two-prices';
import { useCanEach, useMayOpen } from '../../../shared/access/dashboard-access';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { eTicketPath } from '../../../shared/routing/booking-paths';
import { paths } from '../../../shared/routing/paths';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { BookingChangesCard } from '../changes/booking-changes-card';
import { ChangePanel } from '../changes/change-panel';
import { ScheduleChangeBanner } from '../changes/schedule-change-banner';
import { ticketsOfPassenger } from '../changes/ticket-chain';
import { BookingHistoryTimeline } from '../components/booking-history-timeline';
import { BookingServicesCard } from '../components/booking-services-card';
import { BookingLoading, BookingNotFound } from '../components/booking-states';
import { CancelPanel, cancelMessageOf } from '../components/cancel-panel';
import { EarningsCard } from '../components/earnings-card';
import { EmailTicketDialog } from '../components/email-ticket-dialog';
import { FareBreakdown } from '../components/fare-breakdown';
import { FareRules } from '../components/fare-rules';
import { InvalidTicketBanner } from '../components/invalid-ticket-banner';
import { IssuePanel } from '../components/issue-panel';
import { PassengerList } from '../components/passenger-list';
import { RefundPanel } from '../components/refund-panel';
import { SegmentList } from '../components/segment-list';
import { AirlineReference, SupplierStateBanner } from '../components/supplier-state';
import { TotalParts } from '../components/total-parts';
import { useTicketDownload } from '../ticket-pdf';
import { ticketInvalidity } from '../ticket-validity';
import { useBookingDetails } from '../use-booking-details';

type Panel = BookingAction | null;

const ACTION_BUTTONS: Record<BookingAction, { label: string; icon: typeof Ticket; permission: Permission }> =
  {
    issue: { label: 'Issue ticket', icon: Ticket, permission: 'bookings.issue' },
    cancel: { label: 'Cancel booking', icon: Ban, permission: 'bookings.cancel' },
    void: { label: 'Void tickets', icon: Ban, permission: 'bookings.cancel' },
    refund: { label: 'Request refund', icon: ReceiptText, permission: 'bookings.refund' },
    change: { label: 'Change flights', icon: CalendarClock, permission: 'bookings.issue' },
  };

/**
 * The actions the server offers on this booking (it leaves out what the role lacks) that the
 * session's own permissions allow too: a role changed since sign-in sees no button it would be
 * refused.
 */
function usePermittedActions(actions: readonly BookingAction[]): BookingAction[] {
  const can = useCanEach();
  return actions.filter((action) => can(ACTION_BUTTONS[action].permission));
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500 text-xs">{label}</dt>
      <dd className="text-slate-900 text-sm">{children}</dd>
    </div>
  );
}

/** /dashboard/booking-details?id= (docs/product-spec.md §2): everything about one booking, and what can be done next. */
export function BookingDetailsPage() {
  const [params] = useSearchParams();
  const details = useBookingDetails(params.get('id'));
  if (details.status === 'loading') return <BookingLoading />;
  if (details.status === 'forbidden') return <ForbiddenScreen permission="bookings.view" />;
  if (details.status !== 'done') return <BookingNotFound />;
  return <BookingView booking={details.booking} />;
}

function BookingView({ booking }: { booking: BookingDetails }) {
  const navigate = useNavigate();
  const airports = useAirports();
  const credits = useCredits();
  const [panel, setPanel] = useState<Panel>(null);
  const { downloading, download } = useTicketDownload(booking);
  // docs/product-spec.md §4: cancelling stores a success message, cleared when a cancel starts or fails.
  const [cancelMessage, setCancelMessage] = useState<string | null>(null);
  const [mailing, setMailing] = useState(false);
  const invalid = ticketInvalidity(booking);
  const showsNet = useShowsNet();

  const mayAskSupport = useMayOpen(paths.dashboard.createTicket);
  const permitted = usePermittedActions(booking.allowed_actions);
  // Issue 29 (decision 020): while the airline has not answered, nothing that would race it.
  const waiting = waitingForAirline(booking);
  const actions = waiting ? [] : permitted;
  const hasTickets = booking.tickets.length > 0;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      <section
        aria-labelledby="booking-title"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-1">
            <p className="text-slate-500 text-xs">Booking reference (PNR)</p>
            <h2 id="booking-title" className="flex flex-wrap items-center gap-3">
              <span className="font-bold font-mono text-2xl text-slate-900 tracking-widest">
                {booking.pnr}
              </span>
              <BookingStatusBadge status={booking.status} />
              <WaitingBadge booking={booking} />
            </h2>
            <AirlineReference booking={booking} />
            <p className="font-medium text-slate-800">
              {tripRoute(booking.trip_type, booking.segments)}{' '}
              <span className="font-normal text-slate-500">
                · {TRIP_TYPE_LABELS[booking.trip_type]} · {CABIN_LABELS[booking.cabin]}
              </span>
            </p>
            <BookingDeadline booking={booking} />
          </div>
          <div className="text-left sm:text-right">
            <p className="text-slate-500 text-xs">
              {/* Issue 33: the client's price first when the booking carries one; the net under it. */}
              {booking.selling ? 'Client price' : 'Total'}
              {invalid?.money === 'returned_in_full' && ' · returned in full'}
            </p>
            <p
              className={clsx(
                'font-semibold text-2xl tabular-nums',
                invalid?.money === 'returned_in_full' ? 'text-slate-400 line-through' : 'text-slate-900',
              )}
            >
              {formatMoney(booking.selling ?? booking.total)}
            </p>
            {booking.selling ? (
              <NetLine
                net={booking.total.Amount}
                selling={booking.selling.Amount}
                currency={booking.total.CurrencyCode}
              />
            ) : null}
            {showsNet && <TotalParts booking={booking} />}
          </div>
        </div>

        {(actions.length > 0 || hasTickets || mayAskSupport) && (
          <div className="mt-4 flex flex-wrap gap-2 border-slate-100 border-t pt-4">
            {actions.map((action) => {
              const { label, icon: Icon } = ACTION_BUTTONS[action];
              return (
                <Button
                  key={action}
                  variant={action === 'issue' ? 'primary' : 'secondary'}
                  aria-expanded={panel === action}
                  onClick={() => setPanel(panel === action ? null : action)}
                >
                  <Icon aria-hidden="true" className="size-4" /> {label}
                </Button>
              );
            })}
            {hasTickets && (
              // A ticket no longer valid is still there for the record, named for what it is.
              <>
                <Link to={eTicketPath(booking.id)} className={buttonClasses('secondary')}>
                  <FileText aria-hidden="true" className="size-4" />{' '}
                  {invalid ? `View e-ticket (${invalid.mark.toLowerCase()})` : 'View e-ticket'}
                </Link>
                {!invalid && (
                  <Button variant="secondary" onClick={() => setMailing(true)}>
                    <Mail aria-hidden="true" className="size-4" /> E-mail e-ticket
                  </Button>
                )}
                <Button variant="secondary" busy={downloading} onClick={() => void download()}>
                  <Download aria-hidden="true" className="size-4" />{' '}
                  {invalid ? `Download PDF (marked ${invalid.mark})` : 'Download e-ticket PDF'}
                </Button>
              </>
            )}
            {mayAskSupport && (
              // A ticket about this booking, its reference filled in (issue 14).
              <Link
                to={`${paths.dashboard.createTicket}?${new URLSearchParams({ pnr: booking.pnr })}`}
                className={buttonClasses('ghost', 'sm:ml-auto')}
              >
                <LifeBuoy aria-hidden="true" className="size-4" /> Ask support about this booking
              </Link>
            )}
          </div>
        )}
      </section>

      <SupplierStateBanner booking={booking} />
      <ScheduleChangeBanner booking={booking} onChooseAlternative={() => setPanel('change')} />

      {hasTickets && !invalid && (
        <EmailTicketDialog booking={booking} open={mailing} onOpenChange={setMailing} />
      )}

      {cancelMessage && (
        <Alert tone="success" title={cancelMessage}>
          <p>
            {booking.status === 'voided'
              ? `${formatMoney(booking.total)} was returned to your credits; the seats were released.`
              : waiting
                ? 'The airline has not confirmed it yet; this page updates by itself.'
                : 'The seats were released.'}
          </p>
        </Alert>
      )}
      {/* Just voided, the success above says it; otherwise the state is said on arrival. */}
      {invalid && hasTickets && !cancelMessage && <InvalidTicketBanner booking={booking} invalid={invalid} />}

      {panel === 'issue' && (
        <IssuePanel
          booking={booking}
          credits={credits}
          onClose={() => setPanel(null)}
          onIssued={(issued) => {
            if (issued.status === 'ticketed') {
              navigate(eTicketPath(issued.id), { state: { justIssued: true } });
              return;
            }
            // Issue 29: a remote supplier's tickets may come a little later; this page waits for them.
            toast.success(BOOKING_MESSAGES.ticketsWaitingForAirline);
            setPanel(null);
          }}
        />
      )}
      {(panel === 'cancel' || panel === 'void') && (
        <CancelPanel
          booking={booking}
          mode={panel}
          onStart={() => setCancelMessage(null)}
          onFailed={() => setCancelMessage(null)}
          onClose={() => setPanel(null)}
          onDone={(cancelled) => {
            // The booking and the balance are asked again: the cancel invalidated them.
            setCancelMessage(cancelMessageOf(cancelled));
            setPanel(null);
          }}
        />
      )}
      {panel === 'refund' && (
        <RefundPanel booking={booking} onClose={() => setPanel(null)} onDone={() => setPanel(null)} />
      )}
      {panel === 'change' && <ChangePanel booking={booking} onClose={() => setPanel(null)} />}

      <div className="grid items-start gap-5 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-5">
          <Card title="Flights">
            <SegmentList
              segments={booking.segments}
              tripType={booking.trip_type}
              pricing={booking.pricing}
              airports={airports}
            />
          </Card>
          <Card title={hasTickets ? 'Passengers and tickets' : 'Passengers'}>
            <PassengerList
              passengers={booking.passengers.map((passenger) => ({
                ...passenger,
                key: passenger.id,
                ...ticketsOfPassenger(booking.tickets, passenger.id),
              }))}
            />
          </Card>
          <BookingServicesCard booking={booking} />
          <BookingChangesCard booking={booking} />
          <Card title="History">
            <BookingHistoryTimeline events={booking.history} />
          </Card>
        </div>
        <div className="min-w-0 space-y-5">
          <EarningsCard booking={booking} />
          <BookingInvoices invoices={booking.invoices} />
          {/* The fare's breakdown is the agency's net: not for the client's eyes (issue 33). */}
          {showsNet && (
            <Card title="Fare">
              <FareBreakdown
                pricing={booking.pricing}
                total={booking.total}
                services={booking.services_total}
              />
            </Card>
          )}
          <Card title="Fare rules">
            <FareRules pricing={booking.pricing} carrier={booking.validating_carrier} />
          </Card>
          <Card title="Details">
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-1">
              {booking.supplier?.reference && (
                <Fact label="Airline reference">
                  <span className="font-mono">{booking.supplier.reference}</span>
                </Fact>
              )}
              <Fact label="Booked by">{booking.created_by.name}</Fact>
              <Fact label="Booked on">
                <time dateTime={booking.created_at}>{formatInstant(booking.created_at)}</time>
              </Fact>
              <Fact label="Ticketing deadline">
                <time dateTime={booking.ticketing_deadline}>{formatInstant(booking.ticketing_deadline)}</time>
              </Fact>
              {booking.void_until && (
                <Fact label="Void window ends">
                  <time dateTime={booking.void_until}>{formatInstant(booking.void_until)}</time>
                </Fact>
              )}
              <Fact label="Contact e-mail">
                <span className="break-all">{booking.contact.email}</span>
              </Fact>
              <Fact label="Contact phone">{booking.contact.phone}</Fact>
            </dl>
          </Card>
        </div>
      </div>
    </div>
  );
}
