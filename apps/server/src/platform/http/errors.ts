import { AppError, type FailureEnvelope, SERVER, statusToErrorCode } from '@skydesk/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { toFieldErrors } from './field-errors.js';

/** Everything a client may learn about a failure; never a stack trace or SQL (API.md). */
export function failureBody(error: AppError): FailureEnvelope {
  const data =
    error.fieldErrors || error.data
      ? { ...(error.data ?? {}), ...(error.fieldErrors ? { errors: error.fieldErrors } : {}) }
      : undefined;
  return { status: false, message: error.message, ...(data ? { data } : {}) };
}

/** Maps errors raised by Fastify and its plugins to our error type with a safe message. */
function fromFrameworkError(error: FastifyError): AppError | undefined {
  const status = error.statusCode ?? 500;
  if (status >= 500) return undefined;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'Unsupported content type');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('payload_too_large', 'The upload is too large');
    default:
      break;
  }
  if (error instanceof SyntaxError) return new AppError('bad_request', 'The request body is not valid JSON');
  if (status === 429) return new AppError('rate_limited', SERVER.rateLimited);
  if (status === 404) return new AppError('not_found', SERVER.notFound);
  return new AppError(statusToErrorCode(status), error.message || 'Bad request');
}

type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<unknown>;

/**
 * One error handler for the whole API (API.md envelope; 422 with field errors for validation;
 * 5xx details only in the log). Unknown `/api/*` paths answer 404 in the envelope; any other
 * unknown GET goes to the SPA's index.html when one is served.
 */
export function registerErrorHandling(app: FastifyInstance, options: { spaFallback?: SpaFallback } = {}) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    let known: AppError | undefined;
    if (error instanceof AppError) known = error;
    else if (error instanceof ZodError) {
      known = new AppError('validation', SERVER.validationFailed, { fieldErrors: toFieldErrors(error) });
    } else known = fromFrameworkError(error);

    if (!known) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ status: false, message: SERVER.internal } satisfies FailureEnvelope);
    }
    if (known.status >= 500) request.log.error({ err: error }, 'request failed');
    if (known.retryAfter !== undefined) reply.header('retry-after', String(known.retryAfter));
    return reply.code(known.status).send(failureBody(known));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (!isApi && options.spaFallback && (request.method === 'GET' || request.method === 'HEAD')) {
      return options.spaFallback(request, reply);
    }
    return reply.code(404).send({ status: false, message: SERVER.routeNotFound } satisfies FailureEnvelope);
  });
}
