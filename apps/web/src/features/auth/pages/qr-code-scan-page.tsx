import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /qr-code-scan (spec §2). Coming soon. */
export function QrCodeScanPage() {
  return (
    <ComingSoon
      title="Authenticator app"
      description="Scan the QR code with your authenticator app, then enter its 6-digit code to finish signing in."
      headingLevel={1}
    />
  );
}
