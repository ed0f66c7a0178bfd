import { zodResolver } from '@hookform/resolvers/zod';
import { adminAuthEndpoints } from '@skydesk/contract';
import { ShieldHalf } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { showServerFieldErrors } from '../../../../shared/forms/server-field-errors';
import {
  operatorChallengeIssued,
  selectOperatorSignedIn,
} from '../../../../shared/operator-session/operator-session-slice';
import { type AdminLoginRedirectState, adminPaths } from '../../../../shared/routing/admin-paths';
import { useAppDispatch, useAppSelector } from '../../../../shared/store/hooks';
import { AuthPanel } from '../../../../shared/ui/auth-panel';
import { Button } from '../../../../shared/ui/button';
import { Field, TextField } from '../../../../shared/ui/field';
import { PasswordInput } from '../../../../shared/ui/password-input';
import { operatorAuthApi } from '../operator-auth-api';

const LoginBody = adminAuthEndpoints.login.body;

/** /admin/login: an operator's e-mail and password, then the authenticator step. */
export function OperatorLoginPage() {
  const location = useLocation();
  const from = (location.state as AdminLoginRedirectState)?.from ?? null;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectOperatorSignedIn);
  const [login] = operatorAuthApi.useOperatorLoginMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(LoginBody), defaultValues: { email: '', password: '' } });

  if (signedIn) return <Navigate to={from ?? adminPaths.home} replace />;

  const signIn = handleSubmit(async (body) => {
    try {
      // A 401 here is a wrong e-mail or password: the server's message is toasted.
      const step = await login({ body }).unwrap();
      dispatch(operatorChallengeIssued({ email: step.email, next: step.next, token: step.challenge_token }));
      // The authenticator's screen says to check the app (docs/product-spec.md §8's words); no toast outlives it.
      const state: AdminLoginRedirectState = from ? { from } : null;
      navigate(adminPaths.authenticator, { state });
    } catch (error) {
      showServerFieldErrors(error, setError, ['email', 'password']);
    }
  });

  return (
    <AuthPanel
      icon={ShieldHalf}
      eyebrow="SkyDesk operations"
      title="Operator sign-in"
      description="For SkyDesk staff: review agencies, decide deposits and refunds, answer support and publish news."
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
        <Field label="Password" error={errors.password?.message}>
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
