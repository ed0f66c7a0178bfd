import { AuthenticatorScreen } from '../../../entities/sign-in/authenticator-screen';
import { agencySignIn } from '../agency-sign-in';

/**
 * /qr-code-scan (docs/product-spec.md §2): the second factor. `setup_2fa`: the QR code to scan (and its key to
 * type), then the first code; `verify_2fa`: the code only (docs/api.md login steps).
 */
export function QrCodeScanPage() {
  return (
    <AuthenticatorScreen
      principal={agencySignIn}
      codeHint="The 6-digit code SkyDesk shows in your app. It changes every 30 seconds."
      verifyIntro={(email) => <>Enter the 6-digit code your authenticator app shows for SkyDesk ({email}).</>}
      setupIntro={(email) => (
        <>
          Every sign-in to SkyDesk is confirmed with a code from an authenticator app (Google Authenticator,
          Microsoft Authenticator, 1Password or similar). Set it up once for {email}.
        </>
      )}
    />
  );
}
