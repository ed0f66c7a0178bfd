import {
  type AdminTicket,
  type AdminTicketBooking,
  adminSupportEndpoints,
  buildPath,
  minorToAmount,
  SUPPORT_ATTACHMENT_TYPES,
  type SupportMessage,
  type SupportSide,
  type SupportTicket,
  supportEndpoints,
} from '@skydesk/contract';
import type { MessageRow, RecentBookingRow, TicketRow } from './repo.js';

/**
 * The wire shapes of support (contract support.ts and admin-support.ts), made in one place. A
 * message reads the same to both sides but for its attachment's address: each side fetches it
 * through its own calls, with its own session.
 */

type AttachmentType = (typeof SUPPORT_ATTACHMENT_TYPES)[number];
const isAttachmentType = (value: string | null): value is AttachmentType =>
  (SUPPORT_ATTACHMENT_TYPES as readonly (string | null)[]).includes(value);

/** Who a message is presented to: the address of its attachment differs. */
export type Reader = SupportSide;

export const attachmentUrl = (reader: Reader, ticketId: string, attachmentId: string) =>
  buildPath(reader === 'agency' ? supportEndpoints.attachment.path : adminSupportEndpoints.attachment.path, {
    id: ticketId,
    attachment_id: attachmentId,
  });

export function presentMessage(row: MessageRow, reader: Reader): SupportMessage {
  const authorId = row.side === 'agency' ? row.user_id : row.operator_id;
  const authorName = row.side === 'agency' ? row.user_name : row.operator_name;
  const contentType = row.attachment_content_type;
  return {
    id: row.id,
    ticket_id: row.ticket_id,
    seq: row.seq,
    author: { side: row.side, id: authorId ?? '', name: authorName ?? '' },
    body: row.body,
    // The attachment's id is its message's: one file per message.
    attachment:
      row.attachment_key && row.attachment_file_name && isAttachmentType(contentType)
        ? {
            id: row.id,
            file_name: row.attachment_file_name,
            content_type: contentType,
            size: row.attachment_size_bytes ?? 0,
            url: attachmentUrl(reader, row.ticket_id, row.id),
          }
        : null,
    client_id: row.client_id,
    created_at: row.created_at.toISOString(),
    read_at: row.read_at?.toISOString() ?? null,
  };
}

/** What both sides' ticket shapes share. */
function ticketBasics(row: TicketRow) {
  return {
    id: row.id,
    number: row.number,
    subject: row.subject,
    category: row.category,
    priority: row.priority,
    status: row.status,
    booking: row.booking_id && row.booking_pnr ? { id: row.booking_id, pnr: row.booking_pnr } : null,
    created_by: { id: row.created_by, name: row.creator_name },
    message_count: row.last_seq,
    last_message:
      row.newest_side && row.newest_at
        ? { side: row.newest_side, body: row.newest_body ?? '', created_at: row.newest_at.toISOString() }
        : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    closed_at: row.closed_at?.toISOString() ?? null,
  };
}

/** A ticket as its agency sees it: the operator's name only, its own unread count. */
export function presentTicket(row: TicketRow): SupportTicket {
  return {
    ...ticketBasics(row),
    assignee: row.assignee_name ? { name: row.assignee_name } : null,
    unread_count: Number(row.agency_unread ?? 0),
    deletable: row.operator_replied_at === null,
  };
}

/** A ticket in the operators' queue. */
export function presentAdminTicket(row: TicketRow): AdminTicket {
  return {
    ...ticketBasics(row),
    company: { id: row.company_id, name: row.company_name, country: row.company_country },
    assignee: row.assigned_to && row.assignee_name ? { id: row.assigned_to, name: row.assignee_name } : null,
    answered_by:
      row.answered_by_id && row.answered_by_name
        ? { id: row.answered_by_id, name: row.answered_by_name }
        : null,
    unread_count: Number(row.operator_unread ?? 0),
    waiting_since: row.waiting_since ? new Date(row.waiting_since).toISOString() : null,
  };
}

/** A booking beside the chat: its airports in order ("LHR → JFK → LHR") and first departure. */
/** `totalMinor`: what the agency pays for it (the bookings module's `loadBookingTotals`). */
export function presentTicketBooking(row: RecentBookingRow, totalMinor: number): AdminTicketBooking {
  const legs = row.itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption;
  const airports: string[] = [];
  for (const leg of legs) {
    const first = leg.FlightSegment[0];
    const last = leg.FlightSegment.at(-1);
    if (!first || !last) continue;
    const from = first.DepartureAirport.LocationCode;
    if (airports.at(-1) !== from) airports.push(from);
    airports.push(last.ArrivalAirport.LocationCode);
  }
  return {
    id: row.id,
    pnr: row.pnr,
    status: row.status,
    route: airports.join(' → '),
    departure: legs[0]?.FlightSegment[0]?.DepartureDateTime ?? null,
    passenger_count: Number(row.passenger_count ?? 0),
    total: { Amount: minorToAmount(totalMinor), CurrencyCode: row.currency },
    created_at: row.created_at.toISOString(),
  };
}
