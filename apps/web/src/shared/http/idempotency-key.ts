import { isApiFailure } from './api-error';

/**
 * A fresh Idempotency-Key (docs/architecture.md §6), shaped as a UUID v4. Built from getRandomValues rather
 * than randomUUID, which browsers only offer on https pages and a LAN install may be plain http.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The longest wait for a key still being processed before asking once more (decision 009). */
const STILL_PROCESSING_WAIT_LIMIT_S = 5;

/**
 * Decision 009: a 409 *with* Retry-After answers a request whose key the first request is still
 * processing — nothing was refused, and that first request may yet book. A refusal's 409 (seats
 * gone, price changed, a hold limit) carries no Retry-After.
 */
export const isStillProcessing = (status: number, retryAfter: number | undefined): boolean =>
  status === 409 && retryAfter !== undefined;

/**
 * How long to wait (ms) before sending a still-processing request once more with the same key,
 * which then gets the first request's answer replayed; undefined for any other answer.
 */
export const stillProcessingWait = (status: number, retryAfter: number | undefined): number | undefined =>
  isStillProcessing(status, retryAfter)
    ? Math.min(retryAfter ?? 0, STILL_PROCESSING_WAIT_LIMIT_S) * 1000
    : undefined;

/**
 * Whether a failed attempt may be retried with the same key: no answer came back (network), the
 * server failed, or the first request with the key is still being processed — so it may or may
 * not take effect, and only the same key gets its outcome. Any other answer is final for that key
 * (the server replays it), and the next attempt needs a new one.
 */
export const retryKeepsKey = (error: unknown): boolean =>
  isApiFailure(error) &&
  (error.status === 0 || error.status >= 500 || isStillProcessing(error.status, error.retryAfter));
