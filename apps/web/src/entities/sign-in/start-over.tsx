import { Link } from 'react-router';
import { useAppDispatch } from '../../shared/store/hooks';
import { textLinkClasses } from '../../shared/ui/auth-panel';
import type { SignInPrincipal } from './sign-in-principal';

/** A way out of a sign-in step: back to the password, the challenge forgotten. */
export function StartOver({ principal }: { principal: SignInPrincipal<unknown> }) {
  const dispatch = useAppDispatch();
  return (
    <p>
      Not you, or stuck?{' '}
      <Link
        to={principal.paths.login}
        onClick={() => dispatch(principal.challengeEnded())}
        className={textLinkClasses}
      >
        Start over
      </Link>
    </p>
  );
}
