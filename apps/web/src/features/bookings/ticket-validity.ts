import { type BookingDetails, type BookingStatus, ticketsInvalid } from '@skydesk/contract';

/**
 * Whether a booking's e-ticket is still good for travel, and if not, what to say instead (the
 * server's PDF says the same: e-ticket/validity.ts). A voided, refunded, cancelled or expired
 * booking keeps its e-ticket screen and PDF as the agency's record, marked as such everywhere.
 */
export type TicketInvalidity = {
  /** The word stamped on the e-ticket: VOID, REFUNDED… */
  mark: string;
  /** 'Tickets voided' */
  title: string;
  /** When the booking reached its state, from its history (if recorded). */
  since: string | null;
  /** What became of the money, in a sentence (amount formatted by the caller). */
  money: 'returned_in_full' | 'returned_after_penalties' | 'none';
};

const STATES: Partial<Record<BookingStatus, Omit<TicketInvalidity, 'since'>>> = {
  voided: { mark: 'VOID', title: 'Tickets voided', money: 'returned_in_full' },
  refunded: { mark: 'REFUNDED', title: 'Tickets refunded', money: 'returned_after_penalties' },
  cancelled: { mark: 'CANCELLED', title: 'Booking cancelled', money: 'none' },
  expired: { mark: 'EXPIRED', title: 'Hold expired', money: 'none' },
};

export function ticketInvalidity(
  booking: Pick<BookingDetails, 'status' | 'history'>,
): TicketInvalidity | null {
  if (!ticketsInvalid(booking.status)) return null;
  const state = STATES[booking.status];
  if (!state) return null;
  const event = booking.history.findLast((entry) => entry.to_status === booking.status && entry.from_status);
  return { ...state, since: event?.created_at ?? null };
}
