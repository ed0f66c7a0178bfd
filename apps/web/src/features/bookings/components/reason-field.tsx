import { Field, inputClasses } from '../../../shared/ui/field';

/** docs/api.md: cancel and refund reasons are 3 to 500 characters. */
export const REASON_LIMITS = { min: 3, max: 500 } as const;

export const reasonProblem = (reason: string): string | undefined =>
  reason.trim().length < REASON_LIMITS.min ? 'Say why, in a few words' : undefined;

type ReasonFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  placeholder?: string;
};

export function ReasonField({ label, value, onChange, error, placeholder }: ReasonFieldProps) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <textarea
          {...control}
          rows={2}
          maxLength={REASON_LIMITS.max}
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          className={inputClasses(Boolean(error), 'resize-y')}
        />
      )}
    </Field>
  );
}
