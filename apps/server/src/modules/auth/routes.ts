import { authEndpoints, SUCCESS } from '@skydesk/contract';
import type { FastifyReply } from 'fastify';
import type { ModuleContext } from '../../platform/module.js';
import { createAuthService, type IssuedSession, REFRESH_COOKIE, REFRESH_COOKIE_PATH } from './service.js';

export function registerAuthRoutes(context: ModuleContext) {
  const { route, store, config, clock, platform, log } = context;
  const auth = createAuthService({ db: store.db, config, clock, platform, log });
  const secureCookie = config.publicUrl.startsWith('https://');

  const setRefreshCookie = (reply: FastifyReply, session: IssuedSession) => {
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
      path: REFRESH_COOKIE_PATH,
      expires: session.sessionExpiresAt,
    });
  };
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, {
      path: REFRESH_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
    });

  route(authEndpoints.registerCompany, async ({ body, request }) => ({
    message: SUCCESS.registered,
    data: await auth.registerCompany(body, request.ip),
  }));

  route(authEndpoints.verifyEmail, async ({ body, request }) => ({
    message: 'E-mail verified. You can sign in now.',
    data: await auth.verifyEmail(body.email, body.code, request.ip),
  }));

  route(authEndpoints.resendEmailCode, async ({ body, request }) => ({
    message: SUCCESS.codeResent,
    data: await auth.resendEmailCode(body.email, request.ip),
  }));

  route(authEndpoints.login, async ({ body, request }) => {
    const step = await auth.login(body.email, body.password, request.ip);
    const messages = {
      verify_email: 'We e-mailed you a verification code',
      setup_2fa: 'Set up your authenticator app',
      verify_2fa: SUCCESS.checkAuthenticator,
    } as const;
    return { message: messages[step.next], data: step };
  });

  route(authEndpoints.verifyLoginCode, async ({ body, request }) => ({
    message: 'E-mail verified',
    data: await auth.verifyLoginCode(body.email, body.code, body.challenge_token, request.ip),
  }));

  route(authEndpoints.resendLoginCode, async ({ body }) => ({
    message: SUCCESS.codeResent,
    data: await auth.resendLoginCode(body.email, body.challenge_token),
  }));

  route(authEndpoints.generateQrCode, async ({ principal }) => ({
    message: SUCCESS.checkAuthenticator,
    data: await auth.generateQrCode(principal),
  }));

  route(authEndpoints.verifyAuthenticator, async ({ principal, body, request, reply }) => {
    const session = await auth.verifyAuthenticator(principal, body.code, request.ip);
    setRefreshCookie(reply, session);
    return { message: 'Signed in', data: { token: session.token, user: session.user } };
  });

  route(authEndpoints.refresh, async ({ principal, reply }) => {
    try {
      const session = await auth.refresh(principal.token);
      setRefreshCookie(reply, session);
      return { message: 'Session renewed', data: { token: session.token, user: session.user } };
    } catch (error) {
      clearRefreshCookie(reply);
      throw error;
    }
  });

  route(authEndpoints.logout, async ({ principal, reply }) => {
    await auth.logout(principal);
    clearRefreshCookie(reply);
    return { message: 'Signed out', data: {} };
  });

  route(authEndpoints.endSession, async ({ principal, reply }) => {
    const data = await auth.endSessionOfRefreshToken(principal.token);
    clearRefreshCookie(reply);
    return { message: 'Signed out', data };
  });

  route(authEndpoints.me, async ({ principal }) => ({
    message: 'Your account',
    data: await auth.me(principal),
  }));

  route(authEndpoints.forgotPassword, async ({ body, request }) => ({
    message: SUCCESS.resetLinkSent,
    data: await auth.forgotPassword(body.email, request.ip),
  }));

  route(authEndpoints.resetPassword, async ({ body, request }) => ({
    message: SUCCESS.passwordReset,
    data: await auth.resetPassword(body.token, body.password, request.ip),
  }));

  return auth;
}
