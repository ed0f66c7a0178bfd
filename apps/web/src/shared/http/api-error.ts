import type { FieldErrors } from '@skydesk/contract';

/**
 * A failed call, as every caller sees it: the HTTP status (0 when the request never got an
 * answer), the message the user was shown, the server's per-field validation messages (API.md:
 * 422 carries `data.errors`), and the failure's `data` for callers that act on it (e.g. the new
 * price of a 409 'Price changed').
 */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  readonly data: unknown;

  constructor({
    status,
    message,
    fieldErrors = {},
    data,
  }: {
    status: number;
    message: string;
    fieldErrors?: FieldErrors;
    data?: unknown;
  }) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.data = data;
  }
}
