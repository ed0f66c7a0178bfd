import { BOOKING_MESSAGES, type Booking, SUCCESS } from '@skydesk/contract';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { useIdempotentMutation } from '../../../shared/http/use-idempotent-mutation';
import { Button } from '../../../shared/ui/button';
import { bookingsApi } from '../bookings-api';
import { ReasonField, reasonProblem } from './reason-field';

type CancelPanelProps = {
  booking: Booking;
  /** docs/api.md: a hold is cancelled (seats released); tickets in the void window are voided (full refund). */
  mode: 'cancel' | 'void';
  onStart: () => void;
  onDone: (booking: Booking) => void;
  onFailed: () => void;
  onClose: () => void;
};

/**
 * What a cancel call did, in words: the spec's 'Booking cancelled successfully' for a hold, and
 * for tickets voided (the same call within the void window) that they were voided and refunded.
 */
export const cancelMessageOf = (booking: Pick<Booking, 'status' | 'supplier'>): string =>
  booking.status === 'voided'
    ? BOOKING_MESSAGES.ticketsVoided
    : // Issue 29: a remote supplier's cancellation may wait for the airline's answer.
      booking.supplier?.state === 'cancelling'
      ? BOOKING_MESSAGES.cancellationWaitingForAirline
      : SUCCESS.bookingCancelled;

/**
 * What cancelling a hold does, said before the agent confirms. A hold at a remote supplier's
 * airline is cancelled there (issue 29): the server asks the airline for its cancellation and
 * confirms it in the same call, showing no quote first — a hold was never paid, so nothing comes
 * back and nothing is charged (docs/decisions/020-supplier-order-saga.md). A fare held here only
 * (`local`) has no airline order to cancel.
 */
export function holdCancellationText(booking: Pick<Booking, 'supplier'>): string {
  const supplier = booking.supplier;
  if (!supplier || supplier.code === 'sandbox') {
    return 'This cancels the hold: the seats are released and nothing is charged.';
  }
  if (supplier.state === 'local') {
    return 'Nothing is held at the airline for this fare: this cancels the booking here, and nothing is charged.';
  }
  return 'This cancels the hold at the airline: its order there is cancelled and the seats go back. Nothing is charged, and as the hold was not paid for, nothing comes back. If the airline is slow to confirm, the booking says "Waiting for the airline" until it does.';
}

/** Cancel (`POST /api/request-cancel-booking`), saying first what it will do to seats and money. */
export function CancelPanel({ booking, mode, onStart, onDone, onFailed, onClose }: CancelPanelProps) {
  const cancelBooking = useIdempotentMutation(bookingsApi.useCancelBookingMutation);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problem = reasonProblem(reason);
    setError(problem);
    if (problem) return;
    setBusy(true);
    onStart();
    try {
      const cancelled = await cancelBooking({ body: { booking_id: booking.id, reason: reason.trim() } });
      toast.success(cancelMessageOf(cancelled));
      onDone(cancelled);
    } catch (failure) {
      showServerFieldErrors<{ reason: string }>(failure, (_field, { message }) => setError(message), [
        'reason',
      ]);
      onFailed();
    } finally {
      setBusy(false);
    }
  };

  const tickets = booking.tickets.filter((ticket) => ticket.status === 'issued').length;
  return (
    <section
      aria-labelledby="cancel-title"
      className="rounded-2xl border border-rose-200 bg-rose-50/50 p-4 sm:p-5"
    >
      <h2 id="cancel-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Ban aria-hidden="true" className="size-5 text-rose-600" />
        {mode === 'cancel' ? 'Cancel this booking' : 'Void the tickets'}
      </h2>
      <p className="mt-1 text-slate-700 text-sm">
        {mode === 'cancel' ? (
          holdCancellationText(booking)
        ) : (
          <>
            This voids {tickets === 1 ? 'the ticket' : `all ${tickets} tickets`} and cancels the booking:{' '}
            <strong className="tabular-nums">{formatMoney(booking.total)}</strong> goes back to your credits
            in full. Nothing is deducted: no penalty is taken inside the void window.
            {booking.void_until && (
              <>
                {' '}
                Possible until {formatInstant(booking.void_until)}; after that only a refund is, less the
                penalty the fare rules take.
              </>
            )}
          </>
        )}{' '}
        It cannot be undone.
      </p>
      <div className="mt-3">
        <ReasonField
          label="Reason"
          value={reason}
          onChange={setReason}
          error={error}
          placeholder="e.g. the traveller changed plans"
        />
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button
          busy={busy}
          onClick={() => void submit()}
          className="bg-rose-600 hover:bg-rose-500 active:bg-rose-700"
        >
          {mode === 'cancel' ? 'Cancel booking' : 'Void tickets'}
        </Button>
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          Keep the booking
        </Button>
      </div>
    </section>
  );
}
