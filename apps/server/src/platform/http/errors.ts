import { AppError, type FailureEnvelope, SERVER, statusToErrorCode, TEXT_MESSAGES } from '@skydesk/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { isExpectedOutage } from '../db/store-health.js';
import { toFieldErrors } from './field-errors.js';
import { HTTP_MESSAGES } from './protocol-answers.js';

/** Everything a client may learn about a failure; never a stack trace or SQL (docs/api.md). */
export function failureBody(error: AppError): FailureEnvelope {
  const data =
    error.fieldErrors || error.data
      ? { ...(error.data ?? {}), ...(error.fieldErrors ? { errors: error.fieldErrors } : {}) }
      : undefined;
  return { status: false, message: error.message, ...(data ? { data } : {}) };
}

export const MULTIPART_MESSAGES = {
  malformed: 'The multipart/form-data body is malformed: send it with its boundary, as browsers do',
  notMultipart: 'Send this call as multipart/form-data',
  unreadablePart:
    'A part of this form cannot be read (a line break in its name or file name, or no form-data disposition): send the form as browsers do',
  prototypeKey:
    'A form field may not be named like a property of every object (toString, constructor, __proto__…)',
} as const;

/**
 * What busboy (under @fastify/multipart) throws or emits for a body it cannot read: plain errors
 * without a status — no boundary, a boundary too long to search for, a body that ends mid-part.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unsupported Content-Type|Missing Content-Type|Unexpected end of multipart data|.+ terminated early due to unexpected end of multipart data|The needle cannot )/;

const isMalformedMultipart = (error: Error, request: FastifyRequest) =>
  !('statusCode' in error) && request.isMultipart?.() === true && MALFORMED_MULTIPART.test(error.message);

/**
 * PostgreSQL's refusals of text no column can keep: a NUL (22021 "invalid byte sequence for
 * encoding UTF8: 0x00" in text, 22P05 "unsupported Unicode escape sequence" in jsonb) and a lone
 * surrogate in jsonb (22P02, "Unicode low surrogate must follow a high surrogate"). The contract's
 * Text() and the multipart reader keep them out; this is the last line (issue 27): a check someone
 * forgot is the client's 400, logged as our error, not a 500.
 */
function isUnstorableText(error: unknown): boolean {
  const { code, detail } = (error ?? {}) as { code?: unknown; detail?: unknown };
  if (code === '22021' || code === '22P05') return true;
  return code === '22P02' && typeof detail === 'string' && /\bsurrogate\b/i.test(detail);
}

/**
 * Maps errors raised by Fastify and its plugins to our error type with a safe message: every one
 * that carries a 4xx status (Fastify's content-type parsers, @fastify/multipart's limits and
 * checks) and busboy's malformed bodies are the client's to fix; anything else is ours (5xx).
 */
function fromFrameworkError(error: FastifyError, request: FastifyRequest): AppError | undefined {
  if (isMalformedMultipart(error, request)) return new AppError('bad_request', MULTIPART_MESSAGES.malformed);
  const status = error.statusCode ?? 500;
  if (!Number.isInteger(status) || status < 400 || status >= 500) return undefined;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('unsupported_media_type', 'Unsupported content type');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('payload_too_large', 'The upload is too large');
    case 'FST_PROTO_VIOLATION':
      return new AppError('bad_request', MULTIPART_MESSAGES.prototypeKey);
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('bad_request', MULTIPART_MESSAGES.malformed);
    case 'FST_ERR_BAD_URL':
      return new AppError('bad_request', 'The URL is malformed');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('uri_too_long', 'A part of the URL is too long');
    default:
      break;
  }
  if (error instanceof SyntaxError) return new AppError('bad_request', 'The request body is not valid JSON');
  if (status === 429) return new AppError('rate_limited', SERVER.rateLimited);
  if (status === 404) return new AppError('not_found', SERVER.notFound);
  return new AppError(statusToErrorCode(status), error.message || 'Bad request');
}

/** What the log keeps of a 4xx: its status, code and message, and which fields were refused (never their values). */
function refusal(error: AppError) {
  return {
    status: error.status,
    code: error.code,
    reason: error.message,
    ...(error.fieldErrors ? { fields: Object.keys(error.fieldErrors).slice(0, 20) } : {}),
  };
}

/**
 * Answers a failed request in the envelope. It is the app's error handler, and Fastify's
 * `frameworkErrors` option: the router refuses a malformed URL (bad percent-encoding, an
 * over-long path parameter) before any route, hence before the error handler.
 */
export function answerFailure(
  error: FastifyError | AppError | ZodError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  let known: AppError | undefined;
  if (error instanceof AppError) known = error;
  else if (error instanceof ZodError) {
    known = new AppError('validation', SERVER.validationFailed, { fieldErrors: toFieldErrors(error) });
  } else if (isUnstorableText(error)) {
    // A gap in the input checks, worth an error of its own in the log; the answer is the client's.
    request.log.error({ err: error }, 'text the store refused reached it');
    known = new AppError('bad_request', TEXT_MESSAGES.unstorable);
  } else known = fromFrameworkError(error, request);

  if (!known) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ status: false, message: SERVER.internal } satisfies FailureEnvelope);
  }
  // A refused request is the client's to fix: a warning without a stack. Ours keep theirs.
  // A 503 of storage that can't write was logged once as the outage began (issue 28): not per refusal.
  if (isExpectedOutage(known)) request.log.debug(refusal(known), 'request refused: storage unavailable');
  else if (known.status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.warn(refusal(known), 'request refused');
  if (known.retryAfter !== undefined) reply.header('retry-after', String(known.retryAfter));
  // Refused before the security headers' hook ran (a malformed URL, a hook's refusal), it is still JSON only.
  reply.header('x-content-type-options', 'nosniff');
  return reply.code(known.status).send(failureBody(known));
}

type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<unknown>;

/**
 * One error handler for the whole API (docs/api.md envelope; 422 with field errors for validation;
 * 5xx details only in the log). Unknown `/api/*` paths answer 404 in the envelope; any other
 * unknown GET goes to the SPA's index.html when one is served. A path that exists under other
 * methods answers 405 naming them in `Allow` (`allowedMethods`: protocol-answers.ts).
 */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { spaFallback?: SpaFallback; allowedMethods?: (path: string) => string[] } = {},
) {
  app.setErrorHandler(answerFailure);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (!isApi && options.spaFallback && (request.method === 'GET' || request.method === 'HEAD')) {
      return options.spaFallback(request, reply);
    }
    const allowed = options.allowedMethods?.(path) ?? [];
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header('allow', allowed.join(', '));
      return answerFailure(
        new AppError('method_not_allowed', HTTP_MESSAGES.methodNotAllowed(request.method, allowed)),
        request,
        reply,
      );
    }
    return reply
      .code(404)
      .header('x-content-type-options', 'nosniff')
      .send({ status: false, message: SERVER.routeNotFound } satisfies FailureEnvelope);
  });
}
