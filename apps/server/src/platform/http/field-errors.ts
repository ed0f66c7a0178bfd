import type { FieldErrors } from '@skydesk/contract';
import type { z } from 'zod';

/**
 * Turns zod issues into API.md's `data.errors`: field path (dot-separated, array indexes
 * included) → messages. Unknown keys are reported on their own path, as API.md rejects them.
 */
export function toFieldErrors(error: z.ZodError, prefix?: string): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: PropertyKey[], message: string) => {
    const key = [prefix, ...path.map(String)].filter(Boolean).join('.') || '_';
    errors[key] = [...(errors[key] ?? []), message];
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], 'Unknown field');
    } else {
      add(issue.path, humanize(issue));
    }
  }
  return errors;
}

function humanize(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'This field is required';
  return issue.message;
}
