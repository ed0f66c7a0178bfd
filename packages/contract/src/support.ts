import { z } from 'zod';
import { PnrBody } from './bookings.js';
import { VENDOR_DOCUMENT_MAX_BYTES, VENDOR_DOCUMENT_TYPES } from './company.js';
import { defineEndpoint } from './endpoint.js';
import { SupportTicketStatus } from './enums.js';
import { FALLBACK } from './messages.js';
import { Text } from './text.js';

/**
 * Support tickets and their chat (docs/api.md#support-notices-analytics; docs/product-spec.md §2 create-ticket, view-tickets,
 * ticket-info, support-chat). An agency opens a ticket — optionally about one of its bookings —
 * and talks with SkyDesk's operators on it; every message is stored before it is pushed over the
 * live socket, numbered per ticket (`seq`) so a client that reconnects asks for what follows the
 * last one it holds, and never shows one twice.
 *
 * Lifecycle (docs/architecture.md §5): `open` → (an operator replies) `answered` ↔ (the agency writes) `open`
 * → `closed`; an operator may reopen a closed ticket. A ticket no operator has replied to may be
 * deleted by its agency; after a reply it is closed instead, so the conversation stays on record.
 */

export const SUPPORT_CATEGORIES = ['booking', 'payment', 'technical', 'other'] as const;
export const SupportCategory = z.enum(SUPPORT_CATEGORIES);
export type SupportCategory = z.infer<typeof SupportCategory>;

export const SUPPORT_PRIORITIES = ['low', 'normal', 'high'] as const;
export const SupportPriority = z.enum(SUPPORT_PRIORITIES);
export type SupportPriority = z.infer<typeof SupportPriority>;

/** Who wrote a message, or who reads: the agency's side or SkyDesk's operators. */
export const SUPPORT_SIDES = ['agency', 'operator'] as const;
export const SupportSide = z.enum(SUPPORT_SIDES);
export type SupportSide = z.infer<typeof SupportSide>;

export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  booking: 'Booking',
  payment: 'Payment',
  technical: 'Technical',
  other: 'Other',
};

export const SUPPORT_PRIORITY_LABELS: Record<SupportPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
};

export const SUPPORT_STATUS_LABELS: Record<SupportTicketStatus, string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
};

// ── attachments ─────────────────────────────────────────────────────────────────────────────

/** An attachment: PDF, PNG or JPEG (checked by its first bytes), at most 5 MB. */
export const SUPPORT_ATTACHMENT_TYPES = VENDOR_DOCUMENT_TYPES;
export const SUPPORT_ATTACHMENT_MAX_BYTES = VENDOR_DOCUMENT_MAX_BYTES;
/** The multipart field of an attachment's file. */
export const SUPPORT_ATTACHMENT_FIELD = 'file';

export const SupportAttachment = z.object({
  id: z.uuid(),
  file_name: z.string(),
  content_type: z.enum(SUPPORT_ATTACHMENT_TYPES),
  size: z.number().int(),
  /** Served to the ticket's agency (or operators) only: fetched with the session's token. */
  url: z.string(),
});
export type SupportAttachment = z.infer<typeof SupportAttachment>;

// ── messages ────────────────────────────────────────────────────────────────────────────────

export const SUPPORT_MESSAGE_MAX = 5_000;

/**
 * How many chat messages one person may send (issue 27), whichever way — HTTP, a file, the live
 * socket — and on either side: enough for anyone typing, however fast, and for a burst of pasted
 * lines; a script that stored 200 in four seconds is stopped at the first 30.
 */
export const SUPPORT_MESSAGE_RATE = { messages: 30, perSeconds: 60 } as const;

export const SupportMessageText = Text({
  min: 1,
  max: SUPPORT_MESSAGE_MAX,
  multiline: true,
  tooShort: 'Write your message',
  tooLong: 'At most 5,000 characters',
});

