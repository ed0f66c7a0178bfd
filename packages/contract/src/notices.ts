import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import type { Permission } from './enums.js';
import { FALLBACK } from './messages.js';
import { PRINTABLE_TOKEN } from './text.js';

/**
 * What the portal tells an agency (docs/api.md#support-notices-analytics): in-app notifications — to the whole
 * agency or to one user, each read or unread per user, pushed live and counted by the bell — with
 * an e-mail for the money and approval events that each user may turn off per kind; and the
 * announcements and offers SkyDesk's operators publish (admin-notices.ts).
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
  'booking_ticketed',
  /** A hold's ticketing deadline is 2 hours away (told once per booking). */
  'hold_expiring',
  'hold_expired',
  /** Issue 29: the airline did not make the booking's order; anything debited was given back. */
  'booking_failed',
  /** Issue 29: the airline changed a booking (a schedule change it reported). */
  'airline_change',
  /** SkyDesk support replied on a ticket. */
  'support_reply',
  'announcement',
  'offer',
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** The groups the notifications screen filters by. */
export const NOTIFICATION_CATEGORIES = ['agency', 'money', 'bookings', 'support', 'news'] as const;
export const NotificationCategory = z.enum(NOTIFICATION_CATEGORIES);
export type NotificationCategory = z.infer<typeof NotificationCategory>;

export const NOTIFICATION_CATEGORY_OF: Record<NotificationKind, NotificationCategory> = {
  company_approved: 'agency',
  company_rejected: 'agency',
  company_suspended: 'agency',
  company_reactivated: 'agency',
  refund_approved: 'money',
  refund_rejected: 'money',
  credits_adjusted: 'money',
  deposit_approved: 'money',
  deposit_rejected: 'money',
  credit_limit_changed: 'money',
  low_balance: 'money',
  booking_ticketed: 'bookings',
  hold_expiring: 'bookings',
  hold_expired: 'bookings',
  booking_failed: 'bookings',
  airline_change: 'bookings',
  support_reply: 'support',
  announcement: 'news',
  offer: 'news',
};

/**
 * What a user's role must hold to see each kind, in the portal and live: a notification tells what
 * its screen would (a ticketed booking's PNR and amount, a deposit), so it is shown to those who may
 * open that screen. null: every user of the agency (its standing, SkyDesk's news). Owners see all.
 */
export const NOTIFICATION_PERMISSION: Record<NotificationKind, Permission | null> = {
  company_approved: null,
  company_rejected: null,
  company_suspended: null,
  company_reactivated: null,
  refund_approved: 'bookings.view',
  refund_rejected: 'bookings.view',
  credits_adjusted: 'payments.view',
  deposit_approved: 'payments.view',
  deposit_rejected: 'payments.view',
  credit_limit_changed: 'payments.view',
  low_balance: 'payments.view',
  booking_ticketed: 'bookings.view',
  hold_expiring: 'bookings.view',
  hold_expired: 'bookings.view',
  booking_failed: 'bookings.view',
  airline_change: 'bookings.view',
  support_reply: 'support.use',
  announcement: null,
  offer: null,
};

export const NOTIFICATION_CATEGORY_LABELS: Record<NotificationCategory, string> = {
  agency: 'Your agency',
  money: 'Money',
  bookings: 'Bookings',
  support: 'Support',
  news: 'News and offers',
};

/**
 * The money and approval events, e-mailed as well as shown (issue 14), to the users of the
 * notification's audience who may act on them — unless a user turned that kind off.
 */
export const MAILED_NOTIFICATION_KINDS = [
  'company_approved',
  'company_rejected',
  'company_suspended',
  'company_reactivated',
  'deposit_approved',
  'deposit_rejected',
  'credits_adjusted',
  'credit_limit_changed',
  'low_balance',
  'refund_approved',
  'refund_rejected',
  /** Issue 32: an airline moved or cancelled a booked flight; the agency answers by a deadline. */
  'airline_change',
] as const satisfies readonly NotificationKind[];
export const MailedNotificationKind = z.enum(MAILED_NOTIFICATION_KINDS);
export type MailedNotificationKind = z.infer<typeof MailedNotificationKind>;

/** How the settings screen names each e-mailed kind. */
export const MAILED_NOTIFICATION_LABELS: Record<MailedNotificationKind, string> = {
  company_approved: 'Agency approved',
  company_rejected: 'Agency verification rejected',
  company_suspended: 'Agency suspended',
  company_reactivated: 'Agency reactivated',
  deposit_approved: 'Deposit approved',
  deposit_rejected: 'Deposit rejected',
  credits_adjusted: 'Credits adjusted by SkyDesk',
  credit_limit_changed: 'Credit limit changed',
  low_balance: 'Low balance',
  refund_approved: 'Refund approved',
  refund_rejected: 'Refund rejected',
  airline_change: 'Airline schedule change',
};

