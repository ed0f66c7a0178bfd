import { zodResolver } from '@hookform/resolvers/zod';
import { OneTimeCode } from '@skydesk/contract';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../ui/button';
import { CodeInput } from '../ui/code-input';
import { Field } from '../ui/field';
import { showServerFieldErrors } from './server-field-errors';

const CodeBody = z.object({ code: OneTimeCode });

type CodeFormProps = {
  label: string;
  hint?: ReactNode;
  submitLabel: string;
  /** Sends the code; throws the call's ApiFailure when it is refused (a 422 lands on the field). */
  onSubmit: (code: string) => Promise<void>;
  /** Under the button, e.g. the resend control. */
  children?: ReactNode;
};

/** The 6-digit code of a verification step (e-mailed or from the authenticator app), and its submit. */
export function CodeForm({ label, hint, submitLabel, onSubmit, children }: CodeFormProps) {
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(CodeBody), defaultValues: { code: '' } });

  const submit = handleSubmit(async ({ code }) => {
    try {
      await onSubmit(code);
    } catch (error) {
      showServerFieldErrors(error, setError, ['code']);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <Controller
        control={control}
        name="code"
        render={({ field: { ref, name, value, onChange, onBlur } }) => (
          <Field label={label} hint={hint} error={errors.code?.message}>
            {(fieldControl) => (
              <CodeInput
                {...fieldControl}
                ref={ref}
                name={name}
                value={value}
                onChange={onChange}
                onBlur={onBlur}
                invalid={Boolean(errors.code)}
              />
            )}
          </Field>
        )}
      />
      <Button type="submit" className="w-full" busy={isSubmitting}>
        {submitLabel}
      </Button>
      {children}
    </form>
  );
}
