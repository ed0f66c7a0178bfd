import { authEndpoints, type Session } from '@skydesk/contract';
import type { SignInPrincipal } from '../../entities/sign-in/sign-in-principal';
import type { CodeSentState } from '../../shared/routing/paths';
import { paths } from '../../shared/routing/paths';
import { selectSignedIn } from '../../shared/session/session-slice';
import { useAppSelector } from '../../shared/store/hooks';
import { authApi } from './auth-api';
import { challengeEnded, challengeIssued, selectChallenge, selectReturnTo } from './sign-in-slice';
import { SIGN_IN_STEP_PATH } from './sign-in-steps';
import { startSession } from './start-session';

/**
 * An agency's user signing in (docs/product-spec.md §2): the sign-in slice holds the challenge
 * and where to return; an unverified e-mail adds a code step of its own before the authenticator;
 * signing in loads the profile (`GET /api/me`) before the dashboard opens.
 */
export const agencySignIn: SignInPrincipal<Session> = {
  paths: { login: paths.login, home: paths.dashboard.home },
  loginBody: authEndpoints.login.body,
  useSignedIn: () => useAppSelector(selectSignedIn),
  useChallenge: () => useAppSelector(selectChallenge),
  useReturnTo: () => useAppSelector(selectReturnTo),
  useLogin: () => {
    const [login] = authApi.useLoginMutation();
    return (body) => login({ body }).unwrap();
  },
  useVerifyAuthenticator: () => {
    const [verify] = authApi.useVerifyAuthenticatorMutation();
    return (challengeToken, code) => verify({ body: { code }, bearerToken: challengeToken }).unwrap();
  },
  useEnrolment: (challengeToken) => authApi.useEnrolmentQuery({ bearerToken: challengeToken }),
  useSetPasswordFromLink: () => {
    const [resetPassword] = authApi.useResetPasswordMutation();
    return (body) => resetPassword({ body }).unwrap();
  },
  challengeIssued: (step, returnTo) => challengeIssued({ step, returnTo }),
  challengeEnded: () => challengeEnded(),
  startSession,
  stepPath: (next) => SIGN_IN_STEP_PATH[next],
  // The e-mail step knows its code was sent just now (its resend waits).
  stepState: (next): CodeSentState => (next === 'verify_email' ? { codeSentAt: Date.now() } : null),
};
