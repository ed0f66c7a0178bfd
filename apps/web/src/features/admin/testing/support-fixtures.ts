import type { AdminTicket, AdminTicketBooking, AdminTicketDetails, AdminTicketList } from '@skydesk/contract';
import { AGENT, OPERATOR, TICKET_ID } from '../../../entities/chat/testing/chat-fixtures';
import { AGENCY_ID } from './admin-fixtures';

export { TICKET_ID };
export const BOOKING_ID = 'b0000000-0000-4000-8000-000000000001';

/** A ticket of Horizon Voyages waiting in the queue: nobody has it yet. */
export const adminTicket = (overrides: Partial<AdminTicket> = {}): AdminTicket => ({
  id: TICKET_ID,
  number: 1042,
  subject: 'Name correction on QX7P2M',
  category: 'booking',
  priority: 'high',
  status: 'open',
  booking: { id: BOOKING_ID, pnr: 'QX7P2M' },
  created_by: AGENT,
  company: { id: AGENCY_ID, name: 'Horizon Voyages', country: 'AE' },
  assignee: null,
  answered_by: null,
  message_count: 1,
  last_message: { side: 'agency', body: 'The surname is misspelt.', created_at: '2026-03-10T09:00:00Z' },
  unread_count: 1,
  waiting_since: '2026-03-10T09:00:00Z',
  created_at: '2026-03-10T09:00:00Z',
  updated_at: '2026-03-10T09:00:00Z',
  closed_at: null,
  ...overrides,
});

export const ticketQueue = (
  tickets: AdminTicket[],
  { total = tickets.length, totalPages = 1 } = {},
): AdminTicketList => ({
  tickets,
  total,
  totalPages,
});

const booking = (overrides: Partial<AdminTicketBooking>): AdminTicketBooking => ({
  id: BOOKING_ID,
  pnr: 'QX7P2M',
  status: 'ticketed',
  route: 'DXB → LHR',
  departure: '2026-12-20T09:35:00',
  passenger_count: 2,
  total: { Amount: 1840.5, CurrencyCode: 'USD' },
  created_at: '2026-03-01T10:00:00Z',
  ...overrides,
});

export const ticketDetails = (overrides: Partial<AdminTicket> = {}): AdminTicketDetails => ({
  ticket: adminTicket(overrides),
  recent_bookings: [
    booking({}),
    booking({
      id: 'b0000000-0000-4000-8000-000000000002',
      pnr: 'ZK4T9A',
      status: 'booked',
      route: 'DXB → BOM → DXB',
      departure: '2027-01-05T22:10:00',
      passenger_count: 1,
      total: { Amount: 420, CurrencyCode: 'USD' },
    }),
  ],
  company_contact: {
    contact_name: 'Leila Haddad',
    email: 'leila@horizon-voyages.example',
    phone: '+971 4 555 0199',
  },
});

export const assignedToMe = { id: OPERATOR.id, name: OPERATOR.name };
