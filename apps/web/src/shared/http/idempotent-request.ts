import type { Endpoint, ResponseOf } from '@skydesk/contract';
import { ApiError } from './api-error';
import { type ApiRequestOptions, apiRequest } from './api-request';

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

/** Only the endpoints that honour the header (the contract's `idempotent: true`) take a key. */
export type IdempotentEndpoint = Endpoint & { idempotent: true; body: NonNullable<Endpoint['body']> };

/**
 * apiRequest for a write that moves money or seats, sent with an `Idempotency-Key` header so a
 * retry of the same attempt (same key, same body) is answered from the server's first answer and
 * changes nothing twice.
 */
export type IdempotentOptions<E extends IdempotentEndpoint> = Omit<ApiRequestOptions<E>, 'idempotencyKey'>;

export function idempotentRequest<E extends IdempotentEndpoint>(
  endpoint: E,
  idempotencyKey: string,
  options: IdempotentOptions<E>,
): Promise<ResponseOf<E>> {
  const send = apiRequest as (endpoint: E, options: ApiRequestOptions<E>) => Promise<ResponseOf<E>>;
  return send(endpoint, { ...options, idempotencyKey } as ApiRequestOptions<E>);
}

/**
 * Whether a failed attempt may be retried with the same key: no answer came back (network) or the
 * server failed, so the first request may or may not have taken effect. Any other answer is final
 * for that key (the server replays it), and the next attempt needs a new one.
 */
export const retryKeepsKey = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);
