import { authEndpoints, SUCCESS } from '@skydesk/contract';
import type { ModuleContext } from '../../platform/module.js';
import type { AuthDeps } from './deps.js';
import { createPasswordReset } from './password-reset.js';
import { REFRESH_COOKIE_PATH, refreshCookieOn } from './refresh-cookie.js';
import { createRegistration } from './registration.js';
import { createSessions } from './sessions.js';
import { createSignIn } from './sign-in.js';

export function registerAuthRoutes(context: ModuleContext) {
  const { route, store, config, clock, platform, log } = context;
  const deps: AuthDeps = { db: store.db, config, clock, platform, log };
  const registration = createRegistration(deps);
  const sessions = createSessions(deps);
  const signIn = createSignIn(deps, sessions);
  const passwordReset = createPasswordReset(deps);
  const refreshCookie = refreshCookieOn(REFRESH_COOKIE_PATH, config);

  route(authEndpoints.registerCompany, async ({ body, request }) => ({
    message: SUCCESS.registered,
    data: await registration.registerCompany(body, request.ip),
  }));

  route(authEndpoints.verifyEmail, async ({ body, request }) => ({
    message: 'E-mail verified. You can sign in now.',
    data: await registration.verifyEmail(body.email, body.code, request.ip),
  }));

  route(authEndpoints.resendEmailCode, async ({ body, request }) => ({
    message: SUCCESS.codeResent,
    data: await registration.resendEmailCode(body.email, request.ip),
  }));

  route(authEndpoints.login, async ({ body, request }) => {
    const step = await signIn.login(body.email, body.password, request.ip);
    const messages = {
      verify_email: 'We e-mailed you a verification code',
      setup_2fa: 'Set up your authenticator app',
      verify_2fa: SUCCESS.checkAuthenticator,
    } as const;
    return { message: messages[step.next], data: step };
  });

  route(authEndpoints.verifyLoginCode, async ({ body, request }) => ({
    message: 'E-mail verified',
    data: await signIn.verifyLoginCode(body.email, body.code, body.challenge_token, request.ip),
  }));

  route(authEndpoints.resendLoginCode, async ({ body }) => ({
    message: SUCCESS.codeResent,
    data: await signIn.resendLoginCode(body.email, body.challenge_token),
  }));

  route(authEndpoints.generateQrCode, async ({ principal }) => ({
    message: SUCCESS.checkAuthenticator,
    data: await signIn.generateQrCode(principal),
  }));

  route(authEndpoints.verifyAuthenticator, async ({ principal, body, request, reply }) => {
    const session = await signIn.verifyAuthenticator(
      principal,
      body.code,
      request.ip,
      request.headers['user-agent'],
    );
    refreshCookie.set(reply, session);
    return { message: 'Signed in', data: { token: session.token, user: session.user } };
  });

  route(authEndpoints.refresh, async ({ principal, reply }) => {
    try {
      const session = await sessions.refresh(principal.token);
      refreshCookie.set(reply, session);
      return { message: 'Session renewed', data: { token: session.token, user: session.user } };
    } catch (error) {
      refreshCookie.clear(reply);
      throw error;
    }
  });

  route(authEndpoints.logout, async ({ principal, reply }) => {
    await sessions.logout(principal);
    refreshCookie.clear(reply);
    return { message: 'Signed out', data: {} };
  });

  route(authEndpoints.endSession, async ({ principal, reply }) => {
    const data = await sessions.endSessionOfRefreshToken(principal.token);
    refreshCookie.clear(reply);
    return { message: 'Signed out', data };
  });

  route(authEndpoints.me, async ({ principal }) => ({
    message: 'Your account',
    data: await sessions.me(principal),
  }));

  route(authEndpoints.forgotPassword, async ({ body, request }) => ({
    message: SUCCESS.resetLinkSent,
    data: await passwordReset.forgotPassword(body.email, request.ip),
  }));

  route(authEndpoints.resetPassword, async ({ body, request }) => ({
    message: SUCCESS.passwordReset,
    data: await passwordReset.resetPassword(body.token, body.password, request.ip),
  }));
}
