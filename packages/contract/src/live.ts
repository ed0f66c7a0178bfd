import { z } from 'zod';
import { Notification } from './notices.js';
import { SendSupportMessageBody, SupportMessage, SupportSide } from './support.js';

/**
 * The live channel (docs/api.md#support-notices-analytics: WebSocket `/api/ws`): what the server pushes to an
 * agency's open portal, and to the operators' console, as it happens. The client's first frame
 * authenticates the socket with the session's access token — an agency user's or an operator's —
 * (never in the URL: URLs reach logs); the socket then receives what is meant for the user's
 * company, or for the user alone, or for operators. Support-ticket messages travel both ways.
 */

export const LIVE_PATH = '/api/ws';

/** The largest frame a client sends: a ticket message of 5,000 characters of any script fits. */
export const LIVE_MAX_FRAME_BYTES = 32 * 1024;

/** How long a new socket has to send its auth frame (the server's LIVE_AUTH_TIMEOUT_MS). */
export const LIVE_AUTH_TIMEOUT_MS = 5_000;

/** What the client sends. `auth` again later replaces the token (after a renewal). */
export const LiveClientFrame = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('auth'), token: z.string().min(1).max(LIVE_MAX_FRAME_BYTES) }),
  /**
   * docs/api.md: a message on a ticket, stored exactly as `POST …/messages` would store it, then pushed
   * to both sides (with its `client_id`, by which the sender knows its own); a refusal comes back
   * as an `error` frame naming the `client_id`.
   */
  z.strictObject({
    type: z.literal('ticket_message'),
    ticket_id: z.uuid(),
    ...SendSupportMessageBody.shape,
  }),
  /** The sender is writing on a ticket: the other side shows "… is typing" for a few seconds. */
  z.strictObject({ type: z.literal('typing'), ticket_id: z.uuid() }),
]);
export type LiveClientFrame = z.infer<typeof LiveClientFrame>;

/** What the server sends. `ready` answers each accepted auth frame: pushes follow it. */
export const LiveServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('notification'), notification: Notification }),
  /** A message stored on a ticket (either side's), to the ticket's agency and to operators. */
  z.object({ type: z.literal('ticket_message'), ticket_id: z.uuid(), message: SupportMessage }),
  /** One side read the other's messages up to `up_to_seq` (the "read" ticks). */
  z.object({
    type: z.literal('ticket_read'),
    ticket_id: z.uuid(),
    side: SupportSide,
    up_to_seq: z.number().int(),
    read_at: z.string(),
  }),
  /** Someone of `side` is writing on the ticket (shown for LIVE_TYPING_SHOWN_MS). */
  z.object({ type: z.literal('ticket_typing'), ticket_id: z.uuid(), side: SupportSide, name: z.string() }),
  /** A ticket was opened, assigned, closed, reopened or deleted: lists showing it are stale. */
  z.object({ type: z.literal('ticket_changed'), ticket_id: z.uuid() }),
  /** A frame the server could not act on (a refused `ticket_message`): `client_id` names it. */
  z.object({
    type: z.literal('error'),
    client_id: z.uuid().nullable(),
    status: z.number().int(),
    message: z.string(),
  }),
]);
export type LiveServerFrame = z.infer<typeof LiveServerFrame>;

/**
 * Why the server closes a socket (application close codes 4000–4999; the reason is for people
 * and logs). The client tries again later on any of them except `unauthorized` and `forbidden`,
 * which wait for a new access token.
 */
export const LIVE_CLOSE = {
  badFrame: { code: 4400, reason: 'Invalid frame' },
  unauthorized: { code: 4401, reason: 'Not signed in: the access token is missing, expired or revoked' },
  forbidden: { code: 4403, reason: 'This session may not receive live updates' },
  authTimeout: { code: 4408, reason: 'No auth frame in time' },
  tooManySockets: { code: 4429, reason: 'Too many live connections for this user' },
  /** The server is shutting down: connect again in a moment (to another server). */
  goingAway: { code: 1001, reason: 'The server is restarting, reconnect shortly' },
  /** The reader fell too far behind what was pushed to it. */
  tooSlow: { code: 1008, reason: 'Too slow to keep up with live updates' },
} as const;
export type LiveCloseCode = (typeof LIVE_CLOSE)[keyof typeof LIVE_CLOSE]['code'];

/** How long "… is typing" stays up after the last typing frame; clients send one at most every 2 s. */
export const LIVE_TYPING_SHOWN_MS = 5_000;
export const LIVE_TYPING_EVERY_MS = 2_000;

/**
 * How often the server pings every socket (browsers answer by themselves); a socket that has not
 * answered the previous ping by the next one is dropped as dead.
 */
export const LIVE_HEARTBEAT_MS = 30_000;

/** Close codes after which the same token would be refused again. */
export const LIVE_TOKEN_REFUSED: readonly number[] = [
  LIVE_CLOSE.unauthorized.code,
  LIVE_CLOSE.forbidden.code,
];
