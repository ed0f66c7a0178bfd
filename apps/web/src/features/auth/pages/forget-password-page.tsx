import { zodResolver } from '@hookform/resolvers/zod';
import { authEndpoints, SUCCESS } from '@skydesk/contract';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Link } from 'react-router';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { paths } from '../../../shared/routing/paths';
import { AuthPanel, textLinkClasses } from '../../../shared/ui/auth-panel';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { authApi } from '../auth-api';

const ForgotBody = authEndpoints.forgotPassword.body;

/** /forget-password (docs/product-spec.md §2): asks for a reset link; the answer is the same for any address (docs/api.md). */
export function ForgetPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [forgotPassword] = authApi.useForgotPasswordMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ForgotBody), defaultValues: { email: '' } });

  const request = handleSubmit(async (body) => {
    try {
      await forgotPassword({ body }).unwrap();
    } catch (error) {
      showServerFieldErrors(error, setError, ['email']);
      return;
    }
    toast.success(SUCCESS.resetLinkSent);
    setSentTo(body.email);
  });

  const backToSignIn = (
    <p>
      Remembered it?{' '}
      <Link to={paths.login} className={textLinkClasses}>
        Back to sign in
      </Link>
    </p>
  );

  if (sentTo) {
    return (
      <AuthPanel
        // A new panel, not the form's re-rendered: it mounts, and its heading takes the focus.
        key="sent"
        icon={MailCheck}
        title="Check your inbox"
        focusOnMount="always"
        description={
          <p>
            If an agency account uses{' '}
            <span className="font-medium text-slate-900 wrap-anywhere">{sentTo}</span>, a link to choose a new
            password is on its way. The link works once, for 30 minutes.
          </p>
        }
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to={paths.login} className={buttonClasses('primary', 'flex-1')}>
            Back to sign in
          </Link>
          <Button variant="secondary" className="flex-1" onClick={() => setSentTo(null)}>
            Use another e-mail
          </Button>
        </div>
        <p className="mt-4 text-slate-500 text-sm">
          Nothing after a few minutes? Check your spam folder, or ask again.
        </p>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel
      icon={KeyRound}
      title="Forgot your password?"
      description="Enter the e-mail you sign in with and we'll send you a link to choose a new password."
      footer={backToSignIn}
    >
      <form noValidate onSubmit={request} className="space-y-5">
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" className="w-full" busy={isSubmitting}>
          Send reset link
        </Button>
      </form>
    </AuthPanel>
  );
}
