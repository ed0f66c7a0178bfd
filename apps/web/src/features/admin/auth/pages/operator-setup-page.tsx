import { zodResolver } from '@hookform/resolvers/zod';
import { Password } from '@skydesk/contract';
import { KeyRound, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { showServerFieldErrors } from '../../../../shared/forms/server-field-errors';
import { isApiFailure } from '../../../../shared/http/api-error';
import { adminPaths } from '../../../../shared/routing/admin-paths';
import { AuthPanel, textLinkClasses } from '../../../../shared/ui/auth-panel';
import { Button } from '../../../../shared/ui/button';
import { NewPasswordFields } from '../../../../shared/ui/new-password-fields';
import { operatorAuthApi } from '../operator-auth-api';

/** The set-up body without the token (it comes from the link): same rules and messages. */
const NewPasswordForm = z
  .object({ password: Password, password_confirmation: z.string() })
  .refine((form) => form.password === form.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The passwords do not match',
  });

/** What the operator sees after choosing a password. */
export const PASSWORD_SET = 'Password set. Sign in with it to set up your authenticator app.';

/** /admin/setup?token=…: a new operator chooses a password from the link they were e-mailed. */
export function OperatorSetupPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return token ? <ChoosePassword token={token} /> : <LinkProblem reason="missing" />;
}

function LinkProblem({ reason }: { reason: 'missing' | 'expired' }) {
  return (
    <AuthPanel
      icon={LinkIcon}
      eyebrow="SkyDesk operations"
      title={reason === 'missing' ? 'This page needs your set-up link' : 'This set-up link no longer works'}
      focusOnMount={reason === 'expired' ? 'always' : 'arrival'}
      description={
        reason === 'missing'
          ? 'Open the link from the e-mail that invited you to SkyDesk operations; it carries the key to this page.'
          : 'Set-up links work once and for a limited time. Ask another operator to send you a new one.'
      }
      footer={
        <p>
          <Link to={adminPaths.login} className={textLinkClasses}>
            Operator sign-in
          </Link>
        </p>
      }
    />
  );
}

function ChoosePassword({ token }: { token: string }) {
  const navigate = useNavigate();
  const [linkDead, setLinkDead] = useState(false);
  const [setupPassword] = operatorAuthApi.useOperatorSetupPasswordMutation();
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

  const save = handleSubmit(async (form) => {
    try {
      await setupPassword({ body: { token, ...form } }).unwrap();
    } catch (error) {
      if (isApiFailure(error) && error.fieldErrors.token) setLinkDead(true);
      else showServerFieldErrors(error, setError, ['password', 'password_confirmation']);
      return;
    }
    toast.success(PASSWORD_SET);
    navigate(adminPaths.login, { replace: true });
  });

  if (linkDead) return <LinkProblem reason="expired" />;

  return (
    <AuthPanel
      icon={KeyRound}
      eyebrow="SkyDesk operations"
      title="Choose your password"
      description="You sign in to the operator console with it and a code from your authenticator app."
    >
      <form noValidate onSubmit={save} className="space-y-5">
        <NewPasswordFields
          password={watch('password')}
          passwordField={register('password')}
          confirmationField={register('password_confirmation')}
          errors={{ password: errors.password?.message, confirmation: errors.password_confirmation?.message }}
        />
        <Button type="submit" className="w-full" busy={isSubmitting}>
          Set password
        </Button>
      </form>
    </AuthPanel>
  );
}
