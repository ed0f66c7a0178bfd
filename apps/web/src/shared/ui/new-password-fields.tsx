import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field';
import { PasswordInput } from './password-input';
import { PasswordStrengthHint } from './password-strength';

type NewPasswordFieldsProps = {
  /** The password typed so far, for the strength hint. */
  password: string;
  passwordField: UseFormRegisterReturn;
  confirmationField: UseFormRegisterReturn;
  errors: { password?: string | undefined; confirmation?: string | undefined };
  labels?: { password: string; confirmation: string };
  /** Classes of each field's wrapper (grid placement). */
  className?: string;
};

/** A new password with its strength hint, and its confirmation: registration and password reset. */
export function NewPasswordFields({
  password,
  passwordField,
  confirmationField,
  errors,
  labels = { password: 'Password', confirmation: 'Confirm password' },
  className,
}: NewPasswordFieldsProps) {
  return (
    <>
      <Field
        label={labels.password}
        className={className}
        error={errors.password}
        hint={<PasswordStrengthHint password={password} />}
      >
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            invalid={Boolean(errors.password)}
            {...passwordField}
          />
        )}
      </Field>
      <Field label={labels.confirmation} className={className} error={errors.confirmation}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            invalid={Boolean(errors.confirmation)}
            {...confirmationField}
          />
        )}
      </Field>
    </>
  );
}
