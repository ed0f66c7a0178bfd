import { SUCCESS, type SupportTicket } from '@skydesk/contract';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { isApiFailure } from '../../../shared/http/api-error';
import { Alert } from '../../../shared/ui/alert';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { supportApi } from '../support-api';

/** What the portal says once a ticket is closed (the spec names no message for it). */
export const TICKET_CLOSED = 'Ticket closed';

type TicketDialogProps = {
  ticket: SupportTicket | null;
  onClose: () => void;
  /** After it went through (the ticket's own page leaves for the list). */
  onDone?: () => void;
};

/** The server's refusal, shown above the buttons as it says it (a 409 once SkyDesk replied). */
function Problem({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Alert tone="error" assertive className="mb-4">
      {text}
    </Alert>
  );
}

/** Deletes a ticket nobody at SkyDesk has replied to: 'Ticket has been deleted' (spec §8). */
export function DeleteTicketDialog({ ticket, onClose, onDone }: TicketDialogProps) {
  const [deleteTicket, { isLoading }] = supportApi.useDeleteTicketMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const confirm = async () => {
    if (!ticket) return;
    try {
      await deleteTicket({ query: { ticket_id: ticket.id } }).unwrap();
    } catch (error) {
      setProblem(isApiFailure(error) ? error.message : 'The ticket could not be deleted');
      return;
    }
    toast.success(SUCCESS.ticketDeleted);
    close();
    onDone?.();
  };
  return (
    <ConfirmDialog
      open={ticket !== null}
      title={ticket ? `Delete ticket #${ticket.number}?` : 'Delete ticket'}
      confirmLabel="Delete ticket"
      busy={isLoading}
      problem={<Problem text={problem} />}
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      <p>The ticket and its messages are removed for good. Nobody at SkyDesk has replied to it yet.</p>
    </ConfirmDialog>
  );
}

/** Closes a ticket the agency needs no more help with; SkyDesk may reopen it. */
export function CloseTicketDialog({ ticket, onClose, onDone }: TicketDialogProps) {
  const [closeTicket, { isLoading }] = supportApi.useCloseTicketMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const confirm = async () => {
    if (!ticket) return;
    try {
      await closeTicket({ params: { id: ticket.id } }).unwrap();
    } catch (error) {
      setProblem(isApiFailure(error) ? error.message : 'The ticket could not be closed');
      return;
    }
    toast.success(TICKET_CLOSED);
    close();
    onDone?.();
  };
  return (
    <ConfirmDialog
      open={ticket !== null}
      title={ticket ? `Close ticket #${ticket.number}?` : 'Close ticket'}
      confirmLabel="Close ticket"
      variant="primary"
      busy={isLoading}
      problem={<Problem text={problem} />}
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      <p>
        The conversation stays on record, but nobody can write on it any more. Open a new ticket if you need
        help again.
      </p>
    </ConfirmDialog>
  );
}
