import type { FieldErrors } from '@skydesk/contract';
import type { z } from 'zod';

/**
 * docs/api.md's `data.errors`: field path (dot-separated, array indexes included) → messages.
 *
 * Field paths come from the request (an unknown key is reported on its own path), so a key may
 * be any string, `__proto__`, `constructor` and `toString` included: the maps here have no
 * prototype and are only read through Object.hasOwn.
 */

/** An empty map of field errors, safe for any field name. */
export const emptyFieldErrors = (): FieldErrors => Object.create(null) as FieldErrors;

/** Adds a message to a field (once: two checks saying the same thing say it once). */
export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  const messages = Object.hasOwn(errors, field) ? errors[field] : undefined;
  if (!messages) errors[field] = [message];
  else if (!messages.includes(message)) messages.push(message);
}

export const hasFieldErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;

/** Field errors of several parts of a request, in one map. */
export function mergeFieldErrors(...parts: (FieldErrors | undefined)[]): FieldErrors {
  const merged = emptyFieldErrors();
  for (const part of parts) {
    for (const [field, messages] of Object.entries(part ?? {})) {
      for (const message of messages) addFieldError(merged, field, message);
    }
  }
  return merged;
}

/** Turns zod issues into field errors; unknown keys are reported on their own path, as docs/api.md rejects them. */
export function toFieldErrors(error: z.ZodError, prefix?: string): FieldErrors {
  const errors = emptyFieldErrors();
  const add = (path: PropertyKey[], message: string) =>
    addFieldError(errors, [prefix, ...path.map(String)].filter(Boolean).join('.') || '_', message);
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], 'Unknown field');
    } else {
      add(issue.path, issue.message);
    }
  }
  return errors;
}

/** Where a value came from: a query string repeats keys, which arrive as arrays. */
export type InputPart = 'params' | 'query' | 'body' | 'form';

/**
 * Validates a request's part with a contract schema. Zod's own messages for a value of the wrong
 * type ('Invalid input: expected string, received array') become ones a person can act on; a
 * schema's own messages stay as they are.
 */
export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  part: InputPart,
): { success: true; data: z.output<T> } | { success: false; errors: FieldErrors } {
  const parsed = schema.safeParse(value, { error: (issue) => wireMessage(issue, part) });
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, errors: toFieldErrors(parsed.error) };
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

function wireMessage(issue: z.core.$ZodRawIssue, part: InputPart): string | undefined {
  if (issue.code !== 'invalid_type') return undefined;
  if (issue.input === undefined) return 'This field is required';
  if (part === 'query' && Array.isArray(issue.input)) return 'Give this parameter once';
  const expected = TYPE_NAMES[issue.expected];
  return expected ? `Must be ${expected}` : undefined;
}
