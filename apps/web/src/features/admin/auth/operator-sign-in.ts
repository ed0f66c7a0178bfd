import { adminAuthEndpoints, type OperatorLoginNext } from '@skydesk/contract';
import { useLocation } from 'react-router';
import type { SignInPrincipal } from '../../../entities/sign-in/sign-in-principal';
import {
  type Operator,
  operatorChallengeEnded,
  operatorChallengeIssued,
  selectOperatorChallenge,
  selectOperatorSignedIn,
} from '../../../shared/operator-session/operator-session-slice';
import { type AdminLoginRedirectState, adminPaths } from '../../../shared/routing/admin-paths';
import { useAppSelector } from '../../../shared/store/hooks';
import { startOperatorSession } from '../session/operator-session';
import { operatorAuthApi } from './operator-auth-api';

/**
 * A SkyDesk operator signing in to the console: its own calls (`/api/admin/…`), its own session
 * slice, the console's home. The authenticator is the only step after the password, and the
 * screen the operator was sent away from travels in the address's state.
 */
export const operatorSignIn: SignInPrincipal<{ token: string; operator: Operator }> = {
  eyebrow: 'SkyDesk operations',
  paths: { login: adminPaths.login, home: adminPaths.home },
  loginBody: adminAuthEndpoints.login.body,
  useSignedIn: () => useAppSelector(selectOperatorSignedIn),
  useChallenge: () => useAppSelector(selectOperatorChallenge),
  useReturnTo: () => (useLocation().state as AdminLoginRedirectState)?.from ?? null,
  useLogin: () => {
    const [login] = operatorAuthApi.useOperatorLoginMutation();
    return (body) => login({ body }).unwrap();
  },
  useVerifyAuthenticator: () => {
    const [verify] = operatorAuthApi.useOperatorVerifyAuthenticatorMutation();
    return (challengeToken, code) => verify({ body: { code }, bearerToken: challengeToken }).unwrap();
  },
  useEnrolment: (challengeToken) =>
    operatorAuthApi.useOperatorEnrolmentQuery({ bearerToken: challengeToken }),
  useSetPasswordFromLink: () => {
    const [setupPassword] = operatorAuthApi.useOperatorSetupPasswordMutation();
    return (body) => setupPassword({ body }).unwrap();
  },
  // The operator's login names only the authenticator's steps (OperatorLoginStep).
  challengeIssued: (step) =>
    operatorChallengeIssued({
      email: step.email,
      next: step.next as OperatorLoginNext,
      token: step.challenge_token,
    }),
  challengeEnded: () => operatorChallengeEnded(),
  startSession: startOperatorSession,
  stepPath: () => adminPaths.authenticator,
  stepState: (_next, returnTo): AdminLoginRedirectState => (returnTo ? { from: returnTo } : null),
};
