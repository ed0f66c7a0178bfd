import { type AdminRefund, type Money, minorToAmount, type RefundRequestStatus } from '@skydesk/contract';
import type { RefundQuote } from '../../bookings/index.js';
import { serviceLineText, ticketName } from '../../bookings/index.js';
import type { RefundRow } from './repo.js';

/** An order's status as a refund request reads it. */
export const requestStatusOf = (status: RefundRow['status']): RefundRequestStatus =>
  status === 'completed' ? 'approved' : status;

/** The reason at the end of the request's history note (`… Reason: <the agency's words>`). */
const REASON_MARK = '. Reason: ';
const reasonOf = (note: string | null): string | null => {
  const at = note?.lastIndexOf(REASON_MARK) ?? -1;
  return note && at >= 0 ? note.slice(at + REASON_MARK.length) : null;
};

/** `totalMinor`: what the agency paid for the booking (the bookings module's `loadBookingTotals`). */
export function presentRefund(row: RefundRow, quote: RefundQuote, totalMinor: number): AdminRefund {
  const money = (minor: number): Money => ({ Amount: minorToAmount(minor), CurrencyCode: row.currency });
  const status = requestStatusOf(row.status);
  const credited = status === 'approved' ? row.amount_minor : status === 'pending' ? quote.allowedMinor : 0;
  return {
    id: row.id,
    order_no: row.order_no,
    status,
    company: { id: row.company_id, name: row.company_name },
    booking: {
      id: row.booking_id,
      pnr: row.pnr,
      status: row.booking_status,
      trip_type: row.trip_type,
      total: money(totalMinor),
      first_departure_at: row.first_departure_at.toISOString(),
      void_until: row.void_until?.toISOString() ?? null,
    },
    request: {
      tickets: row.ticket_numbers.length,
      of_tickets: Number(row.ticket_count ?? row.ticket_numbers.length),
      reason: reasonOf(row.request_note),
      requested_by: row.requested_by ? (JSON.parse(row.requested_by) as { id: string; name: string }) : null,
    },
    phase: quote.phase,
    refundable: quote.refundable,
    rules: quote.rules,
    tickets: quote.tickets.map(({ ticket, amounts }) => ({
      ticket_number: ticket.ticket_number,
      passenger_name: ticketName(ticket),
      passenger_type: ticket.passenger_type,
      status: ticket.status,
      paid: money(amounts.paidMinor),
      penalty: money(amounts.penaltyMinor),
      allowed: money(amounts.refundMinor),
      refunded: ticket.refunded_minor === null ? null : money(ticket.refunded_minor),
    })),
    // Issue 31: the seats and bags that went with the tickets, by the same quote approval credits.
    services: quote.services.map(({ service, amounts }) => ({
      service_id: service.id,
      ticket_number: service.ticket_number,
      passenger_name: ticketName(service),
      type: service.type,
      description: serviceLineText(service),
      paid: money(amounts.paidMinor),
      allowed: money(amounts.refundMinor),
      refunded: service.refunded_minor === null ? null : money(Number(service.refunded_minor)),
      reason: amounts.reason,
    })),
    allowed: money(quote.allowedMinor),
    amount: money(credited),
    requested_at: row.created_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
    decided_by:
      row.decided_by && row.decided_by_name ? { id: row.decided_by, name: row.decided_by_name } : null,
    decision_reason: row.decision_reason,
  };
}
