import { SUCCESS } from '@skydesk/contract';
import { ShieldCheck, Smartphone } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { CodeForm } from '../../shared/forms/code-form';
import { useAppDispatch } from '../../shared/store/hooks';
import { Alert } from '../../shared/ui/alert';
import { AuthPanel } from '../../shared/ui/auth-panel';
import { AuthenticatorEnrolment } from '../../shared/ui/authenticator-enrolment';
import { Button } from '../../shared/ui/button';
import { ScreenLoader, Spinner } from '../../shared/ui/spinner';
import { isDeadChallenge, type SignInChallenge, type SignInPrincipal } from './sign-in-principal';
import { StartOver } from './start-over';

type AuthenticatorScreenProps<Session> = {
  principal: SignInPrincipal<Session>;
  /** Under the code field: where the code is found ("The 6-digit code SkyDesk shows in your app"). */
  codeHint: string;
  /** What the code step says after 'Check your authenticator app', for this e-mail address. */
  verifyIntro: (email: ReactNode) => ReactNode;
  /** Why and for whom the authenticator is set up, on a first sign-in. */
  setupIntro: (email: ReactNode) => ReactNode;
};

/** The address signing in, whole: a long one wraps rather than widening the card. */
const Email = ({ email }: { email: string }) => <span className="wrap-anywhere">{email}</span>;

/**
 * The second factor (docs/api.md login steps). `setup_2fa`: the QR code to scan (and its key to
 * type), then the first code; `verify_2fa`: the code only. The challenge lives in memory: a
 * reload starts the sign-in over.
 */
export function AuthenticatorScreen<Session>({
  principal,
  codeHint,
  verifyIntro,
  setupIntro,
}: AuthenticatorScreenProps<Session>) {
  const challenge = principal.useChallenge();
  const signedIn = principal.useSignedIn();
  const returnTo = principal.useReturnTo();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const verifyAuthenticator = principal.useVerifyAuthenticator();
  const [signingIn, setSigningIn] = useState(false);

  if (signingIn) return <ScreenLoader />;
  if (!challenge) return <Navigate to={signedIn ? principal.paths.home : principal.paths.login} replace />;
  if (challenge.next === 'verify_email') return <Navigate to={principal.stepPath(challenge.next)} replace />;

  const verify = async (code: string) => {
    let session: Session;
    try {
      session = await verifyAuthenticator(challenge.token, code);
    } catch (error) {
      if (isDeadChallenge(error)) dispatch(principal.challengeEnded());
      throw error;
    }
    setSigningIn(true);
    await dispatch(principal.startSession(session));
    dispatch(principal.challengeEnded());
    navigate(returnTo ?? principal.paths.home, { replace: true });
  };

  const codeForm = (
    <CodeForm label="Authenticator code" hint={codeHint} submitLabel="Verify and sign in" onSubmit={verify} />
  );
  const footer = <StartOver principal={principal} />;

  if (challenge.next === 'verify_2fa') {
    return (
      <AuthPanel
        icon={ShieldCheck}
        eyebrow={principal.eyebrow}
        title="Two-step verification"
        description={
          <>
            {/* docs/product-spec.md §8's words, as this step's guidance: announced when the step appears, gone with it. */}
            <p role="status" className="font-medium text-slate-800">
              {SUCCESS.checkAuthenticator}.
            </p>
            <p className="mt-1">{verifyIntro(<Email email={challenge.email} />)}</p>
          </>
        }
        footer={footer}
      >
        {codeForm}
      </AuthPanel>
    );
  }

  return (
    <AuthPanel
      icon={Smartphone}
      eyebrow={principal.eyebrow}
      title="Set up your authenticator app"
      description={<p>{setupIntro(<Email email={challenge.email} />)}</p>}
      footer={footer}
    >
      <ol className="space-y-6">
        <li className="flex gap-3">
          <StepNumber n={1} />
          <div className="min-w-0 flex-1">
            <h2 className="font-medium text-slate-900">Scan this QR code with the app</h2>
            <EnrolmentCode principal={principal} challenge={challenge} />
          </div>
        </li>
        <li className="flex gap-3">
          <StepNumber n={2} />
          <div className="min-w-0 flex-1">
            <h2 className="font-medium text-slate-900">Enter the code the app shows</h2>
            <p className="mt-1 mb-4 text-slate-600 text-sm">{SUCCESS.checkAuthenticator}.</p>
            {codeForm}
          </div>
        </li>
      </ol>
    </AuthPanel>
  );
}

function StepNumber({ n }: { n: number }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-600 font-semibold text-sm text-white"
    >
      {n}
    </span>
  );
}

/** The QR code of this challenge (generate-qrcode, Bearer = the challenge token) and the same key to type in. */
function EnrolmentCode<Session>({
  principal,
  challenge,
}: {
  principal: SignInPrincipal<Session>;
  challenge: SignInChallenge;
}) {
  const dispatch = useAppDispatch();
  const { currentData: enrolment, error, isError, refetch } = principal.useEnrolment(challenge.token);
  const dead = isError && isDeadChallenge(error);

  useEffect(() => {
    if (dead) dispatch(principal.challengeEnded());
  }, [dead, dispatch, principal]);

  if (isError && !dead) {
    return (
      <Alert tone="error" className="mt-3" title="The QR code could not be loaded.">
        <Button variant="secondary" className="mt-2" onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (!enrolment) {
    return (
      <div className="mt-3 flex h-48 items-center justify-center rounded-xl border border-slate-200 border-dashed">
        <Spinner label="Loading the QR code" />
      </div>
    );
  }
  return <AuthenticatorEnrolment qrCode={enrolment.qr_code} otpauthUrl={enrolment.otpauth_url} />;
}
