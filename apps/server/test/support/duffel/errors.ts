/**
 * Duffel's error answers (Overview › Errors): `{ errors: [{ type, code, title, message,
 * documentation_url }], meta: { status, request_id } }` with the HTTP status. Types and codes are
 * the published ones where Duffel publishes one (access_token_not_found, missing_version_header,
 * not_found, offer_no_longer_available, price_changed, already_cancelled, rate_limit_exceeded,
 * malformed_data_param, internal_server_error, order_not_created…). Where the reference names no
 * code for a refusal this server makes, the code is one of LOCAL_CODES: an adapter should branch
 * on the HTTP status and the type there, never on those codes.
 */
export type DuffelErrorType =
  | 'authentication_error'
  | 'invalid_request_error'
  | 'validation_error'
  | 'invalid_state_error'
  | 'airline_error'
  | 'rate_limit_error'
  | 'api_error';

export type DuffelErrorItem = {
  type: DuffelErrorType;
  code: string;
  title: string;
  message: string;
  documentation_url: string;
  source?: { field: string; pointer: string };
};

/** Codes this server makes up: the reference gives none for these refusals. */
export const LOCAL_CODES = [
  'invalid_payment_amount',
  'invalid_order_type',
  'already_paid',
  'hold_expired',
  'cancellation_expired',
  'already_confirmed',
  'order_awaiting_payment',
  'flight_departed',
  'change_not_allowed',
  'order_change_exists',
] as const;

const DOCS = 'https://duffel.com/docs/api/overview/errors';

export class DuffelApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: DuffelErrorItem[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.map((error) => `${error.code}: ${error.message}`).join('; '));
  }
}

function item(type: DuffelErrorType, code: string, title: string, message: string): DuffelErrorItem {
  return { type, code, title, message, documentation_url: DOCS };
}

export function errorBody(error: DuffelApiError, requestId: string) {
  return { errors: error.errors, meta: { status: error.status, request_id: requestId } };
}

export const duffelError = {
  unauthenticated(
    code: 'missing_authorization_header' | 'invalid_authorization_header' | 'access_token_not_found',
  ) {
    const messages = {
      missing_authorization_header: 'The Authorization header must be set and contain a valid API token.',
      invalid_authorization_header:
        'The Authorization header must conform to the following format: Bearer API_TOKEN.',
      access_token_not_found: 'The access token used is not recognized by our system.',
    };
    return new DuffelApiError(401, [item('authentication_error', code, 'Unauthorized', messages[code])]);
  },
  badVersion(code: 'missing_version_header' | 'invalid_version_header' | 'unsupported_version') {
    const messages = {
      missing_version_header: 'The Duffel-Version header is required and must be a valid API version.',
      invalid_version_header: 'The Duffel-Version header must be a known version of our API.',
      unsupported_version:
        'The version set in the Duffel-Version header is no longer supported, please upgrade.',
    };
    return new DuffelApiError(400, [item('invalid_request_error', code, 'Invalid request', messages[code])]);
  },
  badRequest(
    code: 'bad_request' | 'missing_data_param' | 'invalid_data_param' | 'invalid_content_type_header',
    message: string,
  ) {
    return new DuffelApiError(400, [item('invalid_request_error', code, 'Invalid request', message)]);
  },
  notFound(message = 'The resource you are trying to access does not exist.') {
    return new DuffelApiError(404, [item('invalid_request_error', 'not_found', 'Not found', message)]);
  },
  /** One error per invalid field, as the reference's validation errors (422). */
  invalidFields(fields: { field: string; message: string }[]) {
    return new DuffelApiError(
      422,
      fields.map(({ field, message }) => ({
        ...item('validation_error', 'malformed_data_param', 'Invalid value', `${field}: ${message}`),
        source: { field, pointer: `/${field.replaceAll('.', '/')}` },
      })),
    );
  },
  validation(
    code: 'ancillary_service_not_available' | 'unavailable_feature' | (typeof LOCAL_CODES)[number],
    message: string,
  ) {
    return new DuffelApiError(422, [item('validation_error', code, 'Invalid value', message)]);
  },
  invalidState(code: 'already_cancelled' | (typeof LOCAL_CODES)[number], message: string) {
    return new DuffelApiError(422, [item('invalid_state_error', code, 'Invalid state', message)]);
  },
  /**
   * The airline no longer sells the offer (expired, or already booked). The changelog calls this
   * and price_changed "airline failures", hence the type.
   */
  offerNoLongerAvailable() {
    return new DuffelApiError(422, [
      item(
        'airline_error',
        'offer_no_longer_available',
        'Offer no longer available',
        'The provided offer is no longer available, please select another offer or create a new offer request to get the latest availability.',
      ),
    ]);
  },
  /** Changelog: "A new order creation error code when there's been a change in the offer's price". */
  priceChanged() {
    return new DuffelApiError(422, [
      item(
        'airline_error',
        'price_changed',
        'Price changed',
        "The offer's price has changed since it was last retrieved; retrieve the offer and retry with its total_amount.",
      ),
    ]);
  },
  rateLimited(retryAfterSeconds: number) {
    return new DuffelApiError(
      429,
      [
        item(
          'rate_limit_error',
          'rate_limit_exceeded',
          'Too many requests',
          'Too many requests have hit the API too quickly. Please retry your request after the time specified in the ratelimit-reset header.',
        ),
      ],
      { 'retry-after': String(retryAfterSeconds) },
    );
  },
  server(status: number, code: string) {
    const message =
      code === 'order_not_created'
        ? 'The airline was unable to create your order; no order was made and no payment taken.'
        : 'There was something wrong on our end, please contact support.';
    return new DuffelApiError(status, [item('api_error', code, 'Internal server error', message)]);
  },
  custom(status: number, type: DuffelErrorType, code: string, message: string) {
    return new DuffelApiError(status, [item(type, code, code.replaceAll('_', ' '), message)]);
  },
};
