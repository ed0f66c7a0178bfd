import type { Booking } from '@skydesk/contract';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { IssueConfirmation } from '../../../../entities/bookings/issue-confirmation';
import { formatMoney } from '../../../../shared/format/money';
import { eTicketPath } from '../../../../shared/routing/booking-paths';
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
 * so the agent stays on the home. Once issued, the e-ticket is one more click away.
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
  return (
    <Modal
      open
      onOpenChange={(open) => !open && close()}
      title={issued ? `Tickets issued for ${booking.pnr}` : `Issue ${ticketsOf(count)} for ${booking.pnr}?`}
    >
      {issued ? (
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