export const SupportMessage = z.object({
  id: z.uuid(),
  ticket_id: z.uuid(),
  /** 1, 2, 3… in the order the ticket's messages were stored. */
  seq: z.number().int().min(1),
  author: z.object({ side: SupportSide, id: z.uuid(), name: z.string() }),
  /** Empty for a message that only carries its attachment. */
  body: z.string(),
  attachment: SupportAttachment.nullable(),
  /** The sender's own id of the message, echoed back so it can match its draft (or null). */
  client_id: z.uuid().nullable(),
  created_at: z.string(),
  /** When the other side first read it; null while unread ("sent"). */
  read_at: z.string().nullable(),
});
export type SupportMessage = z.infer<typeof SupportMessage>;

/**
 * A message to send. `client_id` makes a retry safe: the same id on the same ticket from the same
 * side stores the message once and answers the stored one again.
 */
export const SendSupportMessageBody = z.strictObject({
  body: SupportMessageText,
  client_id: z.uuid().optional(),
});
export type SendSupportMessageBody = z.infer<typeof SendSupportMessageBody>;

/** The text fields of an attachment upload (multipart, with the `file`). */
export const SupportAttachmentFields = z.strictObject({
  body: Text({ max: SUPPORT_MESSAGE_MAX, multiline: true }).optional(),
  client_id: z.uuid().optional(),
});
export type SupportAttachmentFields = z.infer<typeof SupportAttachmentFields>;

