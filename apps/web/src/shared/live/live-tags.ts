import type { NotificationKind } from '@skydesk/contract';
import type { ApiTag } from '../http/api';

const MONEY_IN: ApiTag[] = ['Credits', 'Transactions', 'Statement'];
const BOOKINGS: ApiTag[] = ['Booking', 'Bookings', 'Orders'];

/**
 * What each pushed notification makes stale besides the notifications and the bell (decision
 * 010's tags): a deposit decided moves the credits, the deposit list and the statement; a refund
 * the bookings and, approved, the money; the agency's own status is read by the session, not a tag.
 */
const STALE_BY_KIND: Record<NotificationKind, ApiTag[]> = {
  company_approved: [],
  company_rejected: [],
  company_suspended: [],
  company_reactivated: [],
  deposit_approved: MONEY_IN,
  // The credits count the pending deposits.
  deposit_rejected: ['Credits', 'Transactions'],
  credits_adjusted: ['Credits', 'Statement'],
  credit_limit_changed: ['Credits', 'Statement'],
  low_balance: ['Credits'],
  refund_approved: [...BOOKINGS, 'Credits', 'Statement'],
  refund_rejected: BOOKINGS,
  booking_ticketed: [...BOOKINGS, 'Credits', 'Statement'],
  hold_expiring: BOOKINGS,
  hold_expired: [...BOOKINGS, 'Credits'],
  // A booking the airline did not make: its debit came back.
  booking_failed: [...BOOKINGS, 'Credits', 'Statement'],
  airline_change: BOOKINGS,
  support_reply: ['Tickets'],
  announcement: ['Announcements'],
  offer: ['Offers'],
};

/** What a support ticket's live news (a message, a read, a change) makes stale in the lists. */
export const TICKET_TAGS: ApiTag[] = ['Tickets'];

/** The tags to invalidate when a notification of this kind is pushed. */
export const staleTagsFor = (kind: NotificationKind): ApiTag[] => [
  'Notifications',
  'NotificationSummary',
  ...STALE_BY_KIND[kind],
];

/** Everything a push could have refreshed: asked again after the socket was down a while. */
export const ALL_LIVE_TAGS: ApiTag[] = [
  ...new Set([...Object.values(STALE_BY_KIND).flat(), ...TICKET_TAGS, 'TicketMessages' as const]),
  'Notifications',
  'NotificationSummary',
];
