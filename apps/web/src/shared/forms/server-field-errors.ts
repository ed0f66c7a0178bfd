import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiFailure } from '../http/api-error';

/**
 * docs/api.md: a 422 carries `data.errors` keyed by field. Puts each message on the form field of
 * that name (the first one focused) and answers whether any landed, so the caller knows the
 * problem is shown where it belongs. Fields the form does not have are left to the toast.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
): boolean {
  if (!isApiFailure(error)) return false;
  let shown = 0;
  for (const field of fields) {
    const message = Object.hasOwn(error.fieldErrors, field) ? error.fieldErrors[field]?.[0] : undefined;
    if (!message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: shown === 0 });
    shown += 1;
  }
  return shown > 0;
}
