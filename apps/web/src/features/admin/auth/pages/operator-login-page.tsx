import { ShieldHalf } from 'lucide-react';
import { SignInScreen } from '../../../../entities/sign-in/sign-in-screen';
import { operatorSignIn } from '../operator-sign-in';

/** /admin/login: an operator's e-mail and password, then the authenticator step. */
export function OperatorLoginPage() {
  return (
    <SignInScreen
      principal={operatorSignIn}
      icon={ShieldHalf}
      title="Operator sign-in"
      description="For SkyDesk staff: review agencies, decide deposits and refunds, answer support and publish news."
    />
  );
}
