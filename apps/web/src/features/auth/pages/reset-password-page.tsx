import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /reset-password (spec §2). Coming soon. */
export function ResetPasswordPage() {
  return (
    <ComingSoon
      title="Reset password"
      description="Choose a new password from the reset link we e-mailed you."
      headingLevel={1}
    />
  );
}
