import type { Session } from '@skydesk/contract';
import { SUCCESS } from '@skydesk/contract';
import { ShieldCheck, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { CodeForm } from '../../../shared/forms/code-form';
import { paths } from '../../../shared/routing/paths';
import { selectSessionToken } from '../../../shared/session/session-slice';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { Alert } from '../../../shared/ui/alert';
import { AuthPanel } from '../../../shared/ui/auth-panel';
import { AuthenticatorEnrolment } from '../../../shared/ui/authenticator-enrolment';
import { Button } from '../../../shared/ui/button';
import { ScreenLoader, Spinner } from '../../../shared/ui/spinner';
import { authApi } from '../auth-api';
import { challengeEnded, type SignInChallenge, selectChallenge, selectReturnTo } from '../sign-in-slice';
import { isDeadChallenge, SIGN_IN_STEP_PATH } from '../sign-in-steps';
import { startSession } from '../start-session';
import { StartOver } from './verification-page';

/**
 * /qr-code-scan (docs/product-spec.md §2): the second factor. `setup_2fa`: the QR code to scan (and its key to
 * type), then the first code; `verify_2fa`: the code only (docs/api.md login steps).
 */
export function QrCodeScanPage() {
  const challenge = useAppSelector(selectChallenge);
  const returnTo = useAppSelector(selectReturnTo);
  const signedIn = useAppSelector(selectSessionToken) !== null;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signingIn, setSigningIn] = useState(false);
  const [verifyAuthenticator] = authApi.useVerifyAuthenticatorMutation();

  if (signingIn) return <ScreenLoader />;
  // Only reachable in the middle of a sign-in: the challenge lives in memory, so a reload starts over.
  if (!challenge) return <Navigate to={signedIn ? paths.dashboard.home : paths.login} replace />;
  if (challenge.next === 'verify_email') return <Navigate to={SIGN_IN_STEP_PATH.verify_email} replace />;

  const finishSignIn = async (session: Session) => {
    setSigningIn(true);
    await dispatch(startSession(session));
    dispatch(challengeEnded());
    navigate(returnTo ?? paths.dashboard.home, { replace: true });
  };

  const verify = async (code: string) => {
    try {
      const session = await verifyAuthenticator({ body: { code }, bearerToken: challenge.token }).unwrap();
      await finishSignIn(session);
    } catch (error) {
      if (isDeadChallenge(error)) dispatch(challengeEnded());
      throw error;
    }
  };

  const codeForm = (
    <CodeForm
      label="Authenticator code"
      hint="The 6-digit code SkyDesk shows in your app. It changes every 30 seconds."
      submitLabel="Verify and sign in"
      onSubmit={verify}
    />
  );

  if (challenge.next === 'verify_2fa') {
    return (
      <AuthPanel
        icon={ShieldCheck}
        title="Two-step verification"
        description={
          <>
            {/* docs/product-spec.md §8's words, as this step's guidance: announced when the step appears, gone with it. */}
            <p role="status" className="font-medium text-slate-800">
              {SUCCESS.checkAuthenticator}.
            </p>
            <p className="mt-1">
              Enter the 6-digit code your authenticator app shows for SkyDesk (
              <span className="wrap-anywhere">{challenge.email}</span>).
            </p>
          </>
        }
        footer={<StartOver />}
      >
        {codeForm}
      </AuthPanel>
    );
  }

  return (
    <AuthPanel
      icon={Smartphone}
      title="Set up your authenticator app"
      description={
        <p>
          Every sign-in to SkyDesk is confirmed with a code from an authenticator app (Google Authenticator,
          Microsoft Authenticator, 1Password or similar). Set it up once for{' '}
          <span className="wrap-anywhere">{challenge.email}</span>.
        </p>
      }
      footer={<StartOver />}
    >
      <ol className="space-y-6">
        <li className="flex gap-3">
          <StepNumber n={1} />
          <div className="min-w-0 flex-1">
            <h2 className="font-medium text-slate-900">Scan this QR code with the app</h2>
            <EnrolmentCode challenge={challenge} />
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

/**
 * The QR code from generate-qrcode (Bearer = the challenge token) and the same key to type in:
 * one call per challenge, shared by whoever asks while it runs (StrictMode runs effects twice).
 */
function EnrolmentCode({ challenge }: { challenge: SignInChallenge }) {
  const dispatch = useAppDispatch();
  const {
    currentData: enrolment,
    error,
    isError,
    refetch,
  } = authApi.useEnrolmentQuery({ bearerToken: challenge.token });
  const dead = isError && isDeadChallenge(error);

  useEffect(() => {
    if (dead) dispatch(challengeEnded());
  }, [dead, dispatch]);

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
