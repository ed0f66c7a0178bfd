import { amountToMinor, type BookingDetails, ticketsInvalid } from '@skydesk/contract';
import { money, utcStamp } from '../../../platform/pdf/format.js';
import { refundFiguresText } from '../after-sales/penalty.js';

/**
 * Whether the document in hand is a valid ticket, and if not what it is instead. A voided,
 * refunded, cancelled or expired booking's e-ticket is still printed (the agency's record), so it
 * must say it is not valid for travel where the eye lands first: a large mark across every page
 * (mark.ts), a notice under the header saying since when, and the fare's total named for what
 * became of it.
 */
export type Invalidity = {
  /** The word across every page. */
  mark: string;
  /** When the booking reached its state (its history's event), if recorded. */
  since: string | null;
  /** 'Voided on 15 Nov 2026 08:30 UTC' ('Voided' when the history has no date). */
  when: string;
  /** The notice under the header. */
  notice: string;
  /** A line under the fare's total: what became of the money. */
  moneyLine: string;
};

const MARKS: Record<string, { mark: string; verb: string }> = {
  voided: { mark: 'VOID', verb: 'Voided' },
  refunded: { mark: 'REFUNDED', verb: 'Refunded' },
  cancelled: { mark: 'CANCELLED', verb: 'Cancelled' },
  expired: { mark: 'EXPIRED', verb: 'Expired' },
};

export function invalidity(booking: BookingDetails): Invalidity | null {
  if (!ticketsInvalid(booking.status)) return null;
  const { mark, verb } = MARKS[booking.status]!;
  const event = booking.history.findLast((entry) => entry.to_status === booking.status && entry.from_status);
  const since = event?.created_at ?? null;
  const when = since ? `${verb} on ${utcStamp(since)}` : verb;
  const moneyLine =
    booking.status === 'voided'
      ? `Voided: ${money(booking.total)} was returned in full to the agency's credits`
      : booking.status === 'refunded'
        ? `Refunded to the agency's credits: ${refundedFigures(booking)}`
        : 'Nothing is owed for this booking';
  return {
    mark,
    since,
    when,
    notice: `${when}. This document is not valid for travel: the booking is ${booking.status} and its tickets cannot be used.`,
    moneyLine,
  };
}

/**
 * What the refund of the booking's tickets came to (issue 30): the tickets' own figures, in the
 * wording of the history and the statement — never "less penalties" when nothing was kept.
 */
function refundedFigures(booking: BookingDetails): string {
  const refunded = booking.tickets.filter((ticket) => ticket.refunded);
  const paidMinor = refunded.reduce((sum, ticket) => sum + amountToMinor(ticket.paid.Amount), 0);
  const refundMinor = refunded.reduce((sum, ticket) => sum + amountToMinor(ticket.refunded?.Amount ?? 0), 0);
  return refundFiguresText(
    { paidMinor, penaltyMinor: paidMinor - refundMinor, refundMinor },
    booking.total.CurrencyCode,
  );
}
