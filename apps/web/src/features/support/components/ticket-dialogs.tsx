import { SUCCESS, type SupportTicket } from '@skydesk/contract';
import { type ReactNode, useState } from 'react';
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

type TicketActionDialogProps = TicketDialogProps & {
  /** Does it; rejects with the server's refusal. */
  act: (ticket: SupportTicket) => Promise<unknown>;
  busy: boolean;
  verb: 'Delete' | 'Close';
  variant?: 'primary';
  /** What the toast says once it is done. */
  done: string;
  /** What the dialog says before it is done, and what the server's silence is replaced by. */
  failed: string;
  children: ReactNode;
};

/**
 * Confirms an action on a ticket; the server's refusal (a 409 once SkyDesk replied) is shown
 * above the buttons as it says it, and the dialog stays open.
 */
function TicketActionDialog({
  ticket,
  onClose,
  onDone,
  act,
  busy,
  verb,
  variant,
  done,
  failed,
  children,
}: TicketActionDialogProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const confirm = async () => {
    if (!ticket) return;
    try {
      await act(ticket);
    } catch (error) {
      setProblem(isApiFailure(error) ? error.message : failed);
      return;
    }
    toast.success(done);
    close();
    onDone?.();
  };
  return (
    <ConfirmDialog
      open={ticket !== null}
      title={ticket ? `${verb} ticket #${ticket.number}?` : `${verb} ticket`}
      confirmLabel={`${verb} ticket`}
      {...(variant ? { variant } : {})}
      busy={busy}
      problem={
        problem && (
          <Alert tone="error" assertive className="mb-4">
            {problem}
          </Alert>
        )
      }
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      {children}
    </ConfirmDialog>
  );
}

/** Deletes a ticket nobody at SkyDesk has replied to: 'Ticket has been deleted' (docs/product-spec.md §8). */
export function DeleteTicketDialog(props: TicketDialogProps) {
  const [deleteTicket, { isLoading }] = supportApi.useDeleteTicketMutation();
  return (
    <TicketActionDialog
      {...props}
      act={(ticket) => deleteTicket({ query: { ticket_id: ticket.id } }).unwrap()}
      busy={isLoading}
      verb="Delete"
      done={SUCCESS.ticketDeleted}
      failed="The ticket could not be deleted"
    >
      <p>The ticket and its messages are removed for good. Nobody at SkyDesk has replied to it yet.</p>
    </TicketActionDialog>
  );
}

/** Closes a ticket the agency needs no more help with; SkyDesk may reopen it. */
export function CloseTicketDialog(props: TicketDialogProps) {
  const [closeTicket, { isLoading }] = supportApi.useCloseTicketMutation();
  return (
    <TicketActionDialog
      {...props}
      act={(ticket) => closeTicket({ params: { id: ticket.id } }).unwrap()}
      busy={isLoading}
      verb="Close"
      variant="primary"
      done={TICKET_CLOSED}
      failed="The ticket could not be closed"
    >
      <p>
        The conversation stays on record, but nobody can write on it any more. Open a new ticket if you need
        help again.
      </p>
    </TicketActionDialog>
  );
}
