import { SUCCESS } from '@skydesk/contract';
import { Link } from 'react-router';
import { PasswordLinkScreen } from '../../../entities/sign-in/password-link-screen';
import { paths } from '../../../shared/routing/paths';
import { Alert } from '../../../shared/ui/alert';
import { textLinkClasses } from '../../../shared/ui/auth-panel';
import { buttonClasses } from '../../../shared/ui/button';
import { agencySignIn } from '../agency-sign-in';

/** /reset-password?token=… (docs/product-spec.md §2): a new password from the e-mailed link. */
export function ResetPasswordPage() {
  return (
    <PasswordLinkScreen
      principal={agencySignIn}
      link="reset"
      missingLink="Open the link from the password reset e-mail we sent you; it carries the key to this page."
      deadLink="Reset links work once, for 30 minutes. Ask for a new one and use the latest e-mail."
      newLinkAction={
        <Link to={paths.forgetPassword} className={buttonClasses('primary', 'w-full')}>
          Request a new link
        </Link>
      }
      linkProblemFooter={
        <p>
          Remembered it?{' '}
          <Link to={paths.login} className={textLinkClasses}>
            Back to sign in
          </Link>
        </p>
      }
      title="Choose a new password"
      description="Your new password replaces the old one everywhere, and signs you out of every device."
      footer={
        <p>
          <Link to={paths.login} className={textLinkClasses}>
            Back to sign in
          </Link>
        </p>
      }
      labels={{ password: 'New password', confirmation: 'Confirm new password' }}
      note={
        <Alert tone="info">Signing in afterwards still asks for the code from your authenticator app.</Alert>
      }
      submitLabel="Reset password"
      done={SUCCESS.passwordReset}
    />
  );
}
