import { zodResolver } from '@hookform/resolvers/zod';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { showServerFieldErrors } from '../../shared/forms/server-field-errors';
import { useAppDispatch } from '../../shared/store/hooks';
import { AuthPanel } from '../../shared/ui/auth-panel';
import { Button } from '../../shared/ui/button';
import { Field, TextField } from '../../shared/ui/field';
import { PasswordInput } from '../../shared/ui/password-input';
import type { SignInPrincipal } from './sign-in-principal';

/**
 * What the sign-in screen may be given in its location state: where the principal was going
 * (from a guard that sent it here) and the e-mail to start from (after verifying or resetting).
 */
export type SignInLocationState = { from?: string; email?: string } | null;

type SignInScreenProps<Session> = {
  principal: SignInPrincipal<Session>;
  icon: LucideIcon;
  title: string;
  description: string;
  /** Beside the password's label: the way to a forgotten password, where there is one. */
  passwordAside?: ReactNode;
  /** Below the card: the way to the other public screens. */
  footer?: ReactNode;
};

/** The first step of a sign-in: e-mail and password, then the step the server names (docs/api.md login steps). */
export function SignInScreen<Session>({
  principal,
  icon,
  title,
  description,
  passwordAside,
  footer,
}: SignInScreenProps<Session>) {
  const state = useLocation().state as SignInLocationState;
  const returnTo = state?.from ?? null;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const login = principal.useLogin();
  const signedIn = principal.useSignedIn();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(principal.loginBody),
    defaultValues: { email: state?.email ?? '', password: '' },
  });

  if (signedIn) return <Navigate to={returnTo ?? principal.paths.home} replace />;

  const signIn = handleSubmit(async (body) => {
    try {
      // A 401 here is a wrong e-mail or password, not an ended session: the server's message shows.
      const step = await login(body);
      dispatch(principal.challengeIssued(step, returnTo));
      // The next step's screen says what to do (docs/product-spec.md §8's words): no toast outlives it.
      navigate(principal.stepPath(step.next), { state: principal.stepState(step.next, returnTo) });
    } catch (error) {
      showServerFieldErrors(error, setError, ['email', 'password']);
    }
  });

  return (
    <AuthPanel
      icon={icon}
      eyebrow={principal.eyebrow}
      title={title}
      description={description}
      footer={footer}
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
        <Field label="Password" error={errors.password?.message} labelAside={passwordAside}>
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
