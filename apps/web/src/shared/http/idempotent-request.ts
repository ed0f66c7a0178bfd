import type { Endpoint, ParamsOf, ResponseOf } from '@skydesk/contract';
import { buildPath, SESSION } from '@skydesk/contract';
import { toast } from 'react-hot-toast';
import { ApiError } from './api-error';
import type { ApiRequestOptions } from './api-request';
import {
  failureMessage,
  readFailureData,
  readFieldErrors,
  readRetryAfter,
  readSuccessBody,
} from './failure-message';
import { httpConfig } from './http-config';

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

const apiBaseUrl = (): string => (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * apiRequest for a write that moves money or seats, sent with an `Idempotency-Key` header so a
 * retry of the same attempt (same key, same body) is answered from the server's first answer and
 * changes nothing twice. apiRequest has no header option, so this mirrors its rules exactly:
 * spec §7 reading of the answer, §8 toast and message choice, §4 a 401 ends the session.
 */
export type IdempotentOptions<E extends IdempotentEndpoint> = Pick<
  ApiRequestOptions<E>,
  'body' | 'suppressErrors' | 'fallbackMessage' | 'signal'
> &
  (E['params'] extends object ? { params: ParamsOf<E> } : { params?: undefined });

export async function idempotentRequest<E extends IdempotentEndpoint>(
  endpoint: E,
  idempotencyKey: string,
  options: IdempotentOptions<E>,
): Promise<ResponseOf<E>> {
  const fallback = options.fallbackMessage ?? endpoint.fallbackMessage;
  const suppressed = options.suppressErrors ?? endpoint.suppressErrors ?? false;
  const headers = new Headers({
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Idempotency-Key': idempotencyKey,
  });
  const token = httpConfig().getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const url = apiBaseUrl() + buildPath(endpoint.path, options.params as Record<string, string> | undefined);

  const fail = (error: ApiError): ApiError => {
    if (!suppressed) toast.error(error.message);
    return error;
  };

  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers,
      body: JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
    body = await readBody(response);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw fail(new ApiError({ status: 0, message: failureMessage(undefined, fallback) }));
  }

  if (response.ok) return readSuccessBody(body) as ResponseOf<E>;

  if (response.status === 401) {
    const { onUnauthorized, goToLogin } = httpConfig();
    onUnauthorized?.();
    // The same toast id as apiRequest's: one toast however many calls ended with the session.
    toast.error(SESSION.unauthorized, { id: 'session-expired' });
    goToLogin?.();
    throw new ApiError({ status: 401, message: SESSION.unauthorized, data: readFailureData(body) });
  }

  throw fail(
    new ApiError({
      status: response.status,
      message: failureMessage(body, fallback),
      fieldErrors: readFieldErrors(body),
      data: readFailureData(body),
      retryAfter: readRetryAfter(response.headers, body),
    }),
  );
}

/**
 * Whether a failed attempt may be retried with the same key: no answer came back (network) or the
 * server failed, so the first request may or may not have taken effect. Any other answer is final
 * for that key (the server replays it), and the next attempt needs a new one.
 */
export const retryKeepsKey = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);
