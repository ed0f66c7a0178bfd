import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { type SignInLocationState, SignInScreen } from '../../../entities/sign-in/sign-in-screen';
import { paths } from '../../../shared/routing/paths';
import { textLinkClasses } from '../../../shared/ui/auth-panel';
import { agencySignIn } from '../agency-sign-in';

/**
 * What the login screen may be given in its location state: where the user was going (from the
 * dashboard's guard) and the e-mail to start from (after verifying or resetting).
 */
export type LoginLocationState = SignInLocationState;

/** / (docs/product-spec.md §2): e-mail and password, then the step the server names (docs/api.md login steps). */
export function LoginPage() {
  return (
    <SignInScreen
      principal={agencySignIn}
      icon={LogIn}
      title="Sign in"
      description="Welcome back. Sign in with your agency e-mail and password."
      passwordAside={
        <Link to={paths.forgetPassword} className={`${textLinkClasses} text-sm`}>
          Forgot password?
        </Link>
      }
      footer={
        <p>
          New to SkyDesk?{' '}
          <Link to={paths.registration} className={textLinkClasses}>
            Create an agency account
          </Link>
        </p>
      }
    />
  );
}
