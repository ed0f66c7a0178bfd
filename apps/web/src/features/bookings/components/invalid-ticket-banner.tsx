import type { BookingDetails } from '@skydesk/contract';
import { Ban } from 'lucide-react';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import type { TicketInvalidity } from '../ticket-validity';

/** What became of the money, in words the agent can repeat to the traveller. */
export function moneyOutcome(
  booking: Pick<BookingDetails, 'total'> & { tickets?: BookingDetails['tickets'] },
  invalid: TicketInvalidity,
): string {
  switch (invalid.money) {
    case 'returned_in_full':
      return `${formatMoney(booking.total)} was returned in full to your credits.`;
    case 'returned_after_penalties':
      return refundedOutcome(booking);
    case 'none':
      return 'Nothing was charged.';
  }
}

/**
 * What a refund credited (issue 30), from the tickets' own figures — the ones the history, the
 * statement and the PDF say: never "less penalties" when nothing was kept.
 */
function refundedOutcome(booking: Pick<BookingDetails, 'total'> & { tickets?: BookingDetails['tickets'] }) {
  const refunded = (booking.tickets ?? []).filter((ticket) => ticket.refunded);
  if (refunded.length === 0) return 'The refund was returned to your credits (see the history).';
  const cents = (amount: number) => Math.round(amount * 100);
  const paid = refunded.reduce((sum, ticket) => sum + cents(ticket.paid.Amount), 0);
  const back = refunded.reduce((sum, ticket) => sum + cents(ticket.refunded?.Amount ?? 0), 0);
  const currency = booking.total.CurrencyCode;
  const text = (minor: number) => formatMoney({ Amount: minor / 100, CurrencyCode: currency });
  if (back >= paid) return `${text(back)} was returned in full to your credits, no penalty kept.`;
  return `${text(back)} of ${text(paid)} paid was returned to your credits; ${text(paid - back)} was kept as penalty.`;
}

/**
 * The first thing on the e-ticket and the booking of a voided (refunded, cancelled…) booking: a
 * red band stamped with the state, since when, and that the tickets cannot be used, so nobody
 * takes the screen or a print of it for a valid ticket.
 */
export function InvalidTicketBanner({
  booking,
  invalid,
}: {
  booking: Pick<BookingDetails, 'total' | 'tickets'>;
  invalid: TicketInvalidity;
}) {
  const hadTickets = booking.tickets.length > 0;
  return (
    <section
      aria-labelledby="invalid-ticket-title"
      className="flex flex-col gap-3 rounded-2xl border-2 border-rose-300 bg-rose-50 p-4 sm:flex-row sm:items-center sm:gap-5 sm:p-5"
    >
      <p
        aria-hidden="true"
        className="shrink-0 self-start rounded-lg border-4 border-rose-600 px-3 py-1 font-black text-2xl text-rose-600 tracking-[0.2em] sm:-rotate-6 sm:self-center sm:text-3xl"
      >
        {invalid.mark}
      </p>
      <div className="min-w-0 text-rose-950">
        {/* Not a flex row: on a phone the date wraps under the title as text does. */}
        <h2 id="invalid-ticket-title" className="font-semibold text-lg">
          <Ban aria-hidden="true" className="mr-1.5 inline size-5 align-[-3px] text-rose-600" />
          <span>
            {invalid.title}
            {invalid.since && (
              // The space outside the span: a name read out keeps it ("Tickets voided on …").
              <>
                {' '}
                <span className="font-normal text-base text-rose-800">
                  on <time dateTime={invalid.since}>{formatInstant(invalid.since)}</time>
                </span>
              </>
            )}
          </span>
        </h2>
        <p className="mt-1 text-sm">
          {hadTickets
            ? 'Not valid for travel: these tickets cannot be used to fly. This copy is for your records only.'
            : 'Not valid for travel.'}{' '}
          {moneyOutcome(booking, invalid)}
        </p>
      </div>
    </section>
  );
}
