import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { FALLBACK } from './messages.js';

/**
 * In-app notifications of an agency (API.md "Support, notices"): what the back office decided
 * about the agency or its refunds. A notification goes to the whole company or to one user; the
 * bell and the live push over the WebSocket come with a later issue.
 */

export const NOTIFICATION_KINDS = [
  'company_approved',
  'company_rejected',
  'company_suspended',
  'company_reactivated',
  'refund_approved',
  'refund_rejected',
  'credits_adjusted',
  'deposit_approved',
  'deposit_rejected',
  'credit_limit_changed',
  'low_balance',
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const Notification = z.object({
  id: z.uuid(),
  kind: NotificationKind,
  title: z.string(),
  body: z.string(),
  /** A path of the portal to open (e.g. `/bookings/{id}`), or null. */
  link: z.string().nullable(),
  /** When someone of the audience read it; null while unread. */
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof Notification>;

/** How many of the newest notifications the list answers. */
export const NOTIFICATION_LIST_LIMIT = 100;

export const noticeEndpoints = {
  notifications: defineEndpoint({
    method: 'GET',
    path: '/api/notification',
    summary: "The agency's and the user's notifications, newest first (at most 100)",
    access: 'company',
    permission: 'any',
    // A rejected agency reads why it was rejected here too.
    allowUnapproved: true,
    response: z.array(Notification),
    fallbackMessage: FALLBACK.fetchNotifications,
  }),
  markNotificationRead: defineEndpoint({
    method: 'PUT',
    path: '/api/notification/{id}/read',
    summary: 'Mark one notification read',
    access: 'company',
    permission: 'any',
    allowUnapproved: true,
    params: z.strictObject({ id: z.uuid() }),
    response: z.object({ id: z.uuid() }),
  }),
};
