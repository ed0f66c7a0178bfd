import { z } from 'zod';
import { Notification } from './notices.js';

/**
 * The live channel (API.md "Support, notices": WebSocket `/api/ws`): what the server pushes to an
 * agency's open portal as it happens. The client's first frame authenticates the socket with the
 * session's access token (never in the URL: URLs reach logs); the socket then receives what is
 * meant for the user's company, or for the user alone. Support-ticket messages travel the same
 * socket later (`ticket_message` both ways).
 */

export const LIVE_PATH = '/api/ws';

/** The largest frame either side sends (an access token fits several times over). */
export const LIVE_MAX_FRAME_BYTES = 4096;

/** How long a new socket has to send its auth frame (the server's LIVE_AUTH_TIMEOUT_MS). */
export const LIVE_AUTH_TIMEOUT_MS = 5_000;

/** What the client sends. `auth` again later replaces the token (after a renewal). */
export const LiveClientFrame = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('auth'), token: z.string().min(1).max(LIVE_MAX_FRAME_BYTES) }),
]);
export type LiveClientFrame = z.infer<typeof LiveClientFrame>;

/** What the server sends. `ready` answers each accepted auth frame: pushes follow it. */
export const LiveServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('notification'), notification: Notification }),
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
} as const;
export type LiveCloseCode = (typeof LIVE_CLOSE)[keyof typeof LIVE_CLOSE]['code'];

/** Close codes after which the same token would be refused again. */
export const LIVE_TOKEN_REFUSED: readonly number[] = [
  LIVE_CLOSE.unauthorized.code,
  LIVE_CLOSE.forbidden.code,
];
