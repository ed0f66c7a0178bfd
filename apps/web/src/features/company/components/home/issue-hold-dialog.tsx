import { BOOKING_MESSAGES, type Booking } from '@skydesk/contract';
import { FileText, Plane } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { IssueConfirmation } from '../../../../entities/bookings/issue-confirmation';
import { formatMoney } from '../../../../shared/format/money';
import { bookingDetailsPath, eTicketPath } from '../../../../shared/routing/booking-paths';
import { Alert } from '../../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../../shared/ui/button';
import { Modal } from '../../../../shared/ui/dialog';
import { homeApi } from '../../home-api';

type IssueHoldDialogProps = {
  /** The hold to ticket; null when the dialog is closed. */
  booking: Booking | null;
  onClose: () => void;
};

const ticketsOf = (count: number) => `${count} ticket${count === 1 ? '' : 's'}`;

/**
 * The home's one-click issue: the booking details' confirmation (the amount against what may be
 * spent, then `POST /api/booking-issue`, a 402 explained with the way to add credits) in a dialog,
 * so the agent stays on the home. Once issued, the e-ticket is one more click away — unless the
 * airline has not ticketed yet (issue 29: a remote booking's payment sent, its tickets to come): then
 * the dialog says so and points to the booking, which follows the airline's answer, as the booking
 * page does; there is no e-ticket to open yet.
 */
export function IssueHoldDialog({ booking, onClose }: IssueHoldDialogProps) {
  const {
    currentData: credits,
    isFetching,
    isError,
  } = homeApi.useHomeCreditsQuery(undefined, {
    skip: !booking,
  });
  const [issued, setIssued] = useState<Booking | null>(null);
  const close = () => {
    setIssued(null);
    onClose();
  };
  if (!booking) return null;
  const count = booking.passengers.length;
  const waiting = issued !== null && issued.status !== 'ticketed';
  return (
    <Modal
      open
      onOpenChange={(open) => !open && close()}
      title={
        waiting
          ? `Waiting for the airline to ticket ${booking.pnr}`
          : issued
            ? `Tickets issued for ${booking.pnr}`
            : `Issue ${ticketsOf(count)} for ${booking.pnr}?`
      }
    >
      {issued && waiting ? (
        <AirlineTicketing issued={issued} onDone={close} />
      ) : issued ? (
        <>
          <Alert tone="success" assertive>
            {ticketsOf(issued.tickets.length || count)} issued: {formatMoney(issued.total)} was debited from
            your credits.
          </Alert>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <Link to={eTicketPath(issued.id)} className={buttonClasses('primary')}>
              <FileText aria-hidden="true" className="size-4" /> Open e-ticket
            </Link>
            <Button variant="ghost" onClick={close}>
              Done
            </Button>
          </div>
        </>
      ) : (
        <IssueConfirmation
          booking={booking}
          credits={{ credits: credits ?? null, loading: isFetching, failed: isError && !credits }}
          onIssued={setIssued}
          onClose={close}
        />
      )}
    </Modal>
  );
}

/**
 * Issued, not ticketed yet: the payment went to the airline and its tickets come when it confirms
 * (decision 020). No e-ticket exists meanwhile; the booking page shows the waiting state and
 * updates by itself.
 */
function AirlineTicketing({ issued, onDone }: { issued: Booking; onDone: () => void }) {
  return (
    <>
      <Alert tone="info" title={BOOKING_MESSAGES.ticketsWaitingForAirline} assertive>
        <p>
          {formatMoney(issued.total)} was taken from your credits; if the airline does not ticket, it comes
          back. The booking shows the tickets as soon as the airline confirms them.
        </p>
      </Alert>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Link to={bookingDetailsPath(issued.id)} className={buttonClasses('primary')}>
          <Plane aria-hidden="true" className="size-4" /> Open the booking
        </Link>
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </>
  );
}
