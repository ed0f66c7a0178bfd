import { z } from 'zod';
import { adminShapes, DocumentQuery } from './admin.js';
import { defineEndpoint } from './endpoint.js';
import { BookingStatus, SupportTicketStatus } from './enums.js';
import { Money } from './envelope.js';
import {
  SendSupportMessageBody,
  SupportMessage,
  SupportMessagesQuery,
  SupportReadBody,
  SupportReadState,
  SupportTicket,
  TicketAttachmentParams,
} from './support.js';
import { Text } from './text.js';

/**
 * The operators' side of support (docs/api.md#back-office: `/api/admin/tickets`): the queue of every
 * agency's tickets — unassigned first, then by priority and age — each opened beside the agency's
 * recent bookings; an operator takes a ticket, replies, closes and reopens it. Every action is in
 * the audit log.
 */

const { page, limit, pageCount, IdParams, Person } = adminShapes;

/** `active`: open or answered, what still needs looking after (the default). */
export const ADMIN_TICKET_STATUS_FILTERS = ['active', ...SupportTicketStatus.options, 'all'] as const;
export const AdminTicketStatusFilter = z.enum(ADMIN_TICKET_STATUS_FILTERS);
export type AdminTicketStatusFilter = z.infer<typeof AdminTicketStatusFilter>;

/** `me`: the caller's tickets; `unassigned`: nobody's yet. */
export const ADMIN_TICKET_ASSIGNEE_FILTERS = ['any', 'me', 'unassigned'] as const;
export const AdminTicketAssigneeFilter = z.enum(ADMIN_TICKET_ASSIGNEE_FILTERS);
export type AdminTicketAssigneeFilter = z.infer<typeof AdminTicketAssigneeFilter>;

export const AdminTicketListQuery = z.strictObject({
  status: AdminTicketStatusFilter.default('active'),
  assignee: AdminTicketAssigneeFilter.default('any'),
  company_id: z.uuid().optional(),
  /** The ticket's number, part of its subject, its booking's PNR or part of the agency's name. */
  q: Text({ max: 100 }).optional(),
  page,
  limit,
});
export type AdminTicketListQuery = z.input<typeof AdminTicketListQuery>;

export const AdminTicket = SupportTicket.omit({ assignee: true, unread_count: true, deletable: true }).extend(
  {
    company: z.object({ id: z.uuid(), name: z.string(), country: z.string().length(2) }),
    assignee: Person.nullable(),
    /** The operator who wrote SkyDesk's latest message on it (it may not be the assignee); null before any. */
    answered_by: Person.nullable(),
    /** The agency's messages no operator has read yet. */
    unread_count: z.number().int(),
    /** Since when the agency waits for an answer (its oldest message after the last reply); null when it doesn't. */
    waiting_since: z.string().nullable(),
  },
);
export type AdminTicket = z.infer<typeof AdminTicket>;

export const AdminTicketList = z.object({ tickets: z.array(AdminTicket), ...pageCount });
export type AdminTicketList = z.infer<typeof AdminTicketList>;

/** A booking of the agency, as the operator sees it beside the chat. */
export const AdminTicketBooking = z.object({
  id: z.uuid(),
  pnr: z.string(),
  status: BookingStatus,
  /** "LHR → JFK → LHR": the trip's airports in order. */
  route: z.string(),
  /** The first departure, airport-local (`2026-12-20T09:35:00`). */
  departure: z.string().nullable(),
  passenger_count: z.number().int(),
  total: Money,
  created_at: z.string(),
});
export type AdminTicketBooking = z.infer<typeof AdminTicketBooking>;

export const AdminTicketDetails = z.object({
  ticket: AdminTicket,
  /** The agency's most recent bookings (at most 10), the ticket's own booking first if it has one. */
  recent_bookings: z.array(AdminTicketBooking),
  /** The agency's contact, to answer without leaving the chat. */
  company_contact: z.object({ contact_name: z.string(), email: z.string(), phone: z.string() }),
});
export type AdminTicketDetails = z.infer<typeof AdminTicketDetails>;

export const AdminTicketAttachmentQuery = DocumentQuery;

export const adminSupportEndpoints = {
  tickets: defineEndpoint({
    method: 'GET',
    path: '/api/admin/tickets',
    summary: 'The support queue: unassigned first, then by priority (high first) and age (oldest first)',
    access: 'operator',
    query: AdminTicketListQuery,
    response: AdminTicketList,
  }),
  ticket: defineEndpoint({
    method: 'GET',
    path: '/api/admin/tickets/{id}',
    summary: "One ticket with the agency's contact and recent bookings",
    access: 'operator',
    params: IdParams,
    response: AdminTicketDetails,
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: '/api/admin/tickets/{id}/messages',
    summary: "A ticket's messages after `after_seq`, oldest first",
    access: 'operator',
    params: IdParams,
    query: SupportMessagesQuery,
    response: z.array(SupportMessage),
  }),
  reply: defineEndpoint({
    method: 'POST',
    path: '/api/admin/tickets/{id}/messages',
    summary: 'Reply on a ticket (the ticket becomes answered; the agency is told)',
    access: 'operator',
    params: IdParams,
    body: SendSupportMessageBody,
    successStatus: 201,
    response: SupportMessage,
  }),
  sendAttachment: defineEndpoint({
    method: 'POST',
    path: '/api/admin/tickets/{id}/attachments',
    summary: 'Send a file on a ticket (multipart `file`, PDF/PNG/JPEG ≤ 5 MB, optional `body`)',
    access: 'operator',
    params: IdParams,
    multipart: true,
    successStatus: 201,
    response: SupportMessage,
  }),
  attachment: defineEndpoint({
    method: 'GET',
    path: '/api/admin/tickets/{id}/attachments/{attachment_id}',
    summary: "A message's attachment, inline (or to save with download=true)",
    access: 'operator',
    params: TicketAttachmentParams,
    query: AdminTicketAttachmentQuery,
    response: z.unknown(),
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: '/api/admin/tickets/{id}/read',
    summary: "Mark the agency's messages read (all so far, or up to `up_to_seq`)",
    access: 'operator',
    params: IdParams,
    body: SupportReadBody,
    response: SupportReadState,
  }),
  assign: defineEndpoint({
    method: 'POST',
    path: '/api/admin/tickets/{id}/assign',
    summary: 'Take a ticket: the calling operator looks after it from now on',
    access: 'operator',
    params: IdParams,
    response: AdminTicketDetails,
  }),
  close: defineEndpoint({
    method: 'POST',
    path: '/api/admin/tickets/{id}/close',
    summary: 'Close a ticket',
    access: 'operator',
    params: IdParams,
    response: AdminTicketDetails,
  }),
  reopen: defineEndpoint({
    method: 'POST',
    path: '/api/admin/tickets/{id}/reopen',
    summary: 'Reopen a closed ticket',
    access: 'operator',
    params: IdParams,
    response: AdminTicketDetails,
  }),
};
