import { zodResolver } from '@hookform/resolvers/zod';
import { Password, SUCCESS } from '@skydesk/contract';
import { KeyRound, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { isApiFailure } from '../../../shared/http/api-error';
import { paths } from '../../../shared/routing/paths';
import { Alert } from '../../../shared/ui/alert';
import { AuthPanel, textLinkClasses } from '../../../shared/ui/auth-panel';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields';
import { authApi } from '../auth-api';

/** The contract's reset body without the token (it comes from the link), same rules and messages. */
export const NewPasswordForm = z
  .object({ password: Password, password_confirmation: z.string() })
  .refine((form) => form.password === form.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The passwords do not match',
  });

/** /reset-password?token=… (docs/product-spec.md §2): a new password from the e-mailed link. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return token ? <NewPassword token={token} /> : <LinkProblem reason="missing" />;
}

function LinkProblem({ reason }: { reason: 'missing' | 'expired' }) {
  return (
    <AuthPanel
      icon={LinkIcon}
      title={reason === 'missing' ? 'This page needs your reset link' : 'This reset link no longer works'}
      focusOnMount={reason === 'expired' ? 'always' : 'arrival'}
      description={
        reason === 'missing'
          ? 'Open the link from the password reset e-mail we sent you; it carries the key to this page.'
          : 'Reset links work once, for 30 minutes. Ask for a new one and use the latest e-mail.'
      }
      footer={
        <p>
          Remembered it?{' '}
          <Link to={paths.login} className={textLinkClasses}>
            Back to sign in
          </Link>
        </p>
      }
    >
      <Link to={paths.forgetPassword} className={buttonClasses('primary', 'w-full')}>
        Request a new link
      </Link>
    </AuthPanel>
  );
}

function NewPassword({ token }: { token: string }) {
  const navigate = useNavigate();
  const [linkDead, setLinkDead] = useState(false);
  const [resetPassword] = authApi.useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(NewPasswordForm),
    mode: 'onTouched',
    defaultValues: { password: '', password_confirmation: '' },
  });
  const password = watch('password');

  const save = handleSubmit(async (form) => {
    try {
      await resetPassword({ body: { token, ...form } }).unwrap();
    } catch (error) {
      if (isApiFailure(error) && error.fieldErrors.token) setLinkDead(true);
      else showServerFieldErrors(error, setError, ['password', 'password_confirmation']);
      return;
    }
    toast.success(SUCCESS.passwordReset);
    navigate(paths.login, { replace: true });
  });

  if (linkDead) return <LinkProblem reason="expired" />;

  return (
    <AuthPanel
      icon={KeyRound}
      title="Choose a new password"
      description="Your new password replaces the old one everywhere, and signs you out of every device."
      footer={
        <p>
          <Link to={paths.login} className={textLinkClasses}>
            Back to sign in
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={save} className="space-y-5">
        <NewPasswordFields
          password={password}
          passwordField={register('password')}
          confirmationField={register('password_confirmation')}
          errors={{ password: errors.password?.message, confirmation: errors.password_confirmation?.message }}
          labels={{ password: 'New password', confirmation: 'Confirm new password' }}
        />
        <Alert tone="info">Signing in afterwards still asks for the code from your authenticator app.</Alert>
        <Button type="submit" className="w-full" busy={isSubmitting}>
          Reset password
        </Button>
      </form>
    </AuthPanel>
  );
}
