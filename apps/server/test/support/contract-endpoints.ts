import { randomUUID } from 'node:crypto';
import type { Endpoint } from '@skydesk/contract';
import * as contract from '@skydesk/contract';
import fc from 'fast-check';
import { z } from 'zod';
import { type JsonSchema, validLooking } from '../platform/openapi-arbitraries.js';

/**
 * Every endpoint the contract declares — each of its `…Endpoints` tables, whatever the domain — for
 * the tests generated from it (the fuzz test, the principals, permission, tenancy and registration
 * tests), so an endpoint declared tomorrow is covered by all of them the day it is.
 */

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;

export const contractEndpoints: Endpoint[] = Object.entries(contract)
  .filter(([name, table]) => name.endsWith('Endpoints') && typeof table === 'object' && table !== null)
  .flatMap(([, table]) => Object.values(table as object).filter(isEndpoint));

/** `GET /api/booking/{id}`: how tests name an endpoint. */
export const endpointLabel = (endpoint: Pick<Endpoint, 'method' | 'path'>) =>
  `${endpoint.method} ${endpoint.path}`;

/** The `{name}` placeholders of a path, in order. */
export const pathParamsOf = (endpoint: Endpoint) =>
  [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

// ── requests built from the endpoint's own schemas ─────────────────────────────────────────────

export const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** The value without the members its schema does not require, at any depth (arrays kept). */
function withoutOptional(value: unknown, schema: JsonSchema): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutOptional(item, schema.items ?? {}));
  if (typeof value !== 'object' || value === null || !schema.properties) return value;
  const required = new Set(schema.required ?? []);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => required.has(key))
      .map(([key, member]) => [key, withoutOptional(member, schema.properties?.[key] ?? {})]),
  );
}

/**
 * A value the schema accepts, as small as it can be: values that look valid are drawn from its
 * JSON schema (zod's refinements are not in it) and the first the zod schema itself takes wins,
 * stripped of optional members where that still passes. `undefined` when none passed.
 */
export function minimalValid(schema: z.ZodType, today: Date, tries = 300): unknown {
  const json = jsonSchemaOf(schema);
  const candidates = fc.sample(validLooking(json, { seeds: {}, today }), { numRuns: tries, seed: 13 });
  for (const candidate of candidates) {
    const small = withoutOptional(candidate, json);
    if (schema.safeParse(small).success) return small;
    if (schema.safeParse(candidate).success) return candidate;
  }
  return undefined;
}

/** Path, query and body of an endpoint, each as sent. */
export type RequestParts = {
  params: Record<string, string>;
  query: Record<string, unknown> | undefined;
  body: unknown;
};

/** The endpoint's URL for these parts (query values as the SPA sends them). */
export const urlOf = (endpoint: Endpoint, parts: Pick<RequestParts, 'params' | 'query'>) =>
  contract.withQuery(contract.buildPath(endpoint.path, parts.params), parts.query);

/**
 * A minimal request that passes the endpoint's schemas: random ids in the path, the smallest
 * valid query and body (an example given instead where the schemas can't be met by drawing).
 */
export function minimalRequest(endpoint: Endpoint, today: Date, example?: () => unknown): RequestParts {
  const params = Object.fromEntries(pathParamsOf(endpoint).map((name) => [name, randomUUID()]));
  const query = endpoint.query ? (minimalValid(endpoint.query, today) as Record<string, unknown>) : undefined;
  const body = example ? example() : endpoint.body ? minimalValid(endpoint.body, today) : undefined;
  return { params, query, body };
}

// ── the fields that name an object ─────────────────────────────────────────────────────────────

/** Where a field sits in a body or query: member names, `*` for every item of an array. */
export type FieldPath = (string | '*')[];

/** A field naming an object (`id`, `pnr`, `…_id`, `…_ids`), found by its name. */
export const NAMES_AN_OBJECT = /^(id|pnr|\w+_ids?)$/;

/** Every field of the schema whose name says it names an object, at any depth. */
export function idFieldsOf(schema: z.ZodType | undefined): { path: FieldPath; required: boolean }[] {
  if (!schema) return [];
  const found: { path: FieldPath; required: boolean }[] = [];
  const walk = (node: JsonSchema, at: FieldPath, required: boolean) => {
    for (const alternative of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) {
      walk(alternative, at, required);
    }
    if (node.items) walk(node.items, [...at, '*'], required);
    const own = new Set(node.required ?? []);
    for (const [name, member] of Object.entries(node.properties ?? {})) {
      const path = [...at, name];
      if (NAMES_AN_OBJECT.test(name)) found.push({ path, required: required && own.has(name) });
      walk(member, path, required && own.has(name));
    }
  };
  walk(jsonSchemaOf(schema), [], true);
  return found;
}

/** The value with the field at `path` set (on every item of an array), or removed when `undefined`. */
export function setField(value: unknown, path: FieldPath, to: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return to;
  if (head === '*') {
    return Array.isArray(value) ? value.map((item) => setField(item, rest, to)) : value;
  }
  const object = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if (rest.length > 0 && object[head] === undefined) return value;
  const { [head]: current, ...others } = object;
  const next = rest.length === 0 ? to : setField(current, rest, to);
  return next === undefined ? others : { ...others, [head]: next };
}
