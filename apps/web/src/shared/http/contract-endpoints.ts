import type {
  EndpointBuilder,
  MutationExtraOptions,
  QueryDefinition,
  QueryExtraOptions,
} from '@reduxjs/toolkit/query';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@skydesk/contract';
import type { z } from 'zod';
import type { ApiTag } from './api';
import type { RawOptions } from './api-request';
import type { ContractCall, contractBaseQuery } from './contract-base-query';

/*
 * RTK Query endpoints generated from the contract's endpoint table (decision 010): the contract's
 * `defineEndpoint` gives the URL, the method, the types of the arguments and of the answer, and
 * the fallback message; a feature adds only what is its own — tags, how long an answer is kept,
 * and the call's own settings (docs/product-spec.md §7/§8: errors suppressed, another fallback).
 *
 *   export const bookingsApi = api.injectEndpoints({
 *     endpoints: (build) => ({
 *       credits: contractQuery(build, paymentEndpoints.credits, { providesTags: ['Credits'] }),
 *     }),
 *   });
 */

type Build = EndpointBuilder<typeof contractBaseQuery, ApiTag, 'api'>;

/** Path parameters are required exactly when the endpoint declares them. */
type ParamsArg<E extends Endpoint> = E['params'] extends z.ZodType
  ? { params: ParamsOf<E> }
  : { params?: undefined };

/** A multipart endpoint takes FormData; a JSON endpoint with a body schema takes that body. */
type PayloadArg<E extends Endpoint> = E['multipart'] extends true
  ? { formData: FormData; body?: undefined }
  : E['body'] extends z.ZodType
    ? { body: BodyOf<E>; formData?: undefined }
    : { body?: undefined; formData?: undefined };

type QueryArg<E extends Endpoint> = E['query'] extends z.ZodType
  ? { query?: QueryOf<E> }
  : { query?: undefined };

/** docs/api.md: only the writes that move money or seats take an Idempotency-Key (useIdempotentMutation). */
type KeyArg<E extends Endpoint> = E['idempotent'] extends true
  ? { idempotencyKey?: string }
  : { idempotencyKey?: undefined };

/** The login steps send the challenge token instead of the session's (docs/api.md). */
type TokenArg<E extends Endpoint> = E['access'] extends 'challenge'
  ? { bearerToken: string }
  : { bearerToken?: undefined };

/** What a screen passes to a call of endpoint E. */
export type CallArgs<E extends Endpoint> = ParamsArg<E> &
  PayloadArg<E> &
  QueryArg<E> &
  KeyArg<E> &
  TokenArg<E>;

/** An endpoint whose call needs nothing is called with no argument: `useCreditsQuery()`. */
export type CallArg<E extends Endpoint> =
  // biome-ignore lint/suspicious/noConfusingVoidType: RTK Query's hooks leave out only a `void` argument
  Partial<CallArgs<E>> extends CallArgs<E> ? CallArgs<E> | void : CallArgs<E>;

/** How a call behaves, when not as its contract endpoint says (docs/product-spec.md §7, §8). */
export type CallSettings = Pick<RawOptions, 'suppressErrors' | 'fallbackMessage' | 'logoutOn401'>;

const callOf =
  <E extends Endpoint>(endpoint: E, settings: CallSettings & { file?: boolean }) =>
  (args: CallArg<E>): ContractCall => ({
    ...(args as CallArgs<Endpoint> | undefined),
    ...settings,
    endpoint,
  });

type QueryOptions<E extends Endpoint, Result> = CallSettings &
  Omit<QueryExtraOptions<ApiTag, Result, CallArg<E>, typeof contractBaseQuery, 'api'>, 'type'> & {
    /** The answer as the screens use it, when not as the contract types it. */
    transformResponse?: (answer: ResponseOf<E>) => Result;
  };

/** A read of server data (docs/api.md GET, and the POSTs that only read, like a search). */
export function contractQuery<E extends Endpoint, Result = ResponseOf<E>>(
  build: Build,
  endpoint: E,
  {
    suppressErrors,
    fallbackMessage,
    logoutOn401,
    transformResponse,
    ...options
  }: QueryOptions<E, Result> = {},
  // NoInfer: without a transformResponse, the answer is the contract's, not whatever `any` the
  // injectEndpoints callback's return type would let TypeScript infer.
): QueryDefinition<CallArg<E>, typeof contractBaseQuery, ApiTag, NoInfer<Result>, 'api'> {
  return build.query<Result, CallArg<E>>({
    query: callOf(endpoint, { suppressErrors, fallbackMessage, logoutOn401 }),
    transformResponse: (answer: unknown) =>
      transformResponse ? transformResponse(answer as ResponseOf<E>) : (answer as Result),
    ...options,
  });
}

type MutationOptions<E extends Endpoint, Result> = CallSettings &
  Omit<MutationExtraOptions<ApiTag, Result, CallArg<E>, typeof contractBaseQuery, 'api'>, 'type'>;

/** A write: nothing is kept but its outcome, and what it changes is invalidated by tag. */
export function contractMutation<E extends Endpoint>(
  build: Build,
  endpoint: E,
  { suppressErrors, fallbackMessage, logoutOn401, ...options }: MutationOptions<E, ResponseOf<E>> = {},
) {
  return build.mutation<ResponseOf<E>, CallArg<E>>({
    query: callOf(endpoint, { suppressErrors, fallbackMessage, logoutOn401 }),
    transformResponse: (answer: unknown) => answer as ResponseOf<E>,
    ...options,
  });
}

/**
 * A file (docs/api.md: e-tickets, submitted documents), fetched with the session's token as any call:
 * the answer is an object URL of the file, which the caller revokes once the browser has it.
 */
export function contractFile<E extends Endpoint>(build: Build, endpoint: E, settings: CallSettings = {}) {
  return build.mutation<string, CallArg<E>>({
    query: callOf(endpoint, { ...settings, file: true }),
    transformResponse: (url: unknown) => url as string,
  });
}
