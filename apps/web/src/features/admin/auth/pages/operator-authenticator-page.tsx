import { AuthenticatorScreen } from '../../../../entities/sign-in/authenticator-screen';
import { operatorSignIn } from '../operator-sign-in';

/** /admin/authenticator: the operator's second factor, set up on the first sign-in. */
export function OperatorAuthenticatorPage() {
  return (
    <AuthenticatorScreen
      principal={operatorSignIn}
      codeHint="The 6-digit code your app shows for SkyDesk operations. It changes every 30 seconds."
      verifyIntro={(email) => <>Enter the code for {email}.</>}
      setupIntro={(email) => (
        <>
          Every operator sign-in is confirmed with a code from an authenticator app. Set it up once for{' '}
          {email}.
        </>
      )}
    />
  );
}
