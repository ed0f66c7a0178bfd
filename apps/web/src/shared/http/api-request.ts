import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@skydesk/contract';
import { buildPath, SESSION, withQuery } from '@skydesk/contract';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { ApiError } from './api-error';
import {
  failureMessage,
  readFailureData,
  readFieldErrors,
  readRetryAfter,
  readSuccessBody,
} from './failure-message';
import { httpConfigFor } from './http-config';
import { stillProcessingWait } from './idempotency-key';

/** Path parameters are required exactly when the endpoint declares them. */
type ParamsOption<E extends Endpoint> = E['params'] extends z.ZodType
  ? { params: ParamsOf<E> }
  : { params?: undefined };

/** A multipart endpoint takes FormData; a JSON endpoint with a body schema takes that body. */
type PayloadOption<E extends Endpoint> = E['multipart'] extends true
  ? { formData: FormData; body?: undefined }
  : E['body'] extends z.ZodType
    ? { body: BodyOf<E>; formData?: undefined }
    : { body?: undefined; formData?: undefined };

type CallOptions<E extends Endpoint> = {
  query?: QueryOf<E>;
  /** docs/product-spec.md §8: do not toast this call's failure (it still throws). Defaults to the endpoint's. */
  suppressErrors?: boolean;
  /** docs/product-spec.md §8: the call-specific message when the server sends none. Defaults to the endpoint's. */
  fallbackMessage?: string;
  signal?: AbortSignal;
  /**
   * docs/product-spec.md §4: a 401 ends the session. Defaults to true, except for public and challenge endpoints
   * (login, codes, authenticator), whose 401 means "wrong credentials", not "session over".
   */
  logoutOn401?: boolean;
  /** A token other than the session's: the challenge token of the login steps (docs/api.md). */
  bearerToken?: string;
  /**
   * docs/api.md: writes that move money or seats take an `Idempotency-Key`; a retry of the same attempt
   * sends the same key and the server answers with its first answer (shared/http/idempotent-request).
   */
  idempotencyKey?: string;
};

export type ApiRequestOptions<E extends Endpoint> = ParamsOption<E> & PayloadOption<E> & CallOptions<E>;

/** The options argument may be left out when nothing in it is required. */
type OptionsArgument<E extends Endpoint> =
  Partial<ApiRequestOptions<E>> extends ApiRequestOptions<E>
    ? [options?: ApiRequestOptions<E>]
    : [options: ApiRequestOptions<E>];

/** The same options, seen untyped: inside the client, and by callers holding the endpoint as data. */
export type RawOptions = CallOptions<Endpoint> & {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  formData?: FormData;
};

/**
 * What the client needs of an endpoint to call it: its method and path, who may call it, and its
 * own failure settings. A contract endpoint is one; so is a link the server handed over (a
 * picture's `image_url`), called as the endpoint it names.
 */
export type CallTarget = Pick<Endpoint, 'method' | 'path' | 'access' | 'fallbackMessage' | 'suppressErrors'>;

const SESSION_EXPIRED_TOAST_ID = 'session-expired';

/** Where the API is: '' (same origin) unless VITE_API_BASE_URL says otherwise. */
export const apiBaseUrl = (): string => (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');

const endsSessionOn401 = (endpoint: CallTarget): boolean =>
  endpoint.access !== 'public' && endpoint.access !== 'challenge';

function buildRequest(endpoint: CallTarget, options: RawOptions): { url: string; init: RequestInit } {
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.formData) {
    // No Content-Type: the browser writes multipart/form-data with its boundary.
    body = options.formData;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  // A call without a body sends no Content-Type: Fastify refuses an empty body declared as JSON.

  // Each principal's token goes to its own calls only (http-config: isOperatorCall).
  const token = options.bearerToken ?? httpConfigFor(endpoint).getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);

  return {
    url: apiBaseUrl() + withQuery(buildPath(endpoint.path, options.params), options.query),
    // same-origin credentials carry the httpOnly refresh cookie (docs/architecture.md §6).
    init: { method: endpoint.method, headers, body, credentials: 'same-origin', signal: options.signal },
  };
}

type Exchanged<T> = { ok: true; value: T } | { ok: false; body: unknown };

