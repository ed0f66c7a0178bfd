import { type Booking, type SupplierState, waitingForSupplier } from '@skydesk/contract';
import { Loader2 } from 'lucide-react';
import { Badge } from '../../shared/ui/badge';

/**
 * Issue 29: what the airline is being asked, while a step of the booking's supplier order is under
 * way. One set of words for the booking page, the booking lists and the home's one-click issue.
 */
export const AIRLINE_WAITING_WORDS: Partial<Record<SupplierState, { title: string; detail: string }>> = {
  confirming: {
    title: 'Waiting for the airline to confirm the hold',
    detail: 'The seats are asked for at the airline. This page updates by itself when it answers.',
  },
  paying: {
    title: 'Waiting for the airline to confirm the tickets',
    detail:
      'The payment was sent to the airline and the amount taken from your credits; if the airline does not ticket, it comes back. This page updates by itself.',
  },
  ordering: {
    title: 'Waiting for the airline to confirm the tickets',
    detail:
      'The booking was sent to the airline and the amount taken from your credits; if the airline does not book it, it comes back. This page updates by itself.',
  },
  changing: {
    title: 'Waiting for the airline to confirm the change',
    detail:
      'The change was sent to the airline and any amount due taken from your credits; if the airline does not change the flights, it comes back. This page updates by itself.',
  },
  cancelling: {
    title: 'Waiting for the airline to confirm the cancellation',
    detail: 'The cancellation was sent to the airline. This page updates by itself when it answers.',
  },
};

/** A booking with a remote supplier waits for the airline: no action is offered meanwhile (decision 020). */
export const waitingForAirline = (booking: Pick<Booking, 'supplier'>): boolean =>
  Boolean(booking.supplier) && waitingForSupplier(booking.supplier);

/**
 * How often a list showing a booking that waits for its airline is asked again, so its badge goes
 * once the airline answers (the booking page itself asks every 3 s).
 */
export const LIST_WAITING_POLL_MS = 10_000;

/** A badge beside the status while the airline has not answered. */
export function WaitingBadge({ booking }: { booking: Pick<Booking, 'supplier'> }) {
  if (!waitingForAirline(booking)) return null;
  return (
    <Badge tone="sky">
      <Loader2 aria-hidden="true" className="size-3 animate-spin motion-reduce:animate-none" /> Waiting for
      the airline
    </Badge>
  );
}
