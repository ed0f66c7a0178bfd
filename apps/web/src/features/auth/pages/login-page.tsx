import { zodResolver } from '@hookform/resolvers/zod';
import { authEndpoints } from '@skydesk/contract';
import { LogIn } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { paths } from '../../../shared/routing/paths';
import { selectSignedIn } from '../../../shared/session/session-slice';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { AuthPanel, textLinkClasses } from '../../../shared/ui/auth-panel';
import { Button } from '../../../shared/ui/button';
import { Field, TextField } from '../../../shared/ui/field';
import { PasswordInput } from '../../../shared/ui/password-input';
import { authApi } from '../auth-api';
import { challengeIssued } from '../sign-in-slice';
import { useGoToSignInStep } from '../sign-in-steps';

/**
 * What the login screen may be given in its location state: where the user was going (from the
 * dashboard's guard) and the e-mail to start from (after verifying or resetting).
 */
export type LoginLocationState = { from?: string; email?: string } | null;

const LoginBody = authEndpoints.login.body;

/** / (docs/product-spec.md §2): e-mail and password, then the step the server names (docs/api.md login steps). */
export function LoginPage() {
  const location = useLocation();
  const state = location.state as LoginLocationState;
  const dispatch = useAppDispatch();
  const goToStep = useGoToSignInStep();
  const [login] = authApi.useLoginMutation();
  const signedIn = useAppSelector(selectSignedIn);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(LoginBody),
    defaultValues: { email: state?.email ?? '', password: '' },
  });

  if (signedIn) return <Navigate to={state?.from ?? paths.dashboard.home} replace />;

  const signIn = handleSubmit(async (body) => {
    try {
      // A 401 here is a wrong e-mail or password, not an ended session: the server's message shows.
      const step = await login({ body }).unwrap();
      dispatch(challengeIssued({ step, returnTo: state?.from ?? null }));
      goToStep(step.next);
    } catch (error) {
      showServerFieldErrors(error, setError, ['email', 'password']);
    }
  });

  return (
    <AuthPanel
      icon={LogIn}
      title="Sign in"
      description="Welcome back. Sign in with your agency e-mail and password."
      footer={
        <p>
          New to SkyDesk?{' '}
          <Link to={paths.registration} className={textLinkClasses}>
            Create an agency account
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={signIn} className="space-y-5">
        <TextField
          label="E-mail"
          type="email"
          autoComplete="username"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          label="Password"
          error={errors.password?.message}
          labelAside={
            <Link to={paths.forgetPassword} className={`${textLinkClasses} text-sm`}>
              Forgot password?
            </Link>
          }
        >
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="current-password"
              invalid={Boolean(errors.password)}
              {...register('password')}
            />
          )}
        </Field>
        <Button type="submit" className="w-full" busy={isSubmitting}>
          Sign in
        </Button>
      </form>
    </AuthPanel>
  );
}
