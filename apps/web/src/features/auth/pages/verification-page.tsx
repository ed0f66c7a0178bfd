import { ComingSoon } from '../../../shared/ui/coming-soon';

type VerificationPageProps = {
  /** spec §2: /verification-login is the same screen in login mode. */
  mode: 'registration' | 'login';
};

/** /verification and /verification-login (spec §2). Coming soon. */
export function VerificationPage({ mode }: VerificationPageProps) {
  return mode === 'login' ? (
    <ComingSoon
      title="Confirm it's you"
      description="Enter the 6-digit code we e-mailed you to continue signing in."
      headingLevel={1}
    />
  ) : (
    <ComingSoon
      title="Verify your e-mail"
      description="Enter the 6-digit code we e-mailed you to verify your agency's account."
      headingLevel={1}
    />
  );
}
