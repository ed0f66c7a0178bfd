import type { z } from 'zod';
import type { Permission } from './enums.js';

/**
 * Who may call an endpoint (docs/architecture.md §6):
 * - public: anyone;
 * - challenge: only the short-lived token between password and second factor;
 * - refresh: only the httpOnly refresh cookie;
 * - company: a signed-in company user (optionally with a permission);
 * - operator: a signed-in back-office operator.
 */
export type Access = 'public' | 'challenge' | 'refresh' | 'company' | 'operator';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One endpoint, declared once and used by both sides: the server registers its route, validation,
 * access and permission check from it; the SPA builds its URL, types and fallback message from it.
 */
export type Endpoint = {
  method: HttpMethod;
  /** Path with `{name}` placeholders, as docs/api.md writes them. */
  path: `/api/${string}`;
  summary: string;
  access: Access;
  /**
   * What a company user needs to call it (docs/api.md tables). Every company endpoint declares it, and
   * the server refuses to register one that doesn't (issue 13):
   * - a permission of the user's role;
   * - `any`: any signed-in user of the agency, reading what the agency shares (docs/api.md's "(any)");
   * - `self`: any signed-in user, acting only on their own account (docs/api.md's "(self)");
   * - `owner`: only the agency's owner (its identity documents and company profile).
   */
  permission?: Permission | 'any' | 'self' | 'owner';
  /** Company calls that work before the company is approved (onboarding). */
  allowUnapproved?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body schema; omit for multipart endpoints and for calls without a body. */
  body?: z.ZodType;
  /** The endpoint reads `multipart/form-data` (files and fields). */
  multipart?: boolean;
  /** Schema of `data` in the success envelope. */
  response: z.ZodType;
  /** 201 for creations (docs/api.md). */
  successStatus?: 200 | 201;
  /** docs/product-spec.md §8: the call-specific message the SPA shows when the server sends none. */
  fallbackMessage?: string;
  /** docs/product-spec.md §7: some calls never toast their errors (e.g. routes). */
  suppressErrors?: boolean;
  /**
   * docs/api.md: a write that moves money or seats honours an optional `Idempotency-Key` header; a
   * retry with the same key and body replays the first answer and changes nothing twice.
   */
  idempotent?: boolean;
};

export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

type Infer<T> = T extends z.ZodType ? z.input<T> : undefined;
type Output<T> = T extends z.ZodType ? z.output<T> : undefined;

export type ParamsOf<E extends Endpoint> = Infer<E['params']>;
export type QueryOf<E extends Endpoint> = Infer<E['query']>;
export type BodyOf<E extends Endpoint> = Infer<E['body']>;
export type ParsedParamsOf<E extends Endpoint> = Output<E['params']>;
export type ParsedQueryOf<E extends Endpoint> = Output<E['query']>;
export type ParsedBodyOf<E extends Endpoint> = Output<E['body']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** `/api/user/{id}` → `/api/user/:id`, the form Fastify routes use. */
export const toRoutePattern = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/** Fills `{name}` placeholders, encoding each value. Throws when one is missing. */
export const buildPath = (path: string, params: Record<string, string | number> = {}): string =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });

/** Appends a query string, leaving out undefined values. */
export const withQuery = (path: string, query: Record<string, unknown> | undefined): string => {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};