/** Messages after the `after_seq`th (0 or absent: from the first), oldest first. */
export const SupportMessagesQuery = z.strictObject({
  after_seq: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type SupportMessagesQuery = z.input<typeof SupportMessagesQuery>;

/** Marks the other side's messages read, up to `up_to_seq` (absent: all of them so far). */
export const SupportReadBody = z.strictObject({
  up_to_seq: z.number().int().min(0).max(1_000_000).optional(),
});
export type SupportReadBody = z.infer<typeof SupportReadBody>;

export const SupportReadState = z.object({
  ticket_id: z.uuid(),
  side: SupportSide,
  up_to_seq: z.number().int(),
  read_at: z.string(),
});
export type SupportReadState = z.infer<typeof SupportReadState>;

// ── tickets ─────────────────────────────────────────────────────────────────────────────────

export const SUPPORT_SUBJECT_MAX = 150;

export const CreateTicketBody = z.strictObject({
  subject: Text({
    min: 3,
    max: SUPPORT_SUBJECT_MAX,
    tooShort: 'Say in a few words what it is about',
    tooLong: 'At most 150 characters',
  }),
  category: SupportCategory,
  priority: SupportPriority.default('normal'),
  message: SupportMessageText,
  /** One of the agency's bookings the ticket is about. */
  pnr: PnrBody.shape.pnr.optional(),
});
export type CreateTicketBody = z.input<typeof CreateTicketBody>;

const Person = z.object({ id: z.uuid(), name: z.string() });

export const SupportTicket = z.object({
  id: z.uuid(),
  /** The ticket's number as people quote it ("#1042"). */
  number: z.number().int(),
  subject: z.string(),
  category: SupportCategory,
  priority: SupportPriority,
  status: SupportTicketStatus,
  /** The booking it is about, if any. */
  booking: z.object({ id: z.uuid(), pnr: z.string() }).nullable(),
  created_by: Person,
  /** The operator looking after it (their name only, to the agency). */
  assignee: z.object({ name: z.string() }).nullable(),
  message_count: z.number().int(),
  last_message: z.object({ side: SupportSide, body: z.string(), created_at: z.string() }).nullable(),
  /** The operators' messages the agency has not read yet. */
  unread_count: z.number().int(),
  /** The agency may delete it: no operator has replied yet. */
  deletable: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
});
export type SupportTicket = z.infer<typeof SupportTicket>;

export const TicketIdParams = z.strictObject({ id: z.uuid() });
export const TicketAttachmentParams = z.strictObject({ id: z.uuid(), attachment_id: z.uuid() });
/** docs/product-spec.md §7: `DELETE /api/ticket?ticket_id={id}`. */
export const DeleteTicketQuery = z.strictObject({ ticket_id: z.uuid() });

/** Messages of support tickets (to the letter where docs/product-spec.md §8 fixes them). */
export const SUPPORT_MESSAGES = {
  ticketNotFound: 'Ticket not found',
  unknownPnr: 'No booking of your agency has this reference',
  closed: 'This ticket is closed. Open a new ticket if you need more help.',
  notDeletable:
    'SkyDesk support has replied to this ticket, so it stays on record: close it instead of deleting it.',
  alreadyClosed: 'This ticket is closed already',
  notClosed: 'This ticket is not closed',
  attachmentMissing: 'Attach a PDF, PNG or JPEG file',
  /** 429 past SUPPORT_MESSAGE_RATE: the chat shows it under the message that was not sent. */
  tooFast: (seconds: number) =>
    `You are sending messages faster than we can take them. Wait ${seconds} second${seconds === 1 ? '' : 's'} and send again.`,
} as const;

// ── endpoints ───────────────────────────────────────────────────────────────────────────────

export const supportEndpoints = {
  createTicket: defineEndpoint({
    method: 'POST',
    path: '/api/ticket',
    summary: 'Open a support ticket with its first message, optionally about one of the bookings',
    access: 'company',
    permission: 'support.use',
    body: CreateTicketBody,
    successStatus: 201,
    response: SupportTicket,
    fallbackMessage: FALLBACK.createTicket,
  }),
  tickets: defineEndpoint({
    method: 'GET',
    path: '/api/ticket/company',
    summary: "The agency's support tickets, newest first, with their unread counts",
    access: 'company',
    permission: 'support.use',
    response: z.array(SupportTicket),
    fallbackMessage: FALLBACK.fetchTickets,
  }),
  ticket: defineEndpoint({
    method: 'GET',
    path: '/api/ticket/{id}',
    summary: 'One support ticket',
    access: 'company',
    permission: 'support.use',
    params: TicketIdParams,
    response: SupportTicket,
    fallbackMessage: FALLBACK.fetchTickets,
  }),
  deleteTicket: defineEndpoint({
    method: 'DELETE',
    path: '/api/ticket',
    summary: 'Delete a ticket no operator has replied to (409 afterwards: close it instead)',
    access: 'company',
    permission: 'support.use',
    query: DeleteTicketQuery,
    response: z.object({ id: z.uuid() }),
    fallbackMessage: FALLBACK.deleteTicket,
  }),
  closeTicket: defineEndpoint({
    method: 'POST',
    path: '/api/ticket/{id}/close',
    summary: 'Close a ticket the agency needs no more help with',
    access: 'company',
    permission: 'support.use',
    params: TicketIdParams,
    response: SupportTicket,
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: '/api/ticket/{id}/messages',
    summary: "A ticket's messages after `after_seq`, oldest first",
    access: 'company',
    permission: 'support.use',
    params: TicketIdParams,
    query: SupportMessagesQuery,
    response: z.array(SupportMessage),
  }),
  sendMessage: defineEndpoint({
    method: 'POST',
    path: '/api/ticket/{id}/messages',
    summary: 'Write on a ticket (stored, then pushed to both sides over the live socket)',
    access: 'company',
    permission: 'support.use',
    params: TicketIdParams,
    body: SendSupportMessageBody,
    successStatus: 201,
    response: SupportMessage,
  }),
  sendAttachment: defineEndpoint({
    method: 'POST',
    path: '/api/ticket/{id}/attachments',
    summary: 'Send a file on a ticket (multipart `file`, PDF/PNG/JPEG ≤ 5 MB, optional `body`)',
    access: 'company',
    permission: 'support.use',
    params: TicketIdParams,
    multipart: true,
    successStatus: 201,
    response: SupportMessage,
  }),
  attachment: defineEndpoint({
    method: 'GET',
    path: '/api/ticket/{id}/attachments/{attachment_id}',
    summary: "A message's attachment, to the ticket's agency only",
    access: 'company',
    permission: 'support.use',
    params: TicketAttachmentParams,
    response: z.unknown(),
  }),
  markRead: defineEndpoint({
    method: 'PUT',
    path: '/api/ticket/{id}/read',
    summary: "Mark the operators' messages read (all so far, or up to `up_to_seq`)",
    access: 'company',
    permission: 'support.use',
    params: TicketIdParams,
    body: SupportReadBody,
    response: SupportReadState,
  }),
};
