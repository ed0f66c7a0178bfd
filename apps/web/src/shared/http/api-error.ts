import type { FieldErrors } from '@skydesk/contract';

/**
 * A failed call, as every caller sees it: the HTTP status (0 when the request never got an
 * answer), the message the user was shown, the server's per-field validation messages (API.md:
 * 422 carries `data.errors`), the failure's `data` for callers that act on it (e.g. the new
 * price of a 409 'Price changed'), and how long to wait after a 429.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  readonly data: unknown;
  /** API.md: a 429 says how many seconds to wait (`Retry-After`, or `data.retry_after`). */
  readonly retryAfter: number | undefined;

  constructor({
    status,
    message,
    fieldErrors = {},
    data,
    retryAfter,
  }: {
    status: number;
    message: string;
    fieldErrors?: FieldErrors;
    data?: unknown;
    retryAfter?: number | undefined;
  }) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.data = data;
    this.retryAfter = retryAfter;
  }
}
