import { adminAuthEndpoints, SUCCESS } from '@skydesk/contract';
import type { FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../platform/module.js';
import type { AuthDeps } from './deps.js';
import { type Caller, createOperatorSignInAudit } from './operator-audit.js';
import { createOperatorSessions } from './operator-sessions.js';
import { createOperatorSetup } from './operator-setup.js';
import { createOperatorSignIn } from './operator-sign-in.js';
import { OPERATOR_REFRESH_COOKIE_PATH, refreshCookieOn } from './refresh-cookie.js';

const callerOf = (request: FastifyRequest): Caller => ({ ip: request.ip, requestId: request.id });

/** Operator sign-in under /api/admin (contract: adminAuthEndpoints). */
export function registerOperatorAuthRoutes(context: ModuleContext) {
  const { route, store, config, clock, platform, log } = context;
  const deps: AuthDeps = { db: store.db, config, clock, platform, log };
  const audit = createOperatorSignInAudit(store.db, clock);
  const sessions = createOperatorSessions(deps, audit);
  const signIn = createOperatorSignIn(deps, sessions, audit);
  const setup = createOperatorSetup(deps);
  const refreshCookie = refreshCookieOn(OPERATOR_REFRESH_COOKIE_PATH, config);

  route(adminAuthEndpoints.login, async ({ body, request }) => {
    const step = await signIn.login(body.email, body.password, callerOf(request));
    const messages = {
      setup_2fa: 'Set up your authenticator app',
      verify_2fa: SUCCESS.checkAuthenticator,
    } as const;
    return { message: messages[step.next], data: step };
  });

  route(adminAuthEndpoints.generateQrCode, async ({ principal }) => ({
    message: SUCCESS.checkAuthenticator,
    data: await signIn.generateQrCode(principal),
  }));

  route(adminAuthEndpoints.verifyAuthenticator, async ({ principal, body, request, reply }) => {
    const session = await signIn.verifyAuthenticator(principal, body.code, callerOf(request));
    refreshCookie.set(reply, session);
    return { message: 'Signed in', data: { token: session.token, operator: session.operator } };
  });

  route(adminAuthEndpoints.refresh, async ({ principal, reply }) => {
    try {
      const session = await sessions.refresh(principal.token);
      refreshCookie.set(reply, session);
      return { message: 'Session renewed', data: { token: session.token, operator: session.operator } };
    } catch (error) {
      refreshCookie.clear(reply);
      throw error;
    }
  });

  route(adminAuthEndpoints.logout, async ({ principal, request, reply }) => {
    await sessions.logout(principal, callerOf(request));
    refreshCookie.clear(reply);
    return { message: 'Signed out', data: {} };
  });

  route(adminAuthEndpoints.endSession, async ({ principal, reply }) => {
    const data = await sessions.endSessionOfRefreshToken(principal.token);
    refreshCookie.clear(reply);
    return { message: 'Signed out', data };
  });

  route(adminAuthEndpoints.me, async ({ principal }) => ({
    message: 'Your operator account',
    data: await sessions.me(principal),
  }));

  route(adminAuthEndpoints.setupPassword, async ({ body, request }) => ({
    message: 'Password set. Sign in to set up your authenticator app.',
    data: await setup.setPassword(body.token, body.password, request.ip),
  }));
}
