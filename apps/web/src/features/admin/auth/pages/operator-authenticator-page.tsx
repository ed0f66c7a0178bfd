import { SUCCESS } from '@skydesk/contract';
import { ShieldCheck, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { CodeForm } from '../../../../shared/forms/code-form';
import { isApiFailure } from '../../../../shared/http/api-error';
import {
  type OperatorChallenge,
  operatorChallengeEnded,
  selectOperatorChallenge,
  selectOperatorSignedIn,
} from '../../../../shared/operator-session/operator-session-slice';
import { type AdminLoginRedirectState, adminPaths } from '../../../../shared/routing/admin-paths';
import { useAppDispatch, useAppSelector } from '../../../../shared/store/hooks';
import { Alert } from '../../../../shared/ui/alert';
import { AuthPanel, textLinkClasses } from '../../../../shared/ui/auth-panel';
import { AuthenticatorEnrolment } from '../../../../shared/ui/authenticator-enrolment';
import { Button } from '../../../../shared/ui/button';
import { ScreenLoader, Spinner } from '../../../../shared/ui/spinner';
import { startOperatorSession } from '../../session/operator-session';
import { operatorAuthApi } from '../operator-auth-api';

/** A 401 from a sign-in step: the challenge is over (expired, used, too many wrong codes). */
const isDeadChallenge = (error: unknown): boolean => isApiFailure(error) && error.status === 401;

/**
 * /admin/authenticator: the operator's second factor. `setup_2fa` (first sign-in): the QR code to
 * scan and the first code; `verify_2fa`: the code only. The challenge lives in memory: a reload
 * starts the sign-in over.
 */
export function OperatorAuthenticatorPage() {
  const challenge = useAppSelector(selectOperatorChallenge);
  const signedIn = useAppSelector(selectOperatorSignedIn);
  const location = useLocation();
  const from = (location.state as AdminLoginRedirectState)?.from ?? null;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [verifyAuthenticator] = operatorAuthApi.useOperatorVerifyAuthenticatorMutation();
  const [signingIn, setSigningIn] = useState(false);

  if (signingIn) return <ScreenLoader />;
  if (!challenge) return <Navigate to={signedIn ? adminPaths.home : adminPaths.login} replace />;

  const verify = async (code: string) => {
    try {
      const session = await verifyAuthenticator({ body: { code }, bearerToken: challenge.token }).unwrap();
      setSigningIn(true);
      dispatch(startOperatorSession(session));
      navigate(from ?? adminPaths.home, { replace: true });
    } catch (error) {
      if (isDeadChallenge(error)) dispatch(operatorChallengeEnded());
      throw error;
    }
  };

  const codeForm = (
    <CodeForm
      label="Authenticator code"
      hint="The 6-digit code your app shows for SkyDesk operations. It changes every 30 seconds."
      submitLabel="Verify and sign in"
      onSubmit={verify}
    />
  );
  const startOver = (
    <p>
      Not you, or stuck?{' '}
      <Link
        to={adminPaths.login}
        onClick={() => dispatch(operatorChallengeEnded())}
        className={textLinkClasses}
      >
        Start over
      </Link>
    </p>
  );

  if (challenge.next === 'verify_2fa') {
    return (
      <AuthPanel
        icon={ShieldCheck}
        eyebrow="SkyDesk operations"
        title="Two-step verification"
        description={
          <>
            <p role="status" className="font-medium text-slate-800">
              {SUCCESS.checkAuthenticator}.
            </p>
            <p className="mt-1">
              Enter the code for <span className="wrap-anywhere">{challenge.email}</span>.
            </p>
          </>
        }
        footer={startOver}
      >
        {codeForm}
      </AuthPanel>
    );
  }

  return (
    <AuthPanel
      icon={Smartphone}
      eyebrow="SkyDesk operations"
      title="Set up your authenticator app"
      description={
        <p>
          Every operator sign-in is confirmed with a code from an authenticator app. Set it up once for{' '}
          <span className="wrap-anywhere">{challenge.email}</span>.
        </p>
      }
      footer={startOver}
    >
      <ol className="space-y-6">
        <li>
          <h2 className="font-medium text-slate-900">1. Scan this QR code with the app</h2>
          <Enrolment challenge={challenge} />
        </li>
        <li>
          <h2 className="mb-4 font-medium text-slate-900">2. Enter the code the app shows</h2>
          {codeForm}
        </li>
      </ol>
    </AuthPanel>
  );
}

/** The QR code of this challenge (generate-qrcode, Bearer = the challenge token). */
function Enrolment({ challenge }: { challenge: OperatorChallenge }) {
  const dispatch = useAppDispatch();
  const { currentData, error, isError, refetch } = operatorAuthApi.useOperatorEnrolmentQuery({
    bearerToken: challenge.token,
  });
  const dead = isError && isDeadChallenge(error);
  useEffect(() => {
    if (dead) dispatch(operatorChallengeEnded());
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
  if (!currentData) {
    return (
      <div className="mt-3 flex h-48 items-center justify-center rounded-xl border border-slate-200 border-dashed">
        <Spinner label="Loading the QR code" />
      </div>
    );
  }
  return <AuthenticatorEnrolment qrCode={currentData.qr_code} otpauthUrl={currentData.otpauth_url} />;
}
