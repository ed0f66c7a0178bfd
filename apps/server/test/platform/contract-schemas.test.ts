import { hasForbiddenCharacters } from '@skydesk/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { defOf, inputSchemas, type SchemaNode, schemaNodes } from './contract-inputs.js';

/**
 * Issue 27, walked over every schema through which a client's input enters (contract-inputs.ts):
 * - every object, at every depth, is strict and refuses keys named like a property of every object
 *   (`{"email":{"__proto__":…}}` was taken by the notification settings' record);
 * - every string refuses, or removes, what no stored text may hold: control characters (a NUL is
 *   refused by PostgreSQL itself), lone surrogates, and bidirectional controls (an override shows
 *   `invoice‮fdp.exe` to others as `invoiceexe.pdf`).
 * A schema added tomorrow is walked the day it is; one that fails names its path.
 */

const schemas = await inputSchemas();

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

/** Text no stored string may keep. Line breaks and tabs are a multiline field's own. */
const HOSTILE = [
  'Ab\u0000cd',
  'Ab\u0007cd',
  'Ab\u001bcd',
  'Ab\u007fcd',
  'Ab\u0085cd',
  'Ab\ud800cd',
  'Ab\udc00cd',
  'Ab\u202ecd',
  'Ab\u2066cd',
];
/** Line breaks and tabs are a multiline field's own; every other control, and any bidi control, is not. */
const forbidden = (text: string) => hasForbiddenCharacters(text, true) || BIDI.test(text);
const BIDI = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * Secrets compared with a hash and never stored or shown as text: any character is theirs (a
 * password may hold what its owner likes; a token or code that holds a control character simply
 * matches nothing).
 */
const SECRETS = new Set([
  'password',
  'password_confirmation',
  'current_password',
  'new_password',
  'new_password_confirmation',
  'token',
  'challenge_token',
]);
const lastSegment = (path: string) =>
  path
    .split('.')
    .filter((part) => part !== '*')
    .at(-1) ?? '';

/** The string schemas to try: a pipe that starts from a string is tried whole (it may clean it). */
function stringInputs(schema: z.ZodType): SchemaNode[] {
  const nodes = schemaNodes(schema);
  // What a pipe starts from, through optional, default and the like (which pass a string as it is).
  const leftmost = (node: z.ZodType): z.ZodType => {
    const def = defOf(node);
    if (def.type === 'pipe' && def.in) return leftmost(def.in);
    return def.type !== 'string' && def.innerType ? leftmost(def.innerType) : node;
  };
  const piped = nodes.filter(
    (node) => node.type === 'pipe' && defOf(leftmost(node.schema)).type === 'string',
  );
  const covered = new Set(piped.flatMap((node) => schemaNodes(node.schema).map((inner) => inner.schema)));
  const strings = nodes.filter((node) => node.type === 'string' && !covered.has(node.schema));
  // Only the outermost pipe of a chain is tried: the inner ones are covered by it.
  const outermost = piped.filter(
    (node) =>
      !piped.some(
        (other) => other !== node && schemaNodes(other.schema).some((n) => n.schema === node.schema),
      ),
  );
  return [...strings, ...outermost];
}

describe('every input schema of the contract', () => {
  it('is found: every endpoint, every form, the live frames', () => {
    expect(schemas.length).toBeGreaterThan(120);
    expect(schemas.some((input) => input.label.startsWith('the form of'))).toBe(true);
    expect(schemas.some((input) => input.label === 'PUT /api/user/notification-settings body')).toBe(true);
  });

  it.each(schemas.map((input) => [input.label, input.schema] as const))(
    '%s: strict objects at every depth, refusing keys named like a property of every object',
    (label, schema) => {
      for (const node of schemaNodes(schema)) {
        const where = `${label} at ${node.path || '(top)'}`;
        if (node.type === 'object') {
          expect(
            defOf(defOf(node.schema).catchall ?? ({ _zod: { def: { type: 'none' } } } as never)).type,
            where,
          ).toBe('never');
        }
        if (node.type !== 'object' && node.type !== 'record') continue;
        for (const key of PROTOTYPE_KEYS) {
          const parsed = node.schema.safeParse(JSON.parse(`{"${key}":{"polluted":true}}`));
          expect(parsed.success, `${where}: {"${key}":…} was taken`).toBe(false);
        }
      }
    },
  );

  it.each(schemas.map((input) => [input.label, input.schema] as const))(
    '%s: every string refuses or removes control characters, bidirectional controls and lone surrogates',
    (label, schema) => {
      for (const node of stringInputs(schema)) {
        if (SECRETS.has(lastSegment(node.path))) continue;
        for (const text of HOSTILE) {
          const parsed = node.schema.safeParse(text);
          const kept = parsed.success && typeof parsed.data === 'string' ? parsed.data : '';
          expect(forbidden(kept), `${label} at ${node.path || '(top)'} kept ${JSON.stringify(kept)}`).toBe(
            false,
          );
        }
      }
    },
  );
});
