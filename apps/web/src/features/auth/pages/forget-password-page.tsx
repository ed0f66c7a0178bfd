import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /forget-password (spec §2). Coming soon. */
export function ForgetPasswordPage() {
  return (
    <ComingSoon
      title="Forgot password"
      description="Request a link to reset the password of your SkyDesk account."
      headingLevel={1}
    />
  );
}
