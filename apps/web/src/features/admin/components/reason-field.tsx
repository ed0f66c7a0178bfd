import { ADMIN_REASON_MAX } from '@skydesk/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, inputClasses } from '../../../shared/ui/field';

type ReasonFieldProps = {
  label?: string;
  hint?: string;
  error: string | undefined;
  field: UseFormRegisterReturn;
  optional?: boolean;
};

/** Why the operator decided as they did: shown to the agency and kept in the audit log. */
export function ReasonField({ label = 'Reason', hint, error, field, optional }: ReasonFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} optional={optional}>
      {(control) => (
        <textarea
          {...control}
          {...field}
          rows={4}
          maxLength={ADMIN_REASON_MAX}
          className={inputClasses(Boolean(error), 'min-h-24 resize-y')}
        />
      )}
    </Field>
  );
}
