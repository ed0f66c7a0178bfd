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
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { type Clock, systemClock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { hasFieldErrors, type InputPart, mergeFieldErrors, parseInput } from './field-errors.js';
import {
  IDEMPOTENCY_HEADER,
  REPLAYED_HEADER,
  readIdempotencyKey,
  requestFingerprint,
  runIdempotently,
} from './idempotency.js';
import {
  formFingerprint,
  type MultipartForm,
  type MultipartFormSpec,
  readMultipartForm,
} from './multipart-form.js';
import type { AccessGuard, PrincipalFor } from './principal.js';

/** The form of a multipart endpoint's route, read before its handler runs. */
export type RouteOptions<F extends MultipartFormSpec | undefined> = { form?: F };

export type HandlerContext<E extends Endpoint, F extends MultipartFormSpec | undefined = undefined> = {
  request: FastifyRequest;
  reply: FastifyReply;
  principal: PrincipalFor<E>;
  params: ParsedParamsOf<E>;
  query: ParsedQueryOf<E>;
  body: ParsedBodyOf<E>;
  /** A multipart endpoint's form: its validated fields and verified files. */
  form: F extends MultipartFormSpec ? MultipartForm<F> : undefined;
};

/** What a handler that sent its own reply (a file, an answer encoded ahead) returns. */
export const REPLY_SENT = Symbol('reply sent');

/** What a handler returns: the envelope's `data` and its human message. */
export type HandlerResult<E extends Endpoint> = { data: ResponseOf<E>; message: string } | typeof REPLY_SENT;

export type EndpointHandler<E extends Endpoint, F extends MultipartFormSpec | undefined = undefined> = (
  context: HandlerContext<E, F>,
) => Promise<HandlerResult<E>>;

export type EndpointRegistrar = <E extends Endpoint, F extends MultipartFormSpec | undefined = undefined>(
  endpoint: E,
  handler: EndpointHandler<E, F>,
  options?: RouteOptions<F>,
) => void;

/**
 * Registers one contract endpoint: authenticate and authorize (guard), validate params, query
 * and body with the contract's schemas (422 with field errors), run the handler, and wrap its
 * result in the success envelope. HTTP code stays this thin; rules live in services.
 *
 * Endpoints declared `idempotent` honour a company's `Idempotency-Key` header around the handler
 * (platform/http/idempotency.ts), invisibly to it; they need `db`.
 *
 * A multipart endpoint names its form (`options.form`): the registrar reads and checks it like a
 * JSON body, before the handler and before an Idempotency-Key is claimed, so the key's fingerprint
 * covers the fields and the files' digests — a retry with another receipt is another request.
 */
export function createEndpointRegistrar(
  app: FastifyInstance,
  options: {
    guard: AccessGuard;
    validateResponses: boolean;
    tag?: string;
    /** The store of idempotency keys. */
    db?: Kysely<Database>;
    clock?: Clock;
  },
): EndpointRegistrar {
  const clock = options.clock ?? systemClock;
  return (endpoint, handler, routeOptions) => {
    const routePattern = toRoutePattern(endpoint.path);
    const { db } = options;
    if (endpoint.idempotent && !db) {
      throw new Error(`${endpoint.method} ${endpoint.path} honours Idempotency-Key: the registrar needs db`);
    }
    // Issue 13: a company route says who may call it, a permission or an explicit any/self/owner.
    if (endpoint.access === 'company' && endpoint.permission === undefined) {
      throw new Error(`${endpoint.method} ${endpoint.path}: a company endpoint declares its permission`);
    }
    const formSpec = routeOptions?.form;
    if (Boolean(endpoint.multipart) !== Boolean(formSpec)) {
      throw new Error(
        `${endpoint.method} ${endpoint.path}: a multipart endpoint, and only one, names its form`,
      );
    }
    app.route({
      method: endpoint.method,
      url: routePattern,
      schema: openApiSchema(endpoint, options.tag),
      handler: async (request, reply) => {
        const principal = (await options.guard(request, endpoint)) as PrincipalFor<typeof endpoint>;
        // The key belongs to the company (docs/architecture.md §6): other callers have none to scope it to.
        const idempotency =
          endpoint.idempotent && principal?.kind === 'company' ? readIdempotencyKey(request) : {};
        // Every problem in one answer: path, query, body and header errors together.
        const params = parsePart(endpoint.params, request.params, 'params');
        const query = parsePart(endpoint.query, request.query, 'query');
        const body = endpoint.multipart
          ? { value: undefined }
          : parsePart(endpoint.body, request.body, 'body');
        // Read whole here (a file at most its form's limit), so its digest can join the fingerprint.
        const form = formSpec ? await readMultipartForm(request, formSpec) : undefined;
        const fieldErrors = mergeFieldErrors(
          params.errors,
          query.errors,
          body.errors,
          form?.errors,
          idempotency.errors,
        );
        if (hasFieldErrors(fieldErrors)) {
          throw new AppError('validation', SERVER.validationFailed, { fieldErrors });
        }
        const context = {
          request,
          reply,
          principal,
          params: params.value,
          query: query.value,
          body: body.value,
          form: form?.form,
        } as HandlerContext<typeof endpoint, typeof formSpec>;
        const answer = async () => {
          const result = await handler(context);
          if (result === REPLY_SENT) return undefined;
          const data = options.validateResponses ? checkedAnswer(endpoint, result.data) : result.data;
          return {
            status: endpoint.successStatus ?? 200,
            body: { status: true, message: result.message, data },
          };
        };

        if (!(idempotency.key && db && principal?.kind === 'company')) {
          const answered = await answer();
          return answered ? reply.code(answered.status).send(answered.body) : reply;
        }
        const outcome = await runIdempotently(
          { db, now: () => clock.now(), log: request.log },
          {
            companyId: principal.companyId,
            key: idempotency.key,
            ...requestFingerprint(
              { method: endpoint.method, routePattern },
              {
                params: params.value,
                query: query.value,
                body: form?.form ? formFingerprint(form.form) : body.value,
              },
            ),
          },
          answer,
        );
        if (!outcome) return reply;
        if (outcome.replayed) reply.header(REPLAYED_HEADER, 'true');
        return reply.code(outcome.status).send(outcome.body);
      },
    });
  };
}

type Parsed = { value: unknown; errors?: FieldErrors };

/** What a call without a query (or path) schema takes there: nothing, every key being unknown. */
const NOTHING = z.strictObject({});

function parsePart(schema: z.ZodType | undefined, value: unknown, part: Exclude<InputPart, 'form'>): Parsed {
  if (!schema && part === 'body') {
    // A call that takes no body must not silently accept one ('{}' and an empty body are none).
    const isEmpty =
      value === undefined ||
      value === null ||
      (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);
    return isEmpty ? { value: undefined } : { value: undefined, errors: { _: ['This call takes no body'] } };
  }
  const parsed = parseInput(schema ?? NOTHING, value ?? (part === 'body' ? undefined : {}), part);
  if (!parsed.success) return { value: undefined, errors: parsed.errors };
  return { value: schema ? parsed.data : undefined };
}

/** An answer that breaks the contract is the server's fault (500), never the client's (422). */
function checkedAnswer(endpoint: Endpoint, data: unknown): unknown {
  const checked = endpoint.response.safeParse(data);
  if (checked.success) return checked.data;
  throw new Error(`The answer of ${endpoint.method} ${endpoint.path} breaks the contract`, {
    cause: checked.error,
  });
}

const permissionText = (permission: NonNullable<Endpoint['permission']>) =>
  permission === 'any'
    ? 'Any signed-in user of the agency.'
    : permission === 'self'
      ? 'Any signed-in user, on their own account.'
      : permission === 'owner'
        ? "Only the agency's owner."
        : `Requires the \`${permission}\` permission.`;

/** OpenAPI description of the route, made from the same schemas (served at /api/docs). */
function openApiSchema(endpoint: Endpoint, tag = 'api') {
  const toJson = (schema: z.ZodType, io: 'input' | 'output') =>
    z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;
  const envelope = z.object({ status: z.literal(true), message: z.string(), data: endpoint.response });
  return {
    summary: endpoint.summary,
    tags: [tag],
    ...(endpoint.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    ...(endpoint.permission ? { description: permissionText(endpoint.permission) } : {}),
    ...(endpoint.params ? { params: toJson(endpoint.params, 'input') } : {}),
    ...(endpoint.query ? { querystring: toJson(endpoint.query, 'input') } : {}),
    ...(endpoint.body ? { body: toJson(endpoint.body, 'input') } : {}),
    // Multipart calls name their content type, so clients (and the OpenAPI fuzz test) know it.
    ...(endpoint.multipart
      ? { consumes: ['multipart/form-data'], body: { type: 'object', description: 'Text fields and files' } }
      : {}),
    ...(endpoint.idempotent
      ? {
          headers: {
            type: 'object',
            properties: {
              [IDEMPOTENCY_HEADER.toLowerCase()]: {
                type: 'string',
                minLength: 1,
                maxLength: 255,
                description:
                  'Optional: a retry with the same key and body replays the first answer (24 hours).',
              },
            },
          },
        }
      : {}),
    response: { [endpoint.successStatus ?? 200]: toJson(envelope, 'output') },
  };
}
