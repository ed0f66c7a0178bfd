import { ComingSoon } from '../../../shared/ui/coming-soon';

/** / (spec §2). Coming soon. */
export function LoginPage() {
  return (
    <ComingSoon
      title="Sign in"
      description="Sign in with your company e-mail and password, then confirm it is you with your authenticator app."
      headingLevel={1}
    />
  );
}