export const Notification = z.object({
  id: z.uuid(),
  kind: NotificationKind,
  title: z.string(),
  body: z.string(),
  /** A path of the portal to open (e.g. `/dashboard/booking-details?id=…`), or null. */
  link: z.string().nullable(),
  /** When the signed-in user read it; null while unread. */
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof Notification>;

/** How many of the newest notifications the list answers at most. */
export const NOTIFICATION_LIST_LIMIT = 100;

const QueryFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

export const NotificationListQuery = z.strictObject({
  /** Only the ones the user has not read. */
  unread: QueryFlag,
  category: NotificationCategory.optional(),
  /** Older than this notification (the next page after it). */
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIST_LIMIT).default(NOTIFICATION_LIST_LIMIT),
});
export type NotificationListQuery = z.input<typeof NotificationListQuery>;

export const NotificationSummary = z.object({ unread: z.number().int() });
export type NotificationSummary = z.infer<typeof NotificationSummary>;

/** Per e-mailed kind, whether the user gets the e-mail (on unless turned off). */
export const NotificationSettings = z.object({
  email: z.record(MailedNotificationKind, z.boolean()),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/**
 * One optional switch per e-mailed kind, as a strict object rather than a record: an unknown kind,
 * or a key named like a property of every object (`__proto__`, which a record skips), is refused
 * at this depth as at the top (issue 27).
 */
export const NotificationSettingsBody = z.strictObject({
  email: z.strictObject(
    Object.fromEntries(MAILED_NOTIFICATION_KINDS.map((kind) => [kind, z.boolean().optional()])) as Record<
      MailedNotificationKind,
      z.ZodOptional<z.ZodBoolean>
    >,
  ),
});
export type NotificationSettingsBody = z.infer<typeof NotificationSettingsBody>;

// ── announcements and offers, as agencies read them ─────────────────────────────────────────

/** `body` is limited Markdown (paragraphs, lists, **bold**, *italic*, [links](https://…)). */
export const Announcement = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  image_url: z.string().nullable(),
  published_at: z.string(),
  expires_at: z.string().nullable(),
});
export type Announcement = z.infer<typeof Announcement>;

export const Offer = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  image_url: z.string().nullable(),
  published_at: z.string(),
  valid_until: z.string().nullable(),
});
export type Offer = z.infer<typeof Offer>;

/** Where an agency fetches an announcement's or offer's picture (with the session's token). */
export const noticeImageUrl = (id: string, version: string) =>
  `/api/announcement/${encodeURIComponent(id)}/image?v=${encodeURIComponent(version)}`;

export const noticeEndpoints = {
  notifications: defineEndpoint({
    method: 'GET',
    path: '/api/notification',
    summary: "The agency's and the user's notifications, newest first (at most 100 a page)",
    access: 'company',
    permission: 'any',
    // A rejected agency reads why it was rejected here too.
    allowUnapproved: true,
    query: NotificationListQuery,
    response: z.array(Notification),
    fallbackMessage: FALLBACK.fetchNotifications,
  }),
  notificationSummary: defineEndpoint({
    method: 'GET',
    path: '/api/notification/summary',
    summary: "How many of the user's notifications are unread (the bell)",
    access: 'company',
    permission: 'any',
    allowUnapproved: true,
    response: NotificationSummary,
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
  markAllNotificationsRead: defineEndpoint({
    method: 'PUT',
    path: '/api/notification/read-all',
    summary: "Mark every one of the user's notifications read",
    access: 'company',
    permission: 'any',
    allowUnapproved: true,
    response: NotificationSummary,
  }),
  notificationSettings: defineEndpoint({
    method: 'GET',
    path: '/api/user/notification-settings',
    summary: 'Which notifications the user also gets by e-mail',
    access: 'company',
    permission: 'self',
    allowUnapproved: true,
    response: NotificationSettings,
  }),
  updateNotificationSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/user/notification-settings',
    summary: 'Turn the e-mail of some notification kinds on or off',
    access: 'company',
    permission: 'self',
    allowUnapproved: true,
    body: NotificationSettingsBody,
    response: NotificationSettings,
  }),
  announcements: defineEndpoint({
    method: 'GET',
    path: '/api/getAnnouncements',
    summary: "SkyDesk's published announcements for the agency, newest first",
    access: 'company',
    permission: 'any',
    response: z.array(Announcement),
    fallbackMessage: FALLBACK.fetchAnnouncements,
  }),
  offers: defineEndpoint({
    method: 'GET',
    path: '/api/offer',
    summary: "SkyDesk's offers open to the agency now, newest first (the SPA shows the first)",
    access: 'company',
    permission: 'any',
    response: z.array(Offer),
    fallbackMessage: FALLBACK.fetchAnnouncements,
  }),
  noticeImage: defineEndpoint({
    method: 'GET',
    path: '/api/announcement/{id}/image',
    summary: "A published announcement's or offer's picture (WebP), to the agencies it is for",
    access: 'company',
    permission: 'any',
    params: z.strictObject({ id: z.uuid() }),
    query: z.strictObject({ v: z.string().max(64).regex(PRINTABLE_TOKEN, 'Not a version').optional() }),
    response: z.unknown(),
  }),
};
