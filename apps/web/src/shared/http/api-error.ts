import type { FieldErrors } from '@skydesk/contract';

/**
 * A failed call, as every caller sees it: the HTTP status (0 when the request never got an
 * answer), the message the user was shown, the server's per-field validation messages (docs/api.md:
 * 422 carries `data.errors`), the failure's `data` for callers that act on it (e.g. the new
 * price of a 409 'Price changed'), and how long to wait after a 429.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  readonly data: unknown;
  /** docs/api.md: a 429 says how many seconds to wait (`Retry-After`, or `data.retry_after`). */
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

/**
 * A failed call as data: what ApiError carries, as a plain object. RTK Query keeps a failure in
 * the store and hands it to `unwrap()` callers, and the store holds only serializable values.
 */
export type ApiFailure = Pick<ApiError, 'status' | 'message' | 'fieldErrors' | 'data' | 'retryAfter'>;

/** A failed call, whichever form it takes (an ApiError thrown, or RTK Query's failure). */
export const isApiFailure = (value: unknown): value is ApiFailure =>
  value instanceof ApiError ||
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiFailure).status === 'number' &&
    typeof (value as ApiFailure).message === 'string' &&
    typeof (value as ApiFailure).fieldErrors === 'object');

/** The plain form of an ApiError, for the store. */
export const toApiFailure = ({ status, message, fieldErrors, data, retryAfter }: ApiError): ApiFailure => ({
  status,
  message,
  fieldErrors,
  data,
  retryAfter,
});
