import { zodResolver } from '@hookform/resolvers/zod';
import { Password, SUCCESS, USER_RULES } from '@skydesk/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { z } from 'zod';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { isApiFailure } from '../../../shared/http/api-error';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Field } from '../../../shared/ui/field';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields';
import { PasswordInput } from '../../../shared/ui/password-input';
import { accountApi } from '../account-api';

/** The contract's password rules (UpdateAccountBody), every field required here. */
const PasswordForm = z
  .object({
    current_password: z.string().min(1, 'Enter your current password'),
    new_password: Password,
    new_password_confirmation: z.string(),
  })
  .refine((form) => form.new_password === form.new_password_confirmation, {
    path: ['new_password_confirmation'],
    message: 'The passwords do not match',
  });
type PasswordFormValues = z.infer<typeof PasswordForm>;

const PASSWORD_FIELDS = ['current_password', 'new_password', 'new_password_confirmation'] as const;

const EMPTY: PasswordFormValues = { current_password: '', new_password: '', new_password_confirmation: '' };

/**
 * Section 3: a new password, with the current one. The server signs out every other device of
 * the user (a stolen password stops working everywhere); this one stays signed in.
 */
export function PasswordCard() {
  const [updateAccount] = accountApi.useUpdateAccountMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PasswordFormValues>({
    resolver: zodResolver(PasswordForm),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const submit = handleSubmit(async (form) => {
    try {
      await updateAccount({ body: form }).unwrap();
      reset(EMPTY);
      toast.success(SUCCESS.accountUpdated);
    } catch (error) {
      if (!isApiFailure(error)) return;
      if (showServerFieldErrors(error, setError, PASSWORD_FIELDS)) return;
      // A refusal without field errors that names the current password still belongs on it.
      if (error.message === USER_RULES.wrongPassword) {
        setError('current_password', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      toast.error(error.message);
    }
  });

  return (
    <Card title="Password">
      <p className="mb-4 text-slate-600 text-sm leading-relaxed">
        Changing your password signs you out on every other device. You stay signed in here.
      </p>
      <form noValidate onSubmit={submit} className="space-y-5">
        <Field label="Current password" error={errors.current_password?.message}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="current-password"
              invalid={Boolean(errors.current_password)}
              {...register('current_password')}
            />
          )}
        </Field>
        <NewPasswordFields
          password={watch('new_password')}
          passwordField={register('new_password')}
          confirmationField={register('new_password_confirmation')}
          errors={{
            password: errors.new_password?.message,
            confirmation: errors.new_password_confirmation?.message,
          }}
          labels={{ password: 'New password', confirmation: 'Confirm new password' }}
        />
        <div className="flex justify-end border-slate-100 border-t pt-4">
          <Button type="submit" busy={isSubmitting}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}
