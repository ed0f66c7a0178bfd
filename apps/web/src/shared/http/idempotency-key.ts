import { isApiFailure } from './api-error';

/**
 * A fresh Idempotency-Key (DESIGN.md §6), shaped as a UUID v4. Built from getRandomValues rather
 * than randomUUID, which browsers only offer on https pages and a LAN install may be plain http.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether a failed attempt may be retried with the same key: no answer came back (network) or the
 * server failed, so the first request may or may not have taken effect. Any other answer is final
 * for that key (the server replays it), and the next attempt needs a new one.
 */
export const retryKeepsKey = (error: unknown): boolean =>
  isApiFailure(error) && (error.status === 0 || error.status >= 500);
