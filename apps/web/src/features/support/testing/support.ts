import type { Booking, Permission, SupportTicket } from '@skydesk/contract';
import { AGENT, TICKET_ID } from '../../../entities/chat/testing/chat-fixtures';
import { signedInState } from '../../../testing/fake-session';
import type { PreloadedState } from '../../../testing/render-with-providers';

export { TICKET_ID };

export const supportState = (permissions: Permission[] = ['support.use', 'bookings.view']): PreloadedState =>
  signedInState({ permissions });

let next = 0;

/** A ticket of the sample agency: open, just written, nobody at SkyDesk has replied. */
export function ticket(overrides: Partial<SupportTicket> = {}): SupportTicket {
  next += 1;
  return {
    id: `71c4e700-0000-4000-8000-${String(next).padStart(12, '0')}`,
    number: 1040 + next,
    subject: `Question ${next}`,
    category: 'booking',
    priority: 'normal',
    status: 'open',
    booking: null,
    created_by: AGENT,
    assignee: null,
    message_count: 1,
    last_message: { side: 'agency', body: 'Can you help?', created_at: '2026-03-10T09:00:00.000Z' },
    unread_count: 0,
    deletable: true,
    created_at: '2026-03-10T09:00:00.000Z',
    updated_at: '2026-03-10T09:00:00.000Z',
    closed_at: null,
    ...overrides,
  };
}

/** An answered ticket: an operator replied, so it may be closed but no longer deleted. */
export const answeredTicket = (overrides: Partial<SupportTicket> = {}): SupportTicket =>
  ticket({
    status: 'answered',
    deletable: false,
    assignee: { name: 'Omar Haddad' },
    message_count: 2,
    last_message: {
      side: 'operator',
      body: 'Done: the name is corrected.',
      created_at: '2026-03-10T10:00:00.000Z',
    },
    unread_count: 1,
    ...overrides,
  });

/** A booking as the recent-bookings picker reads it (only what it shows). */
export function recentBooking(pnr: string, from: string, to: string, id: string): Booking {
  return {
    id,
    pnr,
    trip_type: 'OneWay',
    status: 'ticketed',
    segments: [
      {
        leg: 0,
        DepartureAirport: { LocationCode: from, Terminal: null },
        ArrivalAirport: { LocationCode: to, Terminal: null },
        DepartureDateTime: '2026-12-20T09:35:00',
      },
    ],
  } as unknown as Booking;
}
