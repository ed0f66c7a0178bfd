import {
  AppError,
  type Endpoint,
  type FieldErrors,
  type ParsedBodyOf,
  type ParsedParamsOf,
  type ParsedQueryOf,
  type ResponseOf,
  SERVER,
  toRoutePattern,
} from '@skydesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toFieldErrors } from './field-errors.js';
import type { AccessGuard, PrincipalFor } from './principal.js';

export type HandlerContext<E extends Endpoint> = {
  request: FastifyRequest;
  reply: FastifyReply;
  principal: PrincipalFor<E>;
  params: ParsedParamsOf<E>;
  query: ParsedQueryOf<E>;
  body: ParsedBodyOf<E>;
};

/** What a handler returns: the envelope's `data` and its human message. */
export type HandlerResult<E extends Endpoint> = { data: ResponseOf<E>; message: string };

export type EndpointHandler<E extends Endpoint> = (context: HandlerContext<E>) => Promise<HandlerResult<E>>;

export type EndpointRegistrar = <E extends Endpoint>(endpoint: E, handler: EndpointHandler<E>) => void;

/**
 * Registers one contract endpoint: authenticate and authorize (guard), validate params, query
 * and body with the contract's schemas (422 with field errors), run the handler, and wrap its
 * result in the success envelope. HTTP code stays this thin; rules live in services.
 */
export function createEndpointRegistrar(
  app: FastifyInstance,
  options: { guard: AccessGuard; validateResponses: boolean; tag?: string },
): EndpointRegistrar {
  return (endpoint, handler) => {
    app.route({
      method: endpoint.method,
      url: toRoutePattern(endpoint.path),
      schema: openApiSchema(endpoint, options.tag),
      handler: async (request, reply) => {
        const principal = (await options.guard(request, endpoint)) as PrincipalFor<typeof endpoint>;
        // Every problem in one answer: path, query and body errors together.
        const params = parsePart(endpoint.params, request.params, 'params');
        const query = parsePart(endpoint.query, request.query, 'query');
        const body = endpoint.multipart
          ? { value: undefined }
          : parsePart(endpoint.body, request.body, 'body');
        const fieldErrors = { ...params.errors, ...query.errors, ...body.errors };
        if (Object.keys(fieldErrors).length > 0) {
          throw new AppError('validation', SERVER.validationFailed, { fieldErrors });
        }
        const context = {
          request,
          reply,
          principal,
          params: params.value,
          query: query.value,
          body: body.value,
        } as HandlerContext<typeof endpoint>;
        const result = await handler(context);
        if (reply.sent) return reply;
        const data = options.validateResponses ? endpoint.response.parse(result.data) : result.data;
        return reply
          .code(endpoint.successStatus ?? 200)
          .send({ status: true, message: result.message, data });
      },
    });
  };
}

type Parsed = { value: unknown; errors?: FieldErrors };

function parsePart(schema: z.ZodType | undefined, value: unknown, part: 'params' | 'query' | 'body'): Parsed {
  if (!schema) {
    // A call that takes no body must not silently accept one.
    const hasBody =
      part === 'body' && value !== undefined && value !== null && Object.keys(value as object).length > 0;
    return hasBody ? { value: undefined, errors: { _: ['This call takes no body'] } } : { value: undefined };
  }
  const parsed = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
  return parsed.success ? { value: parsed.data } : { value: undefined, errors: toFieldErrors(parsed.error) };
}

/** OpenAPI description of the route, made from the same schemas (served at /api/docs). */
function openApiSchema(endpoint: Endpoint, tag = 'api') {
  const toJson = (schema: z.ZodType, io: 'input' | 'output') =>
    z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;
  const envelope = z.object({ status: z.literal(true), message: z.string(), data: endpoint.response });
  return {
    summary: endpoint.summary,
    tags: [tag],
    ...(endpoint.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    ...(endpoint.permission ? { description: `Requires the \`${endpoint.permission}\` permission.` } : {}),
    ...(endpoint.params ? { params: toJson(endpoint.params, 'input') } : {}),
    ...(endpoint.query ? { querystring: toJson(endpoint.query, 'input') } : {}),
    ...(endpoint.body ? { body: toJson(endpoint.body, 'input') } : {}),
    response: { [endpoint.successStatus ?? 200]: toJson(envelope, 'output') },
  };
}