/** One request and its answer, read as a success or a failure's body. */
async function exchange<T>(
  url: string,
  init: RequestInit,
  readSuccess: ReadSuccess<T>,
): Promise<{ response: Response; result: Exchanged<T> }> {
  const response = await fetch(url, init);
  const result: Exchanged<T> = response.ok
    ? { ok: true, value: await readSuccess(response) }
    : { ok: false, body: await readBody(response) };
  return { response, result };
}

/** Waits `ms`, or rejects as soon as the caller cancels. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** The body as JSON when it is JSON, as text otherwise, undefined when empty. */
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
 * docs/product-spec.md §4: a 401 logs out, says 'Session Expired' and goes to the login page — of the principal
 * whose call it was (an operator's 401 ends the operator's session, not the agency's).
 */
function endSession(endpoint: CallTarget): void {
  const { onUnauthorized, goToLogin } = httpConfigFor(endpoint);
  onUnauthorized?.();
  // One toast however many calls were in flight when the session ended.
  toast.error(SESSION.unauthorized, { id: SESSION_EXPIRED_TOAST_ID });
  goToLogin?.();
}

/** How a successful answer is read: the envelope's payload, or the raw bytes of a file. */
type ReadSuccess<T> = (response: Response) => Promise<T>;

/**
 * Sends one call and handles its failure the same way whatever the answer's kind: toasts the
 * message the spec's rules pick (unless suppressed), ends the session on a 401, throws ApiError.
 */
async function send<T>(endpoint: CallTarget, call: RawOptions, readSuccess: ReadSuccess<T>): Promise<T> {
  const fallback = call.fallbackMessage ?? endpoint.fallbackMessage;
  const suppressed = call.suppressErrors ?? endpoint.suppressErrors ?? false;
  const { url, init } = buildRequest(endpoint, call);

  const fail = (error: ApiError): ApiError => {
    if (!suppressed) toast.error(error.message);
    return error;
  };

  let response: Response;
  let result: Exchanged<T>;
  try {
    ({ response, result } = await exchange(url, init, readSuccess));
    // Decision 009: the first request with this key is still running. Wait as told and ask once
    // more with the same key, which then gets the first answer replayed (no toast in between).
    const wait =
      call.idempotencyKey && !result.ok
        ? stillProcessingWait(response.status, readRetryAfter(response.headers, result.body))
        : undefined;
    if (wait !== undefined) {
      await pause(wait, call.signal);
      ({ response, result } = await exchange(url, init, readSuccess));
    }
  } catch (error) {
    // The caller cancelled (navigation, unmount): nothing failed that the user should hear about.
    if (call.signal?.aborted) throw error;
    // docs/product-spec.md §8: a call that never got an answer fails like one without a server message.
    throw fail(new ApiError({ status: 0, message: failureMessage(undefined, fallback) }));
  }

  if (result.ok) return result.value;
  const { body } = result;

  if (response.status === 401 && (call.logoutOn401 ?? endsSessionOn401(endpoint))) {
    endSession(endpoint);
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
 * The one function every API call goes through (docs/product-spec.md §7, §8): builds the URL from the contract's
 * endpoint, sends the session token, reads the envelope, and on failure toasts the message the
 * spec's rules pick and throws an ApiError carrying it.
 */
export function apiRequest<E extends Endpoint>(
  endpoint: E,
  ...[options]: OptionsArgument<E>
): Promise<ResponseOf<E>> {
  return send(
    endpoint,
    (options ?? {}) as RawOptions,
    async (response) => readSuccessBody(await readBody(response)) as ResponseOf<E>,
  );
}

/**
 * A call that answers a file rather than an envelope (e.g. a submitted document): the same URL
 * building, token and failure handling as apiRequest, the body read as a Blob of the answer's type.
 */
export function apiBlob<E extends Endpoint>(endpoint: E, ...[options]: OptionsArgument<E>): Promise<Blob> {
  return send(endpoint, (options ?? {}) as RawOptions, (response) => response.blob());
}

/**
 * apiRequest for a caller that holds the endpoint and its options as data (the RTK Query base
 * query), where their types have already been checked by whoever built the call.
 */
export function sendCall(
  endpoint: CallTarget,
  options: RawOptions,
  answer: 'envelope' | 'file',
): Promise<unknown> {
  return answer === 'file'
    ? send(endpoint, options, (response) => response.blob())
    : send(endpoint, options, async (response) => readSuccessBody(await readBody(response)));
}
