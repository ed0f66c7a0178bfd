import { BOOKING_MESSAGES, type Booking, type RefundServiceLine, SUCCESS } from '@skydesk/contract';
import { ReceiptText, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { formatMoney } from '../../../shared/format/money';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { useIdempotentMutation } from '../../../shared/http/use-idempotent-mutation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { bookingsApi } from '../bookings-api';
import { usePassed } from './offer-timer';
import { ReasonField, reasonProblem } from './reason-field';

type RefundPanelProps = {
  booking: Booking;
  onDone: (booking: Booking) => void;
  onClose: () => void;
};

const sumOf = (amounts: { Amount: number; CurrencyCode: string }[], currency: string) => ({
  Amount: Math.round(amounts.reduce((total, money) => total + money.Amount * 100, 0)) / 100,
  CurrencyCode: currency,
});

/**
 * Refund: what each ticket would return now (docs/api.md `POST /api/getPenalty`: paid, penalty,
 * refund) and, under it, its passenger's paid seats and bags with what each returns and why (issue
 * 31: bags before departure, seats only when the airline changed the flight); the agent ticks the
 * passengers whose tickets to refund — one can drop out while the others fly, their seats and bags
 * with them — and says why (`POST /api/request-ticket-refund` with those ticket numbers).
 */
export function RefundPanel({ booking, onDone, onClose }: RefundPanelProps) {
  const refundBooking = useIdempotentMutation(bookingsApi.useRefundBookingMutation);
  const {
    currentData: penalty,
    isError: failed,
    isFetching,
    refetch,
  } = bookingsApi.usePenaltyQuery({
    body: { booking_id: booking.id },
  });
  // Issue 29: a remote supplier's booking is refunded on the airline's own quote, whole and in time.
  const quote = penalty?.supplier_quote ?? null;
  const quoteExpired = usePassed(quote?.expires_at ?? '9999-12-31T00:00:00Z');
  // Every ticket is ticked until the agent changes the choice.
  const [choice, setChoice] = useState<string[] | null>(null);
  const chosen = choice ?? penalty?.tickets.map((ticket) => ticket.ticket_number) ?? [];
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [choiceError, setChoiceError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const toggle = (ticketNumber: string) => {
    if (quote) return;
    setChoiceError(undefined);
    setChoice(
      chosen.includes(ticketNumber) ? chosen.filter((n) => n !== ticketNumber) : [...chosen, ticketNumber],
    );
  };

  const submit = async () => {
    const problem = reasonProblem(reason);
    setReasonError(problem);
    const none = chosen.length === 0 ? 'Choose at least one ticket' : undefined;
    setChoiceError(none);
    if (problem || none || !penalty) return;
    setBusy(true);
    try {
      // In the booking's order, whatever order they were ticked in.
      const ticketNumbers = penalty.tickets.map((t) => t.ticket_number).filter((n) => chosen.includes(n));
      const requested = await refundBooking({
        body: { booking_id: booking.id, reason: reason.trim(), ticket_numbers: ticketNumbers },
      });
      toast.success(
        requested.supplier && requested.supplier.code !== 'sandbox'
          ? requested.supplier.state === 'cancelling'
            ? BOOKING_MESSAGES.cancellationWaitingForAirline
            : BOOKING_MESSAGES.refundCredited
          : SUCCESS.refundRequestedShort,
      );
      onDone(requested);
    } catch (failure) {
      showServerFieldErrors<{ reason: string }>(failure, (_field, { message }) => setReasonError(message), [
        'reason',
      ]);
    } finally {
      setBusy(false);
    }
  };

  const currency = booking.total.CurrencyCode;
  const picked = penalty?.tickets.filter((ticket) => chosen.includes(ticket.ticket_number)) ?? [];
  const services = penalty?.services ?? [];
  const pickedServices = services.filter((service) => chosen.includes(service.ticket_number));
  const refundTotal = sumOf(
    [
      ...picked.map((ticket) => ticket.refund_amount),
      ...pickedServices.map((service) => service.refund_amount),
    ],
    currency,
  );

  return (
    <section
      aria-labelledby="refund-title"
      className="rounded-2xl border border-violet-200 bg-violet-50/50 p-4 sm:p-5"
    >
      <h2 id="refund-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <ReceiptText aria-hidden="true" className="size-5 text-violet-600" /> Request a refund
      </h2>
      {failed ? (
        <Alert tone="error" className="mt-3" title="The refund terms could not be loaded">
          <p>Close this panel and try again.</p>
        </Alert>
      ) : !penalty ? (
        <div className="flex justify-center p-4">
          <Spinner label="Loading the refund terms" />
        </div>
      ) : (
        <>
          <ul className="mt-2 list-disc space-y-0.5 pl-5 text-slate-700 text-sm">
            {penalty.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
          <fieldset className="mt-3">
            <legend className="mb-2 font-medium text-slate-800 text-sm">Tickets to refund</legend>
            <ul className="divide-y divide-violet-100 overflow-hidden rounded-xl bg-white ring-1 ring-violet-200">
              {penalty.tickets.map((ticket) => (
                <li key={ticket.ticket_number}>
                  <label className="flex cursor-pointer items-start gap-3 p-3 text-sm hover:bg-violet-50/60">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 shrink-0 accent-violet-600"
                      checked={chosen.includes(ticket.ticket_number)}
                      disabled={quote !== null}
                      onChange={() => toggle(ticket.ticket_number)}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium text-slate-900 uppercase">
                        {ticket.passenger_name}
                      </span>
                      <span className="block font-mono text-slate-500 text-xs">{ticket.ticket_number}</span>
                    </span>
                    <span className="grid shrink-0 grid-cols-[auto_auto] gap-x-3 text-right text-xs tabular-nums">
                      <span className="text-slate-500">Paid</span>
                      <span>{formatMoney(ticket.paid)}</span>
                      <span className="text-slate-500">Penalty</span>
                      <span className={ticket.penalty.Amount > 0 ? 'text-rose-700' : 'text-slate-500'}>
                        {ticket.penalty.Amount > 0 ? '−' : ''}
                        {formatMoney(ticket.penalty)}
                      </span>
                      <span className="font-medium text-slate-700">Refund</span>
                      <span className="font-semibold text-slate-900">
                        {formatMoney(ticket.refund_amount)}
                      </span>
                    </span>
                  </label>
                  <ServiceLines
                    lines={services.filter((service) => service.ticket_number === ticket.ticket_number)}
                    dimmed={!chosen.includes(ticket.ticket_number)}
                  />
                </li>
              ))}
            </ul>
            {choiceError && <p className="mt-1.5 text-rose-700 text-sm">{choiceError}</p>}
          </fieldset>
          {/* The rules above say until when the airline's quote holds; past it, a new one is asked. */}
          {quote?.expires_at && quoteExpired && (
            <Alert tone="warning" className="mt-3" title="The airline's quote has expired">
              <p>Ask the airline for a new one before refunding.</p>
              <Button variant="secondary" className="mt-2" busy={isFetching} onClick={() => void refetch()}>
                <RefreshCw aria-hidden="true" className="size-4" /> Ask for a new quote
              </Button>
            </Alert>
          )}
          <p className="mt-3 flex items-baseline justify-between gap-3 text-sm">
            <span className="text-slate-700">
              Refund to your credits for {picked.length} of {penalty.tickets.length} ticket
              {penalty.tickets.length === 1 ? '' : 's'}
              {pickedServices.length > 0 ? ', seats and bags included' : ''}
            </span>
            <strong className="text-base text-slate-900 tabular-nums" data-testid="refund-total">
              {formatMoney(refundTotal)}
            </strong>
          </p>
          <div className="mt-3">
            <ReasonField
              label="Reason"
              value={reason}
              onChange={setReason}
              error={reasonError}
              placeholder="e.g. the passenger cannot travel"
            />
          </div>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <Button busy={busy} disabled={quote !== null && quoteExpired} onClick={() => void submit()}>
              {quote ? 'Refund at this quote' : 'Request refund'}
            </Button>
            <Button variant="ghost" onClick={onClose} disabled={busy}>
              Close
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/**
 * Issue 31: a passenger's paid seats and bags under their ticket — each with what it cost, what
 * comes back and why in words — so the total below is seen line by line before it is confirmed.
 */
function ServiceLines({ lines, dimmed }: { lines: RefundServiceLine[]; dimmed: boolean }) {
  if (lines.length === 0) return null;
  return (
    <ul
      aria-label="Seats and bags"
      className={`space-y-1.5 border-violet-100 border-t bg-violet-50/30 py-2 pr-3 pl-10 text-xs ${dimmed ? 'opacity-60' : ''}`}
    >
      {lines.map((line) => (
        <li key={line.service_id}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="min-w-0 font-medium text-slate-800">{line.description}</span>
            <span className="shrink-0 tabular-nums">
              <span className="text-slate-500">Paid {formatMoney(line.paid)} · </span>
              {line.refund_amount.Amount > 0 ? (
                <span className="font-semibold text-slate-900">Refund {formatMoney(line.refund_amount)}</span>
              ) : (
                <span className="font-semibold text-rose-700">Not refunded</span>
              )}
            </span>
          </div>
          <p className="text-slate-500">{line.reason}</p>
        </li>
      ))}
    </ul>
  );
}
