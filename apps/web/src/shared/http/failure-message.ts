import type { FieldErrors } from '@skydesk/contract';
import { GENERIC_ERROR } from '@skydesk/contract';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmptyString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * docs/api.md: a 422 answer carries `data.errors` as `{ field: [message, …] }`. Field names come from
 * the request, so one may be `__proto__` or `toString`: the map has no prototype.
 */
export function readFieldErrors(body: unknown): FieldErrors {
  const fieldErrors: FieldErrors = Object.create(null);
  if (!isRecord(body) || !isRecord(body.data) || !isRecord(body.data.errors)) return fieldErrors;
  for (const [field, messages] of Object.entries(body.data.errors)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (message): message is string => typeof message === 'string',
    );
    if (list.length > 0) fieldErrors[field] = list;
  }
  return fieldErrors;
}

/**
 * docs/product-spec.md §8, in this order: the first value of `data.errors` when present (the first message of the
 * first field), else the server's message, else the call's fallback, else the generic message.
 */
export function failureMessage(body: unknown, fallback: string | undefined): string {
  const firstFieldMessage = Object.values(readFieldErrors(body))[0]?.[0];
  const serverMessage = isRecord(body) ? nonEmptyString(body.message) : undefined;
  return firstFieldMessage ?? serverMessage ?? nonEmptyString(fallback) ?? GENERIC_ERROR;
}

/** docs/product-spec.md §7: a response body is read as `data`, else `message`, else the whole body. */
export function readSuccessBody(body: unknown): unknown {
  if (!isRecord(body)) return body;
  return body.data ?? body.message ?? body;
}

/** The failure's `data` (e.g. the new price of a 409), for callers that act on it. */
export function readFailureData(body: unknown): unknown {
  return isRecord(body) ? body.data : undefined;
}

/**
 * Seconds to wait before trying again (docs/api.md: 429 answers carry `Retry-After`; some also say
 * `data.retry_after`). Only the delay-seconds form of the header is read: the server sends no dates.
 */
export function readRetryAfter(headers: Headers, body: unknown): number | undefined {
  const header = headers.get('Retry-After');
  const fromHeader = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
  const fromData =
    isRecord(body) && isRecord(body.data) && typeof body.data.retry_after === 'number'
      ? body.data.retry_after
      : undefined;
  const seconds = fromHeader ?? fromData;
  return seconds !== undefined && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}
