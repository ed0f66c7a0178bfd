import { LiveClientFrame, SupplierEvent } from '@skydesk/contract';
import type { z } from 'zod';
import { declaredMultipartForms } from '../../src/platform/http/multipart-form.js';
import { contractEndpoints, endpointLabel } from '../support/contract-endpoints.js';

/**
 * Every schema through which a client's input enters the server, for the tests that walk them
 * (issue 27): each endpoint's path, query and body, each multipart form's fields (as the modules
 * declare them), the live socket's client frames, and a supplier webhook's event as the server reads
 * it from the signed text. Declared tomorrow, walked the day it is.
 */

export type InputSchema = { label: string; schema: z.ZodType };

export async function inputSchemas(): Promise<InputSchema[]> {
  // The modules declare their forms as they are imported: building the app imports them all.
  await import('../../src/app.js');
  const fromEndpoints = contractEndpoints.flatMap((endpoint) =>
    (['params', 'query', 'body'] as const).flatMap((part) => {
      const schema = endpoint[part] as z.ZodType | undefined;
      return schema ? [{ label: `${endpointLabel(endpoint)} ${part}`, schema }] : [];
    }),
  );
  const forms = declaredMultipartForms.map((form) => ({
    label: `the form of ${form.files.join(', ')}`,
    schema: form.fields as z.ZodType,
  }));
  return [
    ...fromEndpoints,
    ...forms,
    { label: 'a live client frame', schema: LiveClientFrame },
    // A supplier's webhook arrives as raw text (its endpoint's body); what is read from it is this.
    { label: 'a supplier webhook event, as read', schema: SupplierEvent },
  ];
}

/** A node of a schema and where it sits (`passengers.*.first_name`). */
export type SchemaNode = { path: string; schema: z.ZodType; type: string };

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
};

export const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const join = (path: string, part: string) => (path ? `${path}.${part}` : part);

/**
 * Every node of a schema, depth first: objects' members, arrays' and records' items, the sides of
 * unions, intersections and pipes, and what optional, default and the like wrap. Lazy schemas are
 * followed once each.
 */
export function schemaNodes(schema: z.ZodType, path = '', seen = new Set<z.ZodType>()): SchemaNode[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const here: SchemaNode = { path, schema, type: def.type };
  const below = (child: z.ZodType | null | undefined, at = path) =>
    child ? schemaNodes(child, at, seen) : [];
  switch (def.type) {
    case 'object':
      return [
        here,
        ...Object.entries(def.shape ?? {}).flatMap(([key, member]) => below(member, join(path, key))),
        ...below(def.catchall, join(path, '*')),
      ];
    case 'array':
      return [here, ...below(def.element, join(path, '*'))];
    case 'tuple':
      return [
        here,
        ...(def.items ?? []).flatMap((item, index) => below(item, join(path, String(index)))),
        ...below(def.rest, join(path, '*')),
      ];
    case 'record':
      return [here, ...below(def.keyType, join(path, '(key)')), ...below(def.valueType, join(path, '*'))];
    case 'union':
      return [here, ...(def.options ?? []).flatMap((option) => below(option))];
    case 'intersection':
      return [here, ...below(def.left), ...below(def.right)];
    case 'pipe':
      return [here, ...below(def.in), ...below(def.out)];
    case 'lazy':
      return [here, ...below(def.getter?.())];
    default:
      return def.innerType ? [here, ...below(def.innerType)] : [here];
  }
}
