import { MailCheck, MailQuestion } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isDeadChallenge } from '../../../entities/sign-in/sign-in-principal';
import { StartOver } from '../../../entities/sign-in/start-over';
import { CodeForm } from '../../../shared/forms/code-form';
import { isApiFailure } from '../../../shared/http/api-error';
import { type CodeSentState, paths } from '../../../shared/routing/paths';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { Alert } from '../../../shared/ui/alert';
import { AuthPanel, textLinkClasses } from '../../../shared/ui/auth-panel';
import { agencySignIn } from '../agency-sign-in';
import { authApi } from '../auth-api';
import { ResendCode } from '../components/resend-code';
import { challengeAdvanced, challengeEnded, type SignInChallenge, selectChallenge } from '../sign-in-slice';
import { SIGN_IN_STEP_PATH } from '../sign-in-steps';
import type { LoginLocationState } from './login-page';

type VerificationPageProps = {
  /** docs/product-spec.md §2: /verification-login is the same screen in login mode. */
  mode: 'registration' | 'login';
};

/**
 * /verification (after registering: the e-mail's code verifies the agency's owner) and
 * /verification-login (a sign-in step when the e-mail is not verified yet). One screen, two
 * sets of calls (docs/api.md).
 */
export function VerificationPage({ mode }: VerificationPageProps) {
  return mode === 'login' ? <LoginCodeStep /> : <EmailVerification />;
}

/** The address the code went to, in full: a typo in it is the usual reason no code arrives. */
function SentTo({ email }: { email: string }) {
  return <span className="font-medium text-slate-900 wrap-anywhere">{email}</span>;
}

function EmailVerification() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [verifyEmail] = authApi.useVerifyEmailMutation();
  const [resendEmailCode] = authApi.useResendEmailCodeMutation();
  // Kept in the URL (not in memory) so a reload of this screen still knows the address.
  const email = searchParams.get('email')?.trim() ?? '';
  const codeSentAt = (location.state as CodeSentState)?.codeSentAt ?? null;

  if (!email) {
    return (
      <AuthPanel
        icon={MailQuestion}
        title="Verify your e-mail"
        description="This page needs the e-mail address the code was sent to."
        footer={<SignInInstead />}
      >
        <Alert>
          Signing in with that address asks for a new code when it is not verified yet. No account yet?{' '}
          <Link to={paths.registration} className={textLinkClasses}>
            Register your agency
          </Link>
          .
        </Alert>
      </AuthPanel>
    );
  }

  const goToSignIn = () => {
    const state: LoginLocationState = { email };
    navigate(paths.login, { replace: true, state });
  };

  const verify = async (code: string) => {
    try {
      await verifyEmail({ body: { email, code } }).unwrap();
    } catch (error) {
      // 409: verified already (another tab, an earlier visit): nothing left to do here.
      if (isApiFailure(error) && error.status === 409) return goToSignIn();
      throw error;
    }
    toast.success('Your e-mail is verified. Sign in to continue.');
    goToSignIn();
  };

  return (
    <AuthPanel
      icon={MailCheck}
      eyebrow="Step 2 of 2"
      title="Verify your e-mail"
      description={
        <p>
          We sent a 6-digit code to <SentTo email={email} />. Enter it below to activate your agency's
          account. The code works once, for 10 minutes.
        </p>
      }
      footer={<SignInInstead />}
    >
      <CodeForm label="Verification code" submitLabel="Verify e-mail" onSubmit={verify}>
        <ResendCode
          lastSentAt={codeSentAt}
          onResend={async () => {
            await resendEmailCode({ body: { email } }).unwrap();
          }}
        />
      </CodeForm>
    </AuthPanel>
  );
}

function LoginCodeStep() {
  const challenge = useAppSelector(selectChallenge);
  // Only reachable in the middle of a sign-in: the challenge lives in memory, so a reload starts over.
  if (!challenge) return <Navigate to={paths.login} replace />;
  if (challenge.next !== 'verify_email') return <Navigate to={SIGN_IN_STEP_PATH[challenge.next]} replace />;
  return <LoginCodeForm challenge={challenge} />;
}

function LoginCodeForm({ challenge }: { challenge: SignInChallenge }) {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const codeSentAt = (location.state as CodeSentState)?.codeSentAt ?? null;
  const { email, token } = challenge;
  const [verifyLoginCode] = authApi.useVerifyLoginCodeMutation();
  const [resendLoginCode] = authApi.useResendLoginCodeMutation();

  const endOnDeadChallenge = (error: unknown): never => {
    if (isDeadChallenge(error)) dispatch(challengeEnded());
    throw error;
  };

  const verify = async (code: string) => {
    const step = await verifyLoginCode({ body: { email, code, challenge_token: token } })
      .unwrap()
      .catch(endOnDeadChallenge);
    // The screen follows the challenge: the next step's screen replaces this one (the
    // authenticator's screen says to check the app; no toast outlives the step).
    dispatch(challengeAdvanced(step));
  };

  return (
    <AuthPanel
      icon={MailCheck}
      title="Confirm it's you"
      description={
        <p>
          Your e-mail address isn't verified yet. We sent a 6-digit code to <SentTo email={email} /> to
          continue signing in.
        </p>
      }
      footer={<StartOver principal={agencySignIn} />}
    >
      <CodeForm label="Verification code" submitLabel="Continue" onSubmit={verify}>
        <ResendCode
          lastSentAt={codeSentAt}
          onResend={async () => {
            await resendLoginCode({ body: { email, challenge_token: token } })
              .unwrap()
              .catch(endOnDeadChallenge);
          }}
        />
      </CodeForm>
    </AuthPanel>
  );
}

function SignInInstead() {
  return (
    <p>
      Already verified?{' '}
      <Link to={paths.login} className={textLinkClasses}>
        Sign in
      </Link>
    </p>
  );
}

/** Leaves a sign-in half-way: the challenge is dropped and the sign-in starts again. */
