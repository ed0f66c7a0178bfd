/**
 * One error type for the whole wire (after documenso's AppError): a code that maps to one HTTP
 * status, a human message, and optional field errors. The server throws it; the SPA's HTTP
 * client reads the same envelope back.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  /** The path exists, not for this method (with `Allow`). */
  method_not_allowed: 405,
  /** The request did not arrive in time (a slow client). */
  request_timeout: 408,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  /** An `Expect` header other than 100-continue. */
  expectation_failed: 417,
  validation: 422,
  rate_limited: 429,
  /** Headers past the server's limit (Node's 16 KB). */
  headers_too_large: 431,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field path (dot-separated, e.g. `origin_destinations.0.origin_location_code`) → messages. */
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors: FieldErrors | undefined;
  /** Extra payload a client may need to act on the error (e.g. the new price of a 409). */
  readonly data: Record<string, unknown> | undefined;
  /** Seconds to wait, for 429 answers. */
  readonly retryAfter: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fieldErrors?: FieldErrors; data?: Record<string, unknown>; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = options.fieldErrors;
    this.data = options.data;
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function statusToErrorCode(status: number): ErrorCode {
  const match = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (match) return match[0];
  return status >= 500 ? 'internal' : 'bad_request';
}
