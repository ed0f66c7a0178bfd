import { Link } from 'react-router';
import { PasswordLinkScreen } from '../../../../entities/sign-in/password-link-screen';
import { adminPaths } from '../../../../shared/routing/admin-paths';
import { textLinkClasses } from '../../../../shared/ui/auth-panel';
import { operatorSignIn } from '../operator-sign-in';

/** What the operator sees after choosing a password. */
export const PASSWORD_SET = 'Password set. Sign in with it to set up your authenticator app.';

/** /admin/setup?token=…: a new operator chooses a password from the link they were e-mailed. */
export function OperatorSetupPage() {
  return (
    <PasswordLinkScreen
      principal={operatorSignIn}
      link="set-up"
      missingLink="Open the link from the e-mail that invited you to SkyDesk operations; it carries the key to this page."
      deadLink="Set-up links work once and for a limited time. Ask another operator to send you a new one."
      linkProblemFooter={
        <p>
          <Link to={adminPaths.login} className={textLinkClasses}>
            Operator sign-in
          </Link>
        </p>
      }
      title="Choose your password"
      description="You sign in to the operator console with it and a code from your authenticator app."
      submitLabel="Set password"
      done={PASSWORD_SET}
    />
  );
}
